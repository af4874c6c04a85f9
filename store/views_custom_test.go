package store

import (
	"strings"
	"testing"
)

// TestViewColumnsNameCustomFields: a view's columns: takes a custom field
// by its name as the workspace writes it (CJK, capitals, spaces kept) or as
// cf:NAME; a lower-case name that is none of the list's columns is still
// refused.
func TestViewColumnsNameCustomFields(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: plan\n    columns: id, 来源渠道, Product owner, cf:team\n")
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if v := cfg.Sections.Views[0]; v.Columns != "id,来源渠道,Product owner,cf:team" {
		t.Errorf("columns %q", v.Columns)
	}
	writeConfigFile(t, paths.ConfigFile, "views:\n  - name: plan\n    columns: id,team\n")
	if _, err = LoadConfig(paths, envOf(nil)); err == nil || !strings.Contains(err.Error(), "line 3: views: columns: \"team\" is not one; write one of id, priority") {
		t.Errorf("an unknown lower-case column gives %v", err)
	}
}
