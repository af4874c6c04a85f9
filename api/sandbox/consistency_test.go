package sandbox

import (
	"maps"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"triage/api"
)

// TestInterfacesAgreeWithItems asks every workspace, over HTTP, what its
// items carry and what the interfaces around them say: the status options
// of get_fields_info (value → display name) are the workflow's status_map,
// every item's status is in it, every planned item's iteration is listed by
// /iterations and every iteration's release by release_id's options, every label is one get_fields_info offers, and every owner is
// a member /workspaces/users names.
func TestInterfacesAgreeWithItems(t *testing.T) {
	h := startHarness(t, Options{})
	auth := h.apiBasic()
	get := func(t *testing.T, path string, q url.Values, v any) {
		t.Helper()
		h.do(request{path: path, auth: auth, query: q}).wantOK(t, v)
	}
	systems := map[api.Kind]struct{ system, path, owner string }{
		api.Story: {"story", "/stories", "owner"},
		api.Bug:   {"bug", "/bugs", "current_owner"},
		api.Task:  {"task", "/tasks", "owner"},
	}
	for _, wsID := range []int64{wsPhaseOne, wsCustom, wsLegacyOnly} {
		ws := strconv.FormatInt(wsID, 10)
		var iterations []struct {
			Iteration struct {
				ID        string `json:"id"`
				ReleaseID string `json:"release_id"`
			}
		}
		get(t, "/iterations", url.Values{"workspace_id": {ws}, "limit": {"200"}}, &iterations)
		var info map[string]struct {
			Options api.Options `json:"options"`
		}
		get(t, "/bugs/get_fields_info", url.Values{"workspace_id": {ws}}, &info)
		releases := map[string]bool{}
		for _, o := range info["release_id"].Options.Pairs {
			releases[o.Value] = o.Label != ""
		}
		planned := map[string]bool{}
		for _, it := range iterations {
			planned[it.Iteration.ID] = true
			if !releases[it.Iteration.ReleaseID] {
				t.Errorf("%s: iteration %s is in release %q, not one get_fields_info offers (%v)",
					ws, it.Iteration.ID, it.Iteration.ReleaseID, info["release_id"].Options.Pairs)
			}
		}
		var users []struct{ UserWorkspace struct{ User string } }
		get(t, "/workspaces/users", url.Values{"workspace_id": {ws}}, &users)
		members := map[string]bool{}
		for _, u := range users {
			members[u.UserWorkspace.User] = true
		}
		for _, k := range api.Kinds {
			sys := systems[k]
			t.Run(ws+" "+sys.system, func(t *testing.T) {
				var info map[string]struct {
					Options api.Options `json:"options"`
				}
				get(t, sys.path+"/get_fields_info", url.Values{"workspace_id": {ws}}, &info)
				var statusMap map[string]string
				get(t, "/workflows/status_map", url.Values{"workspace_id": {ws}, "system": {sys.system}}, &statusMap)
				offered := map[string]string{}
				for _, o := range info["status"].Options.Pairs {
					offered[o.Value] = o.Label
				}
				if len(statusMap) == 0 || !maps.Equal(offered, statusMap) {
					t.Errorf("get_fields_info status options %v, status_map %v", offered, statusMap)
				}
				labels := map[string]bool{}
				for _, o := range info["label"].Options.Pairs {
					labels[o.Value] = true
				}
				var items []map[string]map[string]string
				get(t, sys.path, url.Values{"workspace_id": {ws}, "limit": {"200"},
					"fields": {"id,status,iteration_id,label," + sys.owner}}, &items)
				if len(items) == 0 {
					t.Fatal("no items")
				}
				var inIteration, labelled int
				for _, wrapped := range items {
					for _, it := range wrapped {
						if _, ok := statusMap[it["status"]]; !ok {
							t.Errorf("%s: status %q not in status_map", it["id"], it["status"])
						}
						if id := it["iteration_id"]; id != "" && id != "0" {
							inIteration++
							if !planned[id] {
								t.Errorf("%s: iteration %s not listed by /iterations", it["id"], id)
							}
						}
						if it["label"] != "" {
							labelled++
						}
						for _, l := range strings.Split(it["label"], "|") {
							if l != "" && !labels[l] {
								t.Errorf("%s: label %q not offered by get_fields_info", it["id"], l)
							}
						}
						for _, nick := range strings.Split(it[sys.owner], ";") {
							if nick = strings.TrimSpace(nick); nick != "" && !members[nick] {
								t.Errorf("%s: owner %q not a member", it["id"], nick)
							}
						}
					}
				}
				if wsID == wsPhaseOne && (inIteration == 0 || labelled == 0) {
					t.Errorf("%d items in an iteration, %d labelled: the check saw nothing", inIteration, labelled)
				}
			})
		}
	}
}

