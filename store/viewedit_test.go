package store

import (
	"os"
	"strings"
	"testing"
)

// handWritten is a config file as a person writes it: comments, blank
// lines, quoting and an indentation of their own, the views between other
// settings.
const handWritten = `# my triage
base_url: "https://api.tapd.cn"   # the real one

theme:   dark
views:   # mine
  # the bugs first
  - name: urgent bugs
    kind: bug
    query: 'prio:urgent owner:@me'   # loud
    mode: list

  - name: plan   # for Mondays
    mode: board
    group: iteration

# after the views
commands:
    -   key: C
        run: [git, log]
`

func readText(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func editedConfig(t *testing.T, text string) string {
	t.Helper()
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, text)
	return paths.ConfigFile
}

// TestSaveViewAddsItsLinesOnly: a view saved in the app is written after
// the last view, in the file's indentation; every other byte stays.
func TestSaveViewAddsItsLinesOnly(t *testing.T) {
	path := editedConfig(t, handWritten)
	views, err := SaveView(path, SavedView{Name: "triaged today", Kind: "story", Query: "status:planning -owner:@me", Mode: "columns", Group: "status", Sort: "-modified"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(handWritten, "    group: iteration\n", `    group: iteration
  - name: triaged today
    kind: story
    query: status:planning -owner:@me
    mode: columns
    group: status
    sort: -modified
`, 1)
	if got := readText(t, path); got != want {
		t.Errorf("file after saving:\n%s\nwant:\n%s", got, want)
	}
	if len(views) != 3 || views[2].Name != "triaged today" || views[1].Mode != "columns" {
		t.Errorf("views %+v", views)
	}
	cfg, err := LoadConfig(PathsIn(t.TempDir()), envOf(map[string]string{EnvConfig: path}))
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Sections.Views[2]; v.Group != "status" || v.Query != "status:planning -owner:@me" || v.Line != 15 {
		t.Errorf("read back %+v", v)
	}
}

// TestSaveViewOverTheSameName: saving under a view's name rewrites that
// view's lines, keeping its comment above and its key.
func TestSaveViewOverTheSameName(t *testing.T) {
	path := editedConfig(t, strings.Replace(handWritten, "    kind: bug\n", "    key: U\n    kind: bug\n", 1))
	if _, err := SaveView(path, SavedView{Name: "urgent bugs", Kind: "task", Mode: "list"}); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(handWritten, `  - name: urgent bugs
    kind: bug
    query: 'prio:urgent owner:@me'   # loud
    mode: list
`, `  - name: urgent bugs
    key: U
    kind: task
    mode: list
`, 1)
	if got := readText(t, path); got != want {
		t.Errorf("file after saving over:\n%s\nwant:\n%s", got, want)
	}
}

// TestRenameViewChangesItsNameOnly: a rename rewrites the name's value and
// nothing else, its comment included.
func TestRenameViewChangesItsNameOnly(t *testing.T) {
	path := editedConfig(t, handWritten)
	views, err := RenameView(path, "plan", "plan: next sprint")
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(handWritten, "  - name: plan   # for Mondays\n", "  - name: 'plan: next sprint' # for Mondays\n", 1)
	if got := readText(t, path); got != want {
		t.Errorf("file after renaming:\n%s\nwant:\n%s", got, want)
	}
	if views[1].Name != "plan: next sprint" || views[1].Group != "iteration" {
		t.Errorf("views %+v", views)
	}
	if _, err := RenameView(path, "urgent bugs", "plan: next sprint"); err == nil || !strings.Contains(err.Error(), `a view named "plan: next sprint" exists: pick another name`) {
		t.Errorf("renaming onto another view's name gives %v", err)
	}
	if _, err := RenameView(path, "urgent bugs", "  "); err == nil || !strings.Contains(err.Error(), "a view needs a name") {
		t.Errorf("an empty name gives %v", err)
	}
}

// TestDeleteViewRemovesItsLinesOnly: a view deleted goes with the comment
// lines just above it; the others, and the blank line, stay.
func TestDeleteViewRemovesItsLinesOnly(t *testing.T) {
	path := editedConfig(t, handWritten)
	if _, err := DeleteView(path, "urgent bugs"); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(handWritten, `  # the bugs first
  - name: urgent bugs
    kind: bug
    query: 'prio:urgent owner:@me'   # loud
    mode: list
`, "", 1)
	if got := readText(t, path); got != want {
		t.Errorf("file after deleting:\n%s\nwant:\n%s", got, want)
	}
	views, err := DeleteView(path, "plan")
	if err != nil || len(views) != 0 {
		t.Fatalf("deleting the last view: %v, %+v", err, views)
	}
	cfg, err := LoadConfig(PathsIn(t.TempDir()), envOf(map[string]string{EnvConfig: path}))
	if err != nil || len(cfg.Views()) != 0 {
		t.Errorf("with every view deleted the file offers %+v (%v), want none", cfg.Views(), err)
	}
	if _, err := DeleteView(path, "plan"); err == nil || !strings.Contains(err.Error(), `no view named "plan"`) {
		t.Errorf("deleting a view gone gives %v", err)
	}
}

// TestViewModeBoard: board, the columns' other name, is a mode; a bad
// mode names its line and what to write.
func TestViewModeBoard(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: plan\n    mode: board\n")
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Sections.Views[0]; v.Mode != "columns" {
		t.Errorf("mode: board reads as %q", v.Mode)
	}
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: plan\n    mode: cards\n")
	_, err = LoadConfig(paths, envOf(nil))
	if err == nil || !strings.Contains(err.Error(), "line 3: views: mode: \"cards\" is not one; write one of columns, board, list (e.g. `mode: list`)") {
		t.Errorf("mode: cards gives %v", err)
	}
}

// TestDefaultViews: a config file without views: offers three; the first
// change in the app writes them, as their text reads, with the change.
func TestDefaultViews(t *testing.T) {
	paths := PathsIn(t.TempDir())
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range cfg.Views() {
		names = append(names, v.Name+" = "+v.Kind+" "+v.Query)
	}
	if got := strings.Join(names, "; "); got != "New since yesterday =  created:yesterday; Mine =  owner:@me is:open; Unplanned =  iter:none is:open" {
		t.Errorf("a fresh install offers %s", got)
	}
	if _, err := SaveView(paths.ConfigFile, SavedView{Name: "bugs", Kind: "bug"}); err != nil {
		t.Fatal(err)
	}
	want := configHeader + defaultViewsText + "  - name: bugs\n    kind: bug\n"
	if got := readText(t, paths.ConfigFile); got != want {
		t.Errorf("a fresh install's file after saving:\n%s\nwant:\n%s", got, want)
	}

	settings := "theme: light # mine\nworkspace: 7"
	path := editedConfig(t, settings)
	if _, err := DeleteView(path, "Mine"); err != nil {
		t.Fatal(err)
	}
	want = settings + "\n" + strings.Replace(defaultViewsText, "  - name: Mine\n    query: owner:@me is:open\n", "", 1)
	if got := readText(t, path); got != want {
		t.Errorf("a file without views after deleting one offered:\n%s\nwant:\n%s", got, want)
	}
}

// TestFlowViewsRewritten: views written as a flow list are written anew as
// a block; the rest of the file stays.
func TestFlowViewsRewritten(t *testing.T) {
	path := editedConfig(t, "# top\nviews: [{name: a, mode: list}] # short\ntheme: dark\n")
	if _, err := SaveView(path, SavedView{Name: "b", Query: "owner:@me"}); err != nil {
		t.Fatal(err)
	}
	want := "# top\nviews: # short\n  - name: a\n    mode: list\n  - name: b\n    query: owner:@me\ntheme: dark\n"
	if got := readText(t, path); got != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

// TestSaveViewLeavesABadFile: a file that does not read is not written.
func TestSaveViewLeavesABadFile(t *testing.T) {
	bad := "views:\n  - name: a\n    mode: grid\n"
	path := editedConfig(t, bad)
	_, err := SaveView(path, SavedView{Name: "b"})
	if err == nil || !strings.Contains(err.Error(), "line 3: views: mode") || !strings.Contains(err.Error(), "correct it, then save the view again") {
		t.Errorf("saving into a bad file gives %v", err)
	}
	if got := readText(t, path); got != bad {
		t.Errorf("the bad file became %q", got)
	}
}
