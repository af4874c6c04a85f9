package e2e

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

// TestSetTakesTheKeptFieldInformation: a first `triage set` reads the
// field information of stories (4 requests) and keeps it; the next within
// the day takes it from there (3 requests). When the kept information
// refuses a value (a priority added on the service since), set asks the
// service's field information again rather than refusing, and the change
// is made.
func TestSetTakesTheKeptFieldInformation(t *testing.T) {
	f := newFrontDoor(t)
	home := t.TempDir()
	f.login(home)
	f.requests()
	set := func(priority string, want int, fieldsAsked bool) {
		t.Helper()
		_, errOut, code := runBinary(t, f.env(home), "", "set", "story/4", "--priority", priority)
		if code != 0 || !strings.Contains(errOut, "✓ story/4") {
			t.Fatalf("set --priority %s: exit %d\n%s", priority, code, errOut)
		}
		reqs := f.requests()
		t.Logf("set --priority %s: %d requests:\n%s", priority, len(reqs), strings.Join(reqs, "\n"))
		if len(reqs) != want || (countWith(reqs, "GET", "get_fields_info") == 1) != fieldsAsked {
			t.Errorf("set --priority %s: %d requests; want %d, the field information asked: %v", priority, len(reqs), want, fieldsAsked)
		}
	}
	set("low", 4, true)
	set("high", 3, false)

	var kept string
	_ = filepath.WalkDir(home, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == store.SharedFieldsFile {
			kept = path
		}
		return nil
	})
	if kept == "" {
		t.Fatalf("no %s under %s", store.SharedFieldsFile, home)
	}
	service, err := store.ServiceKey(f.URL())
	if err != nil {
		t.Fatal(err)
	}
	onlyHigh := api.FieldInfo{"priority_label": {Name: "priority_label", Label: "Priority", HTMLType: "select",
		Options: api.Options{Pairs: []api.Option{{Value: "High", Label: "High"}}}}}
	if err := store.ShareFieldInfo(filepath.Dir(kept), service, 10022001, api.Story, onlyHigh, time.Now()); err != nil {
		t.Fatal(err)
	}
	set("low", 4, true)
}
