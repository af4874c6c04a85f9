package api

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
)

// writeServer records the form of each write and answers the item it got.
type writeServer struct {
	forms []url.Values
	paths []string
}

func (s *writeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != ContentTypeForm {
		writeFailure(w, 400, "want a form POST")
		return
	}
	if err := r.ParseForm(); err != nil {
		writeFailure(w, 400, err.Error())
		return
	}
	s.forms = append(s.forms, r.PostForm)
	s.paths = append(s.paths, r.URL.Path)
	kind, err := ParseKind(strings.TrimPrefix(r.URL.Path, "/"))
	if err != nil {
		writeOK(w, "Hello")
		return
	}
	it := Item{Kind: kind, ID: r.PostForm.Get("id")}
	if it.ID == "" {
		it.ID = LongIDs(10000001, "42")[0]
	}
	for k := range r.PostForm {
		it.Set(k, r.PostForm.Get(k))
	}
	raw, _ := WrapItem(it, nil)
	writeOK(w, raw)
}

func TestWritesSendTheRightForm(t *testing.T) {
	const id = "1110000001000000007"
	tests := []struct {
		name  string
		write func(c *Client) (Item, error)
		path  string
		form  url.Values
	}{
		{"create story", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Story, WorkspaceID: 10000001, Title: "Login page", PriorityLabel: " High ",
				Creator: "ann", Fields: map[string]string{"owner": "bob;", "description": "<p>x</p>"}})
		}, "/stories", url.Values{"workspace_id": {"10000001"}, "name": {"Login page"}, "priority_label": {"High"},
			"creator": {"ann"}, "owner": {"bob;"}, "description": {"<p>x</p>"}}},
		{"create bug", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Bug, WorkspaceID: 10000001, Title: "Crash", PriorityLabel: "紧急", Creator: "ann"})
		}, "/bugs", url.Values{"workspace_id": {"10000001"}, "title": {"Crash"}, "priority_label": {"紧急"}, "reporter": {"ann"}}},
		{"create task without priority", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Task, WorkspaceID: 10000001, Title: "Write docs"})
		}, "/tasks", url.Values{"workspace_id": {"10000001"}, "name": {"Write docs"}}},
		{"update priority", func(c *Client) (Item, error) {
			return c.UpdatePriority(context.Background(), 10000001, Bug, id, "非常高", "ann")
		}, "/bugs", url.Values{"workspace_id": {"10000001"}, "id": {id}, "priority_label": {"非常高"}, "current_user": {"ann"}}},
		{"update priority without user", func(c *Client) (Item, error) {
			return c.UpdatePriority(context.Background(), 10000001, Story, id, "Nice To Have", "")
		}, "/stories", url.Values{"workspace_id": {"10000001"}, "id": {id}, "priority_label": {"Nice To Have"}}},
		{"clear priority", func(c *Client) (Item, error) {
			return c.UpdatePriority(context.Background(), 10000001, Task, id, " ", "ann")
		}, "/tasks", url.Values{"workspace_id": {"10000001"}, "id": {id}, "priority_label": {""}, "current_user": {"ann"}}},
		{"update title of a story", func(c *Client) (Item, error) {
			return c.Update(context.Background(), 10000001, Story, id, map[string]string{"title": "New", "status": "done"}, "ann")
		}, "/stories", url.Values{"workspace_id": {"10000001"}, "id": {id}, "name": {"New"}, "status": {"done"}, "current_user": {"ann"}}},
		{"update title of a bug", func(c *Client) (Item, error) {
			return c.Update(context.Background(), 10000001, Bug, id, map[string]string{"title": "New"}, "")
		}, "/bugs", url.Values{"workspace_id": {"10000001"}, "id": {id}, "title": {"New"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := &writeServer{}
			c, _ := newTestClient(t, srv)
			it, err := tc.write(c)
			if err != nil {
				t.Fatal(err)
			}
			if len(srv.forms) != 1 || srv.paths[0] != tc.path {
				t.Fatalf("writes %v", srv.paths)
			}
			if !reflect.DeepEqual(srv.forms[0], tc.form) {
				t.Errorf("form %v, want %v", srv.forms[0], tc.form)
			}
			if srv.forms[0].Has("priority") {
				t.Error("the legacy priority was sent")
			}
			if it.ID == "" || len(it.ID) != 19 {
				t.Errorf("item id %q", it.ID)
			}
			if l := tc.form.Get("priority_label"); l != "" && it.PriorityLabel != l {
				t.Errorf("item priority %q, want %q", it.PriorityLabel, l)
			}
		})
	}
}

func TestWritesRefusedBeforeSending(t *testing.T) {
	tests := []struct {
		name  string
		write func(c *Client) (Item, error)
		says  string
	}{
		{"legacy priority on update", func(c *Client) (Item, error) {
			return c.Update(context.Background(), 1, Story, "1", map[string]string{"priority": "4"}, "")
		}, "priority_label"},
		{"legacy priority on create", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Story, WorkspaceID: 1, Title: "x", Fields: map[string]string{"priority": "4"}})
		}, "priority_label"},
		{"id on create", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Story, WorkspaceID: 1, Title: "x", Fields: map[string]string{"id": "5"}})
		}, `"id"`},
		{"workspace in fields", func(c *Client) (Item, error) {
			return c.Update(context.Background(), 1, Story, "1", map[string]string{"workspace_id": "2"}, "")
		}, `"workspace_id"`},
		{"no title", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Bug, WorkspaceID: 1, Title: "  "})
		}, "title"},
		{"no workspace", func(c *Client) (Item, error) { return c.Create(context.Background(), NewItem{Kind: Bug, Title: "x"}) }, "workspace"},
		{"unknown kind", func(c *Client) (Item, error) {
			return c.Create(context.Background(), NewItem{Kind: Kind(7), WorkspaceID: 1, Title: "x"})
		}, "kind"},
		{"no id", func(c *Client) (Item, error) { return c.UpdatePriority(context.Background(), 1, Task, "", "High", "") }, "id"},
		{"nothing to update", func(c *Client) (Item, error) { return c.Update(context.Background(), 1, Task, "1", nil, "ann") }, "nothing"},
		{"empty field name", func(c *Client) (Item, error) {
			return c.Update(context.Background(), 1, Task, "1", map[string]string{"": "x"}, "")
		}, "name"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := &writeServer{}
			c, _ := newTestClient(t, srv)
			_, err := tc.write(c)
			if KindOf(err) != ErrValidation || !strings.Contains(err.Error(), tc.says) || MaybeApplied(err) {
				t.Errorf("err = %v, want a validation error saying %s", err, tc.says)
			}
			if len(srv.forms) != 0 {
				t.Error("the refused write was sent")
			}
		})
	}
}
