package store

import (
	"strings"
	"testing"
)

// TestViewColumns: a view's columns are read as written (spaces dropped);
// an unknown column names its line and the columns allowed.
func TestViewColumns(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: plan\n    columns: id, title, iteration, severity\n")
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Sections.Views[0]; v.Columns != "id,title,iteration,severity" {
		t.Errorf("columns %q", v.Columns)
	}
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: plan\n    columns: id,size\n")
	_, err = LoadConfig(paths, envOf(nil))
	if err == nil || !strings.Contains(err.Error(), "line 3: views: columns: \"size\" is not one; write one of id, priority, status, owner, iteration, severity, created, modified") {
		t.Errorf("an unknown column gives %v", err)
	}
}
