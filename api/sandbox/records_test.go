package sandbox

import (
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
)

// TestVStatusFollowsTheWorkflow: v_status on update takes a status's display
// name in either language and moves the item one step of its workflow;
// anything else is a 422 that says what would be accepted.
func TestVStatusFollowsTheWorkflow(t *testing.T) {
	w := newSeeded(t)
	cases := []struct {
		name     string
		ws       int64
		kind     api.Kind
		from     string
		vStatus  string
		want     string // the status after, or "" for a refusal
		mentions string // in the refusal
	}{
		{"English name", wsPhaseOne, api.Story, "planning", "Developing", "developing", ""},
		{"Chinese name", wsCustom, api.Bug, "new", "接受/处理", "in_progress", ""},
		{"Chinese name in an English workspace", wsPhaseOne, api.Task, "open", "进行中", "progressing", ""},
		{"staying put", wsPhaseOne, api.Story, "planning", "Planning", "planning", ""},
		{"unknown name", wsPhaseOne, api.Story, "planning", "Shipped", "", "statuses: Planning, Developing, Resolved, Rejected"},
		{"not a step of the workflow", wsPhaseOne, api.Bug, "new", "Closed", "", "from New it can go to: In progress, Rejected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ws := workspace(t, w, c.ws)
			var id string
			for _, it := range w.Items[itemKey{c.ws, c.kind}].all() {
				if it.Status == c.from {
					id = it.ID
					break
				}
			}
			if id == "" {
				t.Fatalf("the seed has no %s in %s", c.kind, c.from)
			}
			it, _, herr := w.writeItem(ws, c.kind, form("id", id, "v_status", c.vStatus), demoBasic, seedTestNow)
			if c.want == "" {
				if herr == nil || herr.Status != http.StatusUnprocessableEntity || !strings.Contains(herr.Info, c.mentions) {
					t.Fatalf("v_status %q = %v, want a 422 mentioning %q", c.vStatus, herr, c.mentions)
				}
				if got := w.Items[itemKey{c.ws, c.kind}].at(position(w.Items[itemKey{c.ws, c.kind}], id)).Status; got != c.from {
					t.Errorf("a refused write changed the status to %s", got)
				}
				return
			}
			if herr != nil {
				t.Fatal(herr)
			}
			if it.Status != c.want {
				t.Errorf("status %s, want %s", it.Status, c.want)
			}
		})
	}
}

// TestRecordWrites covers the refusals of iteration and comment writes,
// the scope they need, and that what they write survives a restart.
func TestRecordWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	h := startHarness(t, Options{DataPath: path})
	ws := url.Values{"workspace_id": {"10022001"}}
	with := func(pairs ...string) url.Values {
		v := url.Values{"workspace_id": {"10022001"}}
		for i := 0; i+1 < len(pairs); i += 2 {
			v.Set(pairs[i], pairs[i+1])
		}
		return v
	}
	post := func(path, auth string, v url.Values) reply {
		return h.do(request{method: http.MethodPost, path: path, auth: auth, form: v})
	}
	refusals := []struct {
		name, path string
		form       url.Values
		code       int
		info       string
	}{
		{"iteration without a name", "/iterations", with("startdate", "2026-01-01", "enddate", "2026-01-14", "creator", "demo"), 422, "name is required."},
		{"iteration with a bad date", "/iterations", with("name", "x", "startdate", "2026-1-1", "enddate", "2026-01-14", "creator", "demo"), 422, `startdate must be a date YYYY-MM-DD, got "2026-1-1"`},
		{"iteration ending before it starts", "/iterations", with("name", "x", "startdate", "2026-01-14", "enddate", "2026-01-01", "creator", "demo"), 422, "enddate must not be before startdate"},
		{"update of an unknown iteration", "/iterations", with("id", "1110022001000000999", "current_user", "demo"), 404, `iteration "1110022001000000999" not existed`},
		{"update without current_user", "/iterations", with("id", "1110022001000000001"), 422, "current_user is required."},
		{"comment on no item", "/comments", with("entry_type", "stories", "entry_id", "1", "description", "x", "author", "demo"), 404, `story "1" not existed in workspace 10022001`},
		{"comment of an unknown type", "/comments", with("entry_type", "wiki", "entry_id", "1", "description", "x", "author", "demo"), 422, `entry_type must be stories, bug, bug_remark or tasks, got "wiki"`},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			post(c.path, h.apiBasic(), c.form).wantError(t, c.code, c.info)
		})
	}

	readOnly := h.token("story#read", "demo", wsPhaseOne)
	post("/iterations", bearer(readOnly), with("name", "x", "startdate", "2026-01-01", "enddate", "2026-01-14", "creator", "demo")).
		wantError(t, http.StatusForbidden, "")
	var it struct{ Iteration map[string]*string }
	post("/iterations", h.apiBasic(), with("name", "Hardening", "startdate", "2026-01-01", "enddate", "2026-01-14", "creator", "demo")).wantOK(t, &it)
	var comment struct{ Comment map[string]*string }
	post("/comments", h.apiBasic(), with("entry_type", "stories", "entry_id", "1110022001000000002", "description", "kept", "author", "bob")).wantOK(t, &comment)

	again := restart(t, h, Options{DataPath: path})
	var list []struct{ Iteration map[string]*string }
	again.do(request{path: "/iterations", auth: again.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "name": {"Harden"}}}).wantOK(t, &list)
	if len(list) != 1 || *list[0].Iteration["id"] != *it.Iteration["id"] {
		t.Fatalf("after a restart the iteration list is %v", list)
	}
	var comments []struct{ Comment map[string]*string }
	again.do(request{path: "/comments", auth: again.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "author": {"bob"}, "entry_id": {"1110022001000000002"}}}).wantOK(t, &comments)
	if len(comments) != 1 || *comments[0].Comment["description"] != "kept" {
		t.Fatalf("after a restart the comments are %v", comments)
	}
	var next struct{ Iteration map[string]*string }
	again.do(request{method: http.MethodPost, path: "/iterations", auth: again.apiBasic(),
		form: with("name", "Next", "startdate", "2026-01-15", "enddate", "2026-01-28", "creator", "demo")}).wantOK(t, &next)
	if *next.Iteration["id"] <= *it.Iteration["id"] {
		t.Errorf("a new iteration after a restart took id %s, not after %s", *next.Iteration["id"], *it.Iteration["id"])
	}
}
