package board

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
)

// writtenViews feeds the board the answers of the config file's writes
// (which the harness keeps for the root) and returns the status notes.
func (h *harness) writtenViews() []string {
	h.t.Helper()
	var notes []string
	for _, msg := range h.takeOut() {
		switch msg := msg.(type) {
		case viewsWrittenMsg:
			h.send(msg)
		case common.StatusMsg:
			if msg.Err != nil {
				h.t.Fatalf("the board reported %v", msg.Err)
			}
			notes = append(notes, msg.Text)
		}
	}
	for _, msg := range h.takeOut() {
		if msg, ok := msg.(common.StatusMsg); ok {
			notes = append(notes, msg.Text)
		}
	}
	return notes
}

// TestSaveTheBoardAsAView: ctrl+s names what the board shows (kind,
// filter, list, grouping, sort) and saves it in the config file after the
// user's lines; : switches away and back to it; in the : picker ctrl+r
// renames it and ctrl+d deletes it, after a yes.
func TestSaveTheBoardAsAView(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 120, 30).load()
	path := filepath.Join(t.TempDir(), "config.yaml")
	mine := "# mine\ntheme: dark   # dark\n"
	if err := os.WriteFile(path, []byte(mine), 0o600); err != nil {
		t.Fatal(err)
	}
	h.ctx.ConfigFile, h.ctx.Views = path, store.DefaultViews()

	h.keys("tab", "/", "new", "enter", "b", "v", "S", "ctrl+s")
	if screen := h.m.View(); !strings.Contains(screen, "Save what is shown as a view") || !strings.Contains(screen, "bugs · list · grouped by status · sorted by -priority · filter new") {
		t.Fatalf("ctrl+s shows no box saying what it saves:\n%s", screen)
	}
	h.keys("New bugs", "enter")
	notes := h.writtenViews()
	want := mine + `views:
  - name: New since yesterday
    query: created:yesterday
    mode: list
    sort: -id
  - name: Mine
    query: owner:@me is:open
  - name: Unplanned
    query: iter:none is:open
  - name: New bugs
    kind: bug
    query: new
    mode: list
    group: status
    sort: -priority
`
	if data, err := os.ReadFile(path); err != nil || string(data) != want {
		t.Fatalf("the config file after saving (%v):\n%s\nwant:\n%s", err, data, want)
	}
	if len(notes) == 0 || !strings.HasPrefix(notes[len(notes)-1], `saved the view "New bugs" in `) {
		t.Errorf("the status line says %q", notes)
	}

	h.keys(":", "Mine", "enter")
	if st := h.m.State(); st.View != "Mine" || st.Query != "owner:@me is:open" {
		t.Fatalf("Mine shows %+v", st)
	}
	h.keys("esc", "b", "v", "tab")
	h.keys(":", "New bugs", "enter")
	if st := h.m.State(); st.View != "New bugs" || st.Kind != "bug" || st.Query != "new" || st.Mode != "list" || st.Sort != "-priority" || h.m.cur().groupField() != engine.Status {
		t.Fatalf("back to New bugs shows %+v grouped by %s", st, h.m.cur().groupField())
	}

	h.keys(":", "New bugs")
	if screen := h.m.View(); !strings.Contains(screen, "enter switches · ctrl+s saves what is shown · ctrl+r renames · ctrl+d deletes") {
		t.Fatalf("the : picker does not show its keys:\n%s", screen)
	}
	h.keys("ctrl+r", "ctrl+u", "Fresh bugs", "enter")
	h.writtenViews()
	if h.m.viewName != "Fresh bugs" || h.ctx.Views[3].Name != "Fresh bugs" {
		t.Errorf("renamed: the board shows %q, the views are %+v", h.m.viewName, h.ctx.Views)
	}
	h.keys("esc", ":", "Mine", "ctrl+d")
	if screen := h.m.View(); !strings.Contains(screen, "Delete the view Mine?") {
		t.Fatalf("ctrl+d asks nothing:\n%s", screen)
	}
	h.keys("y")
	h.writtenViews()
	data, _ := os.ReadFile(path)
	if strings.Contains(string(data), "Mine") || !strings.Contains(string(data), "  - name: Fresh bugs\n    kind: bug\n") || !strings.HasPrefix(string(data), mine+"views:\n") {
		t.Errorf("after rename and delete the file is:\n%s", data)
	}
	if h.m.tab != api.Bug {
		t.Errorf("the board left the bugs: %s", h.m.tab)
	}
}
