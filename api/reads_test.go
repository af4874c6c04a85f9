package api

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// routes answers fixed bodies by path; anything else gets the greeting.
func routes(bodies map[string]string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := bodies[r.URL.Path]
		if !ok {
			body = `{"status":1,"data":"Hello, welcome to the API","info":"success"}`
		}
		w.Header().Set("Content-Type", ContentTypeJSON)
		_, _ = w.Write([]byte(body))
	}
}

func ok(data string) string { return `{"status":1,"data":` + data + `,"info":"success"}` }

func TestReads(t *testing.T) {
	c, _ := newTestClient(t, routes(map[string]string{
		PathTestAuth: ok(`{"api_user":"apiuser","api_password":"` + testPassword + `","request_ip":"127.0.0.1"}`),
		PathUserInfo: ok(`{"id":"6081","nick":"anyechen","name":"Ann","avatar":"","enabled":"1","status_id":1,"status_name":null}`),
		PathWorkspaces: ok(`[{"Workspace":{"id":"1","name":"ACME","category":"organization"}},
			{"Workspace":{"id":"10000001","name":"Shop","category":"project","status":"normal"}},
			{"Workspace":{"id":20000002,"name":"Ops","category":"project"}}]`),
		PathWorkspaceInfo: ok(`{"Workspace":{"id":"10000001","name":"Shop"}}`),
		"/bugs/count":     ok(`{"count":"12"}`),
		"/tasks/count":    ok(`{"count":0}`),
		"/stories/count":  ok(`{"count":7}`),
		"/stories/get_fields_info": ok(`{
			"priority":{"name":"priority","label":"优先级","html_type":"select","options":{"4":"High","3":"Middle","2":"Low","1":"Nice To Have"}},
			"priority_label":{"name":"priority_label","label":"优先级","html_type":"select",
				"options":{"High":"High","Middle":"Middle","Low":"Low","Nice To Have":"Nice To Have"},
				"color_options":[{"value":"High","label":"High","color":"#FF6770"},{"value":"Low","label":"Low","color":"#7CC0FF"}]},
			"status":{"name":"status","options":[]},
			"module":{"name":"module","options":[{"name":"a","children":[{"name":"b"}]}]},
			"odd":{"name":"odd","options":"surprise"}}`),
		"/bugs/get_fields_info": ok(`{"priority_label":{"name":"priority_label","options":
			{"urgent":"紧急","high":"高","medium":"中","low":"低","insignificant":"无关紧要"},"color_options":[]}}`),
		"/tasks/get_fields_info": ok(`[]`),
	}))
	ctx := context.Background()

	rec, err := c.TestAuth(ctx)
	if err != nil || rec.APIUser != testUser || rec.APIPassword != testPassword {
		t.Errorf("TestAuth = %v, %v", rec, err)
	}
	u, err := c.UserInfo(ctx)
	if err != nil || u.Nick != "anyechen" || u.StatusID != "1" {
		t.Errorf("UserInfo = %+v, %v", u, err)
	}
	ws, err := c.Workspaces(ctx, "anyechen")
	if err != nil || len(ws) != 2 || ws[0].ID != "10000001" || ws[1].ID != "20000002" {
		t.Errorf("Workspaces = %+v, %v (company entry must be skipped)", ws, err)
	}
	w, err := c.WorkspaceInfo(ctx, 10000001)
	if err != nil || w.Name != "Shop" {
		t.Errorf("WorkspaceInfo = %+v, %v", w, err)
	}
	for kind, want := range map[Kind]int{Story: 7, Bug: 12, Task: 0} {
		if n, err := c.Count(ctx, 1, kind, nil); err != nil || n != want {
			t.Errorf("Count(%s) = %d, %v, want %d", kind, n, err, want)
		}
	}
	fi, err := c.FieldInfo(ctx, 1, Story)
	if err != nil || fi["module"].Options.Tree[0].Children[0].Name != "b" || !fi["status"].Options.Cascade {
		t.Errorf("FieldInfo = %+v, %v", fi, err)
	}
	if _, ok := fi["odd"]; ok {
		t.Error("a field of an unreadable shape was kept")
	}
	tests := []struct {
		kind Kind
		want []PriorityOption
	}{
		{Story, []PriorityOption{{"High", "High", "#FF6770"}, {"Middle", "Middle", ""}, {"Low", "Low", "#7CC0FF"}, {"Nice To Have", "Nice To Have", ""}}},
		{Bug, []PriorityOption{{"urgent", "紧急", ""}, {"high", "高", ""}, {"medium", "中", ""}, {"low", "低", ""}, {"insignificant", "无关紧要", ""}}},
		{Task, []PriorityOption{}},
	}
	for _, tc := range tests {
		got, err := c.PriorityOptions(ctx, 1, tc.kind)
		if err != nil || !reflect.DeepEqual(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
			t.Errorf("PriorityOptions(%s) = %v, %v; want %v", tc.kind, got, err, tc.want)
		}
	}
}

func TestReadsRefuseOtherShapes(t *testing.T) {
	greeting := ok(`"Hello, welcome to the API"`)
	bodies := map[string]string{
		PathTestAuth:               greeting,
		PathUserInfo:               ok(`{}`),
		PathWorkspaces:             ok(`{"Workspace":"x"}`),
		PathWorkspaceInfo:          ok(`{"Workspace":{}}`),
		"/stories/count":           ok(`{"total":3}`),
		"/bugs/count":              ok(`[1]`),
		"/stories/get_fields_info": ok(`"fields"`),
		"/bugs/get_fields_info":    ok(`{"priority_label":{"options":"High"}}`),
		"/stories":                 ok(`[{"Story":{"id":"1"}}]`),
	}
	c, _ := newTestClient(t, routes(bodies))
	ctx := context.Background()
	calls := map[string]func() error{
		"test auth":       func() error { _, err := c.TestAuth(ctx); return err },
		"user info":       func() error { _, err := c.UserInfo(ctx); return err },
		"workspaces":      func() error { _, err := c.Workspaces(ctx, ""); return err },
		"workspace info":  func() error { _, err := c.WorkspaceInfo(ctx, 1); return err },
		"count":           func() error { _, err := c.Count(ctx, 1, Story, nil); return err },
		"count list":      func() error { _, err := c.Count(ctx, 1, Bug, nil); return err },
		"count greeting":  func() error { _, err := c.Count(ctx, 1, Task, nil); return err },
		"fields":          func() error { _, err := c.FieldInfo(ctx, 1, Story); return err },
		"priority":        func() error { _, err := c.PriorityOptions(ctx, 1, Bug); return err },
		"write":           func() error { _, err := c.UpdatePriority(ctx, 1, Story, "1", "High", ""); return err },
		"greeting fields": func() error { _, err := c.FieldInfo(ctx, 1, Task); return err },
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			err := call()
			if KindOf(err) != ErrShape || !strings.Contains(err.Error(), "service address") {
				t.Errorf("err = %v, want a shape error", err)
			}
			assertNoSecret(t, err)
		})
	}
}
