package sandbox

import (
	"net/http"
	"strings"
	"testing"

	"triage/api"
)

// TestItemRules: a status written by its code follows the workflow as
// v_status does, closing or rejecting a bug requires its resolution, and
// owners must be members of the workspace; a refused write changes nothing.
func TestItemRules(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsPhaseOne)
	find := func(k api.Kind, status string, pick func(api.Item) bool) string {
		for _, it := range w.Items[itemKey{wsPhaseOne, k}].all() {
			if it.Status == status && (pick == nil || pick(it)) {
				return it.ID
			}
		}
		t.Fatalf("the seed has no %s in %s", k, status)
		return ""
	}
	noResolution := func(it api.Item) bool { v, _ := it.Get("resolution"); return v == "" }
	story := find(api.Story, "planning", nil)
	bug := find(api.Bug, "in_progress", noResolution)
	cases := []struct {
		name     string
		kind     api.Kind
		id       string
		form     []string
		mentions string // in the refusal; "" for a write that passes
	}{
		{"status code off the workflow", api.Story, story, []string{"status", "resolved"}, "from Planning it can go to: Developing, Rejected"},
		{"status code along the workflow", api.Story, story, []string{"status", "developing"}, ""},
		{"rejecting a bug without its resolution", api.Bug, bug, []string{"status", "rejected"}, "requires resolution"},
		{"rejecting a bug by v_status without its resolution", api.Bug, bug, []string{"v_status", "Rejected"}, "requires resolution"},
		{"an owner who is not a member", api.Bug, bug, []string{"current_owner", "demo;nobody-here;"}, `current_owner "nobody-here" is not a member`},
		{"two members as owners", api.Bug, bug, []string{"current_owner", "demo; alice"}, ""},
		{"rejecting a bug with its resolution", api.Bug, bug, []string{"status", "rejected", "resolution", "by design"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			set := w.Items[itemKey{wsPhaseOne, c.kind}]
			pos, _ := set.find(c.id)
			before := set.at(pos)
			it, _, herr := w.writeItem(ws, c.kind, form(append([]string{"id", c.id}, c.form...)...), demoBasic, seedTestNow)
			if c.mentions != "" {
				if herr == nil || herr.Status != http.StatusUnprocessableEntity || !strings.Contains(herr.Info, c.mentions) {
					t.Fatalf("write %v = %v, want a 422 mentioning %q", c.form, herr, c.mentions)
				}
				if after := set.at(pos); after.Status != before.Status || after.Owner != before.Owner {
					t.Errorf("a refused write changed the item: %+v", after)
				}
				return
			}
			if herr != nil {
				t.Fatal(herr)
			}
			if c.form[0] == "current_owner" && it.Owner != "demo;alice;" {
				t.Errorf("owners %q, want demo;alice;", it.Owner)
			}
		})
	}
	moves := transitionsOf(api.Bug, bugFlow, nil)
	for _, m := range moves {
		if m.StepNext != "rejected" {
			continue
		}
		if last := m.Appendfield[len(m.Appendfield)-1]; last.FieldName != "resolution" || last.Notnull != "yes" {
			t.Errorf("%s asks for %+v, want the resolution, not null", m.Name, m.Appendfield)
		}
	}
}