// TestUnknownPathGreets keeps the greeting for a path the service does not
// know, next to interfaces that answer data.
func TestUnknownPathGreets(t *testing.T) {
	h := startHarness(t, Options{})
	for _, path := range []string{"/no_such_interface", "/tasks/get_fields_lable", "/workflows/unknown", "/iterations/delete"} {
		r := h.do(request{path: path, auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}}})
		var s string
		r.wantOK(t, &s)
		if s != greeting || r.code != http.StatusOK {
			t.Errorf("%s answered %q", path, s)
		}
	}
}

// TestPlanReferencesAreChecked: an item or iteration write that names an
// iteration or release plan the workspace does not have is refused with a
// 422 that says so, and one that names a real one is taken.
func TestPlanReferencesAreChecked(t *testing.T) {
	const sprint1, release0 = "1110022001000000001", "1110022001000000001"
	cases := []struct {
		name, path string
		form       url.Values
		info       string // "" when taken
	}{
		{"story in a real iteration", "/stories", url.Values{"name": {"planned"}, "iteration_id": {sprint1}}, ""},
		{"story out of any iteration", "/stories", url.Values{"name": {"unplanned"}, "iteration_id": {"0"}}, ""},
		{"story in an unknown iteration", "/stories", url.Values{"name": {"lost"}, "iteration_id": {"1110022001000000099"}},
			`iteration_id "1110022001000000099" is not an iteration of workspace 10022001`},
		{"bug in another workspace's iteration", "/bugs", url.Values{"title": {"lost"}, "iteration_id": {"1110022002000000001"}},
			`iteration_id "1110022002000000001" is not an iteration of workspace 10022001`},
		{"task in an unknown release", "/tasks", url.Values{"name": {"lost"}, "release_id": {"42"}},
			`release_id "42" is not a release plan of workspace 10022001`},
		{"iteration in a real release", "/iterations", url.Values{"name": {"next"}, "startdate": {"2026-01-01"},
			"enddate": {"2026-01-14"}, "creator": {"demo"}, "release_id": {release0}}, ""},
		{"iteration in an unknown release", "/iterations", url.Values{"name": {"next"}, "startdate": {"2026-01-01"},
			"enddate": {"2026-01-14"}, "creator": {"demo"}, "release_id": {"1110022001000000009"}},
			`release_id "1110022001000000009" is not a release plan of workspace 10022001`},
	}
	h := startHarness(t, Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.form.Set("workspace_id", "10022001")
			r := h.do(request{method: http.MethodPost, path: c.path, auth: h.apiBasic(), form: c.form})
			if c.info != "" {
				r.wantError(t, http.StatusUnprocessableEntity, c.info)
				return
			}
			var written map[string]map[string]string
			r.wantOK(t, &written)
			for _, f := range []string{"iteration_id", "release_id"} {
				for _, rec := range written {
					if want := c.form.Get(f); want != "" && rec[f] != want {
						t.Errorf("%s = %q, want %q", f, rec[f], want)
					}
				}
			}
		})
	}
}
