package store

import (
	"strings"
	"testing"
)

// TestDefaultViewsAreOpenItems: a fresh install's Mine and Unplanned keep
// the open items of any kind (is:open), and a user who already has the
// earlier defaults in the config file keeps them as written: the file is
// read, not rewritten.
func TestDefaultViewsAreOpenItems(t *testing.T) {
	byName := map[string]SavedView{}
	for _, v := range DefaultViews() {
		byName[v.Name] = v
	}
	if v := byName["Unplanned"]; v.Query != "iter:none is:open" || v.Kind != "" {
		t.Errorf("Unplanned is %q of kind %q, want iter:none is:open of the kind shown", v.Query, v.Kind)
	}
	if v := byName["Mine"]; v.Query != "owner:@me is:open" {
		t.Errorf("Mine is %q, want owner:@me is:open", v.Query)
	}

	earlier := "theme: dark\nviews:\n  - name: Mine\n    query: owner:@me\n  - name: Unplanned\n    kind: story\n    query: iter:none -status:resolved|rejected\n"
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, earlier)
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range cfg.Views() {
		got = append(got, v.Name+"="+v.Kind+" "+v.Query)
	}
	if s := strings.Join(got, "; "); s != "Mine= owner:@me; Unplanned=story iter:none -status:resolved|rejected" {
		t.Errorf("a user with the earlier defaults is offered %s", s)
	}
	if text := readText(t, paths.ConfigFile); text != earlier {
		t.Errorf("the config file was rewritten:\n%s", text)
	}
}
