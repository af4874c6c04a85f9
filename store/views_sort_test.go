package store

import "testing"

// TestViewSortsByCreated: a view may list its items by created time, as
// the board's C does.
func TestViewSortsByCreated(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: new bugs\n    kind: bug\n    query: created:>3d\n    mode: list\n    sort: -created\n")
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Sections.Views[0]; v.Sort != "-created" || v.Query != "created:>3d" {
		t.Errorf("the view sorts by %q with query %q", v.Sort, v.Query)
	}
}
