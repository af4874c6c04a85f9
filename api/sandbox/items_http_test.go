package sandbox

import (
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
)

// TestItemsOverHTTP drives the items half through the router: list, count,
// field information, create and update, as the client sends them.
func TestItemsOverHTTP(t *testing.T) {
	h := startHarness(t, Options{})
	auth := h.apiBasic()
	ws := strconv.Itoa(wsPhaseOne)

	list := h.do(request{path: "/stories", auth: auth, query: url.Values{
		"workspace_id": {ws}, "limit": {"5"}, "order": {"created desc"}, "priority_label": {"High|Middle"}, "fields": {"id,name,priority,priority_label,created"}}})
	var raw []map[string]map[string]string
	list.wantOK(t, &raw)
	if len(raw) != 5 {
		t.Fatalf("%d stories, want 5", len(raw))
	}
	for i, w := range raw {
		s := w["Story"]
		if len(s) != 5 || (s["priority_label"] != "High" && s["priority_label"] != "Middle") {
			t.Errorf("story %d: %v", i, s)
		}
		if i > 0 && s["created"] > raw[i-1]["Story"]["created"] {
			t.Errorf("story %d out of order", i)
		}
	}

	var count api.Count
	h.do(request{path: "/stories/count", auth: auth, query: url.Values{"workspace_id": {ws}, "priority": {"4"}}}).wantOK(t, &count)
	if !strings.Contains(string(h.do(request{path: "/stories/count", auth: auth, query: url.Values{"workspace_id": {ws}}}).env.Data), `{"count":240}`) {
		t.Error("count is not a number of 240")
	}
	var byLabel api.Count
	h.do(request{path: "/stories/count", auth: auth, query: url.Values{"workspace_id": {ws}, "priority_label": {"High"}}}).wantOK(t, &byLabel)
	if count.Count == 0 || count.Count != byLabel.Count {
		t.Errorf("priority=4 counts %d, priority_label=High %d", count.Count, byLabel.Count)
	}

	var info api.FieldInfo
	h.do(request{path: "/bugs/get_fields_info", auth: auth, query: url.Values{"workspace_id": {strconv.Itoa(wsCustom)}}}).wantOK(t, &info)
	if opts := info.PriorityOptions(); len(opts) != 5 || opts[0].Value != "紧急" {
		t.Errorf("custom bug priorities %v", opts)
	}

	created := h.do(request{method: http.MethodPost, path: "/tasks", auth: auth,
		form: url.Values{"workspace_id": {ws}, "name": {"Pair on the export worker"}, "priority": {"4"}}})
	created.wantOK(t, nil)
	task, err := api.DecodeItem(api.Task, created.env.Data)
	if err != nil {
		t.Fatal(err)
	}
	if task.PriorityLabel != "High" || task.Priority != "4" || task.Created != api.FormatTime(h.clock.Now()) || task.Creator != h.demo.APIUser {
		t.Errorf("created %+v", task)
	}
	h.clock.Advance(time.Minute)
	updated := h.do(request{method: http.MethodPost, path: "/tasks", auth: auth,
		form: url.Values{"workspace_id": {ws}, "id": {task.ID}, "priority_label": {"Low"}, "current_user": {"bob"}}})
	updated.wantOK(t, nil)
	got, err := api.DecodeItem(api.Task, updated.env.Data)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != task.ID || got.PriorityLabel != "Low" || got.Priority != "2" || got.Title != task.Title ||
		got.Modified != api.FormatTime(h.clock.Now()) || got.Created != task.Created {
		t.Errorf("updated %+v", got)
	}
	found := h.do(request{path: "/tasks", auth: auth, query: url.Values{"workspace_id": {ws}, "id": {task.ID}}})
	items, err := api.DecodeItems(api.Task, found.env.Data)
	if err != nil || len(items) != 1 || items[0].PriorityLabel != "Low" {
		t.Errorf("read back %v, %v", items, err)
	}
}

// TestGzipAnswersInParallel checks the reused gzip writers: answers of
// different lengths, compressed at the same time, each decode to their own
// items.
func TestGzipAnswersInParallel(t *testing.T) {
	h := startHarness(t, Options{})
	var wg sync.WaitGroup
	for g := range 6 {
		wg.Go(func() {
			for i := range 8 {
				limit := 1 + (g*8+i)%40
				q := url.Values{"workspace_id": {strconv.Itoa(wsPhaseOne)}, "limit": {strconv.Itoa(limit)}, "page": {"2"}}
				req, _ := http.NewRequest(http.MethodGet, h.run.URL+"/bugs?"+q.Encode(), nil)
				req.Header.Set("Authorization", h.apiBasic())
				req.Header.Set("Accept-Encoding", "gzip")
				resp, err := http.DefaultTransport.RoundTrip(req)
				if err != nil {
					t.Error(err)
					return
				}
				zr, err := gzip.NewReader(resp.Body)
				if err != nil {
					t.Errorf("not gzipped: %v", err)
					resp.Body.Close()
					return
				}
				raw, err := io.ReadAll(zr)
				resp.Body.Close()
				env, derr := api.DecodeEnvelope(raw)
				items, ierr := api.DecodeItems(api.Bug, env.Data)
				if err != nil || derr != nil || ierr != nil || len(items) != limit ||
					items[0].ID != string(appendPadded([]byte("11"), wsPhaseOne, 8))+string(appendPadded(nil, int64(limit+1), 9)) {
					t.Errorf("limit %d: %d items (%v, %v, %v)", limit, len(items), err, derr, ierr)
				}
			}
		})
	}
	wg.Wait()
}

func TestItemErrorsOverHTTP(t *testing.T) {
	h := startHarness(t, Options{})
	auth := h.apiBasic()
	cases := []struct {
		name string
		r    request
		code int
		info string // whole info, or a part of it after "~"
	}{
		{"create without name", request{method: http.MethodPost, path: "/stories",
			form: url.Values{"workspace_id": {strconv.Itoa(wsPhaseOne)}}}, 422, "name is required."},
		{"create bug without title", request{method: http.MethodPost, path: "/bugs",
			form: url.Values{"workspace_id": {strconv.Itoa(wsPhaseOne)}, "name": {"x"}}}, 422, "title is required."},
		{"legacy code in a custom workspace", request{method: http.MethodPost, path: "/stories",
			form: url.Values{"workspace_id": {strconv.Itoa(wsCustom)}, "name": {"x"}, "priority": {"4"}}}, 422, "~紧急, 高, 中, 低, 锦上添花"},
		{"unknown id", request{method: http.MethodPost, path: "/bugs",
			form: url.Values{"workspace_id": {strconv.Itoa(wsPhaseOne)}, "id": {"1110022001000099999"}}}, 404, "bug 1110022001000099999 not existed in workspace 10022001"},
		{"paging window", request{path: "/stories", query: url.Values{"workspace_id": {strconv.Itoa(wsPhaseOne)}, "limit": {"200"}, "page": {"200"}}}, 422, "~20000"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.r.auth = auth
			rep := h.do(c.r)
			if part, ok := strings.CutPrefix(c.info, "~"); ok {
				rep.wantError(t, c.code, "")
				if !strings.Contains(rep.env.Info, part) {
					t.Errorf("info %q lacks %q", rep.env.Info, part)
				}
				return
			}
			rep.wantError(t, c.code, c.info)
		})
	}
}
