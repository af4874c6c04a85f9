package sandbox_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"triage/api"
)

// snapshot is everything one credential reads of one kind in a workspace.
type snapshot struct {
	count int
	items map[string]json.RawMessage
}

// read takes a snapshot of a workspace's items of kind k.
func (s *service) read(t *testing.T, cred credential, ws int64, k api.Kind) snapshot {
	t.Helper()
	w := strconv.FormatInt(ws, 10)
	status, env := s.call(t, cred, http.MethodGet, "/"+k.Path()+"/count", url.Values{"workspace_id": {w}}, "")
	var c struct {
		Count int `json:"count"`
	}
	if status != http.StatusOK || env.DecodeData(&c) != nil {
		t.Fatalf("count of %s in %d: HTTP %d %q", k.Plural(), ws, status, env.Info)
	}
	status, env = s.call(t, cred, http.MethodGet, "/"+k.Path(), url.Values{"workspace_id": {w}, "limit": {"200"}, "order": {"id asc"}}, "")
	if status != http.StatusOK {
		t.Fatalf("list of %s in %d: HTTP %d %q", k.Plural(), ws, status, env.Info)
	}
	return snapshot{count: c.Count, items: itemsOf(t, env, k)}
}

// same reports whether two snapshots hold the same items, byte for byte.
func (a snapshot) same(b snapshot) bool {
	if a.count != b.count || len(a.items) != len(b.items) {
		return false
	}
	for id, raw := range a.items {
		if !bytes.Equal(raw, b.items[id]) {
			return false
		}
	}
	return true
}

// anyID is one item id of the snapshot.
func (a snapshot) anyID(t *testing.T) string {
	t.Helper()
	for id := range a.items {
		return id
	}
	t.Fatal("the workspace has no items to aim at")
	return ""
}

// attempt is one request a token makes towards a workspace it was not granted.
type attempt struct {
	name, method, path string
	params             url.Values
	json               string
}

// attemptsOn lists every read and write of kind k a token may try on
// workspace ws, aimed at the item victim.
func attemptsOn(k api.Kind, ws int64, victim string) []attempt {
	w := strconv.FormatInt(ws, 10)
	p := "/" + k.Path()
	title := k.TitleField()
	return []attempt{
		{name: "list", method: http.MethodGet, path: p, params: url.Values{"workspace_id": {w}}},
		{name: "get by id", method: http.MethodGet, path: p, params: url.Values{"workspace_id": {w}, "id": {victim}}},
		{name: "count", method: http.MethodGet, path: p + "/count", params: url.Values{"workspace_id": {w}}},
		{name: "get_fields_info", method: http.MethodGet, path: p + "/get_fields_info", params: url.Values{"workspace_id": {w}}},
		{name: "workspace info", method: http.MethodGet, path: "/workspaces/get_workspace_info", params: url.Values{"workspace_id": {w}}},
		{name: "create", method: http.MethodPost, path: p, params: url.Values{"workspace_id": {w}, title: {"planted"}}},
		{name: "update", method: http.MethodPost, path: p, params: url.Values{"workspace_id": {w}, "id": {victim}, title: {"planted"}}},
		{name: "create as JSON", method: http.MethodPost, path: p, json: fmt.Sprintf(`{"workspace_id":%d,%q:"planted"}`, ws, title)},
		{name: "update as JSON", method: http.MethodPost, path: p, json: fmt.Sprintf(`{"workspace_id":"%d","id":%q,%q:"planted"}`, ws, victim, title)},
	}
}

// TestTokenReachesOnlyItsWorkspace: a user-mode token granted for one
// workspace reads nothing of another and writes nothing there, on every kind
// and every path, even in a workspace its user takes part in; and an item of
// another workspace cannot be reached through the granted one.
func TestTokenReachesOnlyItsWorkspace(t *testing.T) {
	s := startService(t)
	const granted = int64(10022001)
	token := bearer(s.oauthToken(t, "demo", granted))
	others := []struct {
		ws    int64
		owner credential // a credential that may read it, to see that nothing changed
		why   string
	}{
		{10022002, s.basic(), "the user's own workspace in the same company"},
		{10033001, bearer(s.user(t, "dave").PersonalToken), "a workspace of another company"},
	}

	for _, k := range api.Kinds {
		if status, env := s.call(t, token, http.MethodGet, "/"+k.Path(), url.Values{"workspace_id": {strconv.FormatInt(granted, 10)}}, ""); status != http.StatusOK {
			t.Fatalf("the token cannot read its own workspace's %s: HTTP %d %q", k.Plural(), status, env.Info)
		}
	}

	for _, o := range others {
		for _, k := range api.Kinds {
			before := s.read(t, o.owner, o.ws, k)
			victim := before.anyID(t)
			for _, a := range attemptsOn(k, o.ws, victim) {
				status, env := s.call(t, token, a.method, a.path, a.params, a.json)
				if status != http.StatusForbidden || env.OK() || len(env.Data) > 2 {
					t.Errorf("%s (%s): %s of %s answered HTTP %d status %d with %.80s; want 403 and no data",
						o.why, a.name, a.method, k.Plural(), status, env.Status, env.Data)
				}
			}

			// Through the granted workspace, aimed at the other's item.
			g := strconv.FormatInt(granted, 10)
			status, env := s.call(t, token, http.MethodPost, "/"+k.Path(), url.Values{"workspace_id": {g}, "id": {victim}, k.TitleField(): {"planted"}}, "")
			if env.OK() {
				t.Errorf("%s: updating %s %s through workspace %s answered HTTP %d success", o.why, k, victim, g, status)
			}
			status, env = s.call(t, token, http.MethodGet, "/"+k.Path(), url.Values{"workspace_id": {g}, "id": {victim}}, "")
			if env.OK() && len(itemsOf(t, env, k)) > 0 {
				t.Errorf("%s: reading %s %s through workspace %s answered HTTP %d with the item", o.why, k, victim, g, status)
			}
			for _, polluted := range []url.Values{
				{"workspace_id": {g + "|" + strconv.FormatInt(o.ws, 10)}, k.TitleField(): {"planted"}},
				{"workspace_id": {g, strconv.FormatInt(o.ws, 10)}, "id": {victim}, k.TitleField(): {"planted"}},
			} {
				s.call(t, token, http.MethodPost, "/"+k.Path(), polluted, "")
			}

			if after := s.read(t, o.owner, o.ws, k); !before.same(after) {
				t.Errorf("%s: the %s changed: %d items before, %d after", o.why, k.Plural(), before.count, after.count)
			}
		}
	}
}
