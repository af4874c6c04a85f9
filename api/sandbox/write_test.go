package sandbox

import (
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"triage/api"
)

func TestCreateItems(t *testing.T) {
	cases := []struct {
		name  string
		ws    int64
		kind  api.Kind
		p     principal
		form  url.Values
		check func(t *testing.T, it api.Item)
	}{
		{"story with defaults", wsPhaseOne, api.Story, demoBasic, form("name", "  Export invoices  "), func(t *testing.T, it api.Item) {
			want := api.Item{Title: "Export invoices", Status: "planning", Creator: "northwind", IterationID: "0"}
			if it.Title != want.Title || it.Status != want.Status || it.Creator != want.Creator || it.IterationID != want.IterationID {
				t.Errorf("got %+v", it)
			}
			if v, _ := it.Get("modifier"); v != "northwind" {
				t.Errorf("modifier %q, want the creator", v)
			}
			if raw := string(it.Extra["due"]); raw != "null" {
				t.Errorf("unset due is %s, want null", raw)
			}
		}},
		{"story with fields", wsPhaseOne, api.Story, demoBasic,
			form("name", "Dark mode", "owner", "alice; bob", "creator", "bob;", "label", " ux | frontend |", "status", "developing",
				"custom_field_one", "Acme", "description", "<p>Make it dark</p>\n", "begin", "2026-01-10", "no_such_field", "x",
				"created", "2000-01-01 00:00:00"),
			func(t *testing.T, it api.Item) {
				if it.Owner != "alice;bob;" || it.Creator != "bob" || it.Label != "ux|frontend" || it.Status != "developing" ||
					it.Description != "<p>Make it dark</p>\n" || it.Created != api.FormatTime(seedTestNow) {
					t.Errorf("got %+v", it)
				}
				if v, _ := it.Get("custom_field_one"); v != "Acme" {
					t.Errorf("custom_field_one = %q", v)
				}
				if v, _ := it.Get("begin"); v != "2026-01-10" {
					t.Errorf("begin = %q", v)
				}
				if _, ok := it.Extra["no_such_field"]; ok {
					t.Error("an unknown parameter became a field")
				}
			}},
		{"bug by a token user", wsCustom, api.Bug, principal{Method: "oauth", Nick: "alice", WorkspaceID: wsCustom},
			form("title", "登录页白屏", "severity", "fatal", "priority_label", "紧急"), func(t *testing.T, it api.Item) {
				if it.Title != "登录页白屏" || it.Creator != "alice" || it.Status != "new" || it.Severity != "fatal" || it.PriorityLabel != "紧急" {
					t.Errorf("got %+v", it)
				}
				if v, _ := it.Get("lastmodify"); v != "alice" {
					t.Errorf("lastmodify %q", v)
				}
			}},
		{"bug with a reporter", wsPhaseOne, api.Bug, demoBasic, form("title", "Crash", "reporter", "bob", "severity", "serious"), func(t *testing.T, it api.Item) {
			if it.Creator != "bob" {
				t.Errorf("reporter %q", it.Creator)
			}
		}},
		{"task linked to a story", wsPhaseOne, api.Task, demoBasic, form("name", "Write tests", "story_id", "1110022001000000001", "effort", "4"),
			func(t *testing.T, it api.Item) {
				if it.Status != "open" || it.StoryID != "1110022001000000001" {
					t.Errorf("got %+v", it)
				}
				if v, _ := it.Get("progress"); v != "0" {
					t.Errorf("progress %q, want 0", v)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newSeeded(t)
			ws := workspace(t, w, c.ws)
			set := w.Items[itemKey{c.ws, c.kind}]
			before := set.len()
			stored, data, herr := w.writeItem(ws, c.kind, c.form, c.p, seedTestNow)
			if herr != nil {
				t.Fatal(herr)
			}
			it, err := api.DecodeItem(c.kind, data)
			if err != nil {
				t.Fatalf("%s: %v", data, err)
			}
			wantID := string(appendID(nil, c.ws, int64(before+1)))
			if it.ID != wantID || stored.ID != wantID || it.Modified != api.FormatTime(seedTestNow) {
				t.Errorf("id %s modified %s, want %s at now", it.ID, it.Modified, wantID)
			}
			want := slices.Sorted(slices.Values(list(t, w, c.ws, c.kind, url.Values{"limit": {"1"}})[0].FieldNames()))
			if got := slices.Sorted(slices.Values(it.FieldNames())); !slices.Equal(got, want) {
				t.Errorf("fields %v, want those of a listed item %v", got, want)
			}
			if set.len() != before+1 || position(set, it.ID) != before || set.Seq != int64(before+1) {
				t.Errorf("set not grown: %d items, seq %d", set.len(), set.Seq)
			}
			if found := list(t, w, c.ws, c.kind, url.Values{"id": {it.ID}}); len(found) != 1 {
				t.Errorf("new item not listed by id")
			}
			c.check(t, it)
		})
	}
}

func TestUpdateItems(t *testing.T) {
	later := seedTestNow.Add(time.Hour)
	for _, k := range api.Kinds {
		t.Run(k.String(), func(t *testing.T) {
			w := newSeeded(t)
			ws := workspace(t, w, wsPhaseOne)
			set := w.Items[itemKey{wsPhaseOne, k}]
			old := set.at(5)
			oldExtra := string(mustMarshal(t, old))
			f := form("id", old.ID, k.TitleField(), "Renamed", "current_user", "bob", k.OwnerField(), "demo",
				"workspace_id", "10022001", k.CreatorField(), "mallory", "modified", "2000-01-01 00:00:00")
			stored, data, herr := w.writeItem(ws, k, f, demoBasic, later)
			if herr != nil {
				t.Fatal(herr)
			}
			it, err := api.DecodeItem(k, data)
			if err != nil {
				t.Fatal(err)
			}
			if it.ID != old.ID || it.Title != "Renamed" || it.Owner != "demo;" || it.Creator != old.Creator ||
				it.Created != old.Created || it.Modified != api.FormatTime(later) || it.Status != old.Status {
				t.Errorf("after update %+v", it)
			}
			if v, _ := it.Get(modifierField(k)); v != "bob" {
				t.Errorf("%s = %q, want current_user", modifierField(k), v)
			}
			if set.at(5).Title != "Renamed" || stored.Title != "Renamed" || set.len() != len(w.Items[itemKey{wsPhaseOne, k}].all()) {
				t.Error("update not stored in place")
			}
			if string(mustMarshal(t, old)) != oldExtra {
				t.Error("update changed the previous copy of the item")
			}
			_, _, herr = w.writeItem(ws, k, form("id", old.ID, "status", statuses(k)[1].value), demoBasic, later)
			if herr != nil || set.at(5).Status != statuses(k)[1].value || set.at(5).Title != "Renamed" {
				t.Errorf("partial update: %v, %+v", herr, set.at(5))
			}
			if v, _ := set.all()[5].Get(modifierField(k)); v != "northwind" {
				t.Errorf("without current_user the editor is %q, want the API account", v)
			}
		})
	}
}

func mustMarshal(t *testing.T, it api.Item) []byte {
	t.Helper()
	b, err := it.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWriteRefusals(t *testing.T) {
	storyID := "1110022001000000010"
	cases := []struct {
		name     string
		kind     api.Kind
		form     url.Values
		wantCode int
		wantInfo []string
	}{
		{"story without name", api.Story, form("priority_label", "High"), 422, []string{"name is required."}},
		{"story with blank name", api.Story, form("name", "   "), 422, []string{"name is required."}},
		{"task without name", api.Task, form(), 422, []string{"name is required."}},
		{"bug without title", api.Bug, form("name", "wrong field"), 422, []string{"title is required."}},
		{"update emptying the name", api.Story, form("id", storyID, "name", ""), 422, []string{"name may not be empty."}},
		{"unknown id", api.Story, form("id", "1110022001999999999", "name", "x"), 404, []string{"story 1110022001999999999 not existed"}},
		{"id of another kind", api.Bug, form("id", "1110022001000000200", "status", "new"), 404, []string{"not existed"}},
		{"id of another workspace", api.Story, form("id", "1110022002000000001"), 404, []string{"not existed"}},
		{"malformed id", api.Task, form("id", "12ab"), 422, []string{"id must be a string of digits"}},
		{"bad status", api.Story, form("name", "x", "status", "done"), 422, []string{`status "done"`, "planning, developing, resolved, rejected"}},
		{"empty status", api.Story, form("id", storyID, "status", ""), 422, []string{"status"}},
		{"bad task status", api.Task, form("name", "x", "status", "planning"), 422, []string{"open, progressing, done"}},
		{"bad severity", api.Bug, form("title", "x", "severity", "critical"), 422, []string{"fatal, serious, normal, prompt, advice"}},
		{"bad custom select", api.Story, form("name", "x", "custom_field_one", "Wayne"), 422, []string{`"Wayne"`, "Acme, Globex"}},
		{"long value is cut in the message", api.Story, form("name", "x", "priority_label", strings.Repeat("é", 300)), 422, []string{"…"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newSeeded(t)
			set := w.Items[itemKey{wsPhaseOne, c.kind}]
			before, seq := set.len(), set.Seq
			snapshot := string(mustMarshal(t, set.at(9)))
			_, _, herr := w.writeItem(workspace(t, w, wsPhaseOne), c.kind, c.form, demoBasic, seedTestNow)
			if herr == nil || herr.Status != c.wantCode {
				t.Fatalf("got %v, want %d", herr, c.wantCode)
			}
			for _, s := range c.wantInfo {
				if !strings.Contains(herr.Info, s) {
					t.Errorf("info %q lacks %q", herr.Info, s)
				}
			}
			if len(herr.Info) > 400 {
				t.Errorf("info is %d bytes long", len(herr.Info))
			}
			if set.len() != before || set.Seq != seq || string(mustMarshal(t, set.at(9))) != snapshot {
				t.Error("a refused write changed the items")
			}
		})
	}
}
