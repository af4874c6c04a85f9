package store

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"triage/api"
)

// TestFieldInfoSharedBesideTheCache: the field information a board saves
// with its reference data is found by another process of the profile
// (`triage set` beside the board, which cannot open the item cache the
// board holds) without the cache, while younger than a day; older, or of
// another workspace or service, it is not found; a damaged file is a miss.
func TestFieldInfoSharedBesideTheCache(t *testing.T) {
	dir := t.TempDir()
	c := openTestCache(t, filepath.Join(dir, CacheFile))
	read := testNow.Add(-time.Hour)
	ref := Reference{Fields: map[api.Kind]Dated[api.FieldInfo]{api.Story: {Value: testFields(), Read: read}}}
	if err := c.SaveReference(testService, testUser, 10022001, ref); err != nil {
		t.Fatal(err)
	}
	svc, err := ServiceKey(testService)
	if err != nil {
		t.Fatal(err)
	}
	fi, ok := SharedFieldInfo(dir, svc, 10022001, api.Story, testNow)
	if !ok || !reflect.DeepEqual(fi, testFields()) {
		t.Fatalf("the board's field information is not shared: %v %+v", ok, fi)
	}
	for _, miss := range []struct {
		name    string
		service string
		ws      int64
		kind    api.Kind
		now     time.Time
	}{
		{"a day later", svc, 10022001, api.Story, read.Add(ReferenceTTL + time.Minute)},
		{"another workspace", svc, 10022002, api.Story, testNow},
		{"another kind", svc, 10022001, api.Bug, testNow},
		{"another service", "http://127.0.0.1:1", 10022001, api.Story, testNow},
	} {
		if _, ok := SharedFieldInfo(dir, miss.service, miss.ws, miss.kind, miss.now); ok {
			t.Errorf("%s: the field information is found", miss.name)
		}
	}

	if err := ShareFieldInfo(dir, svc, 10022001, api.Bug, testFields(), testNow); err != nil {
		t.Fatal(err)
	}
	if _, ok := SharedFieldInfo(dir, svc, 10022001, api.Story, testNow); !ok {
		t.Error("sharing the bugs' field information lost the stories'")
	}
	if _, ok := SharedFieldInfo(dir, svc, 10022001, api.Bug, testNow); !ok {
		t.Error("the bugs' field information shared by a command is not found")
	}

	if err := os.WriteFile(filepath.Join(dir, SharedFieldsFile), []byte("not gob"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, ok := SharedFieldInfo(dir, svc, 10022001, api.Story, testNow); ok {
		t.Error("a damaged file is read as field information")
	}
	if err := ShareFieldInfo(dir, svc, 10022001, api.Story, testFields(), testNow); err != nil {
		t.Errorf("a damaged file is not replaced: %v", err)
	}
	if _, ok := SharedFieldInfo(dir, svc, 10022001, api.Story, testNow); !ok {
		t.Error("the field information shared over a damaged file is not found")
	}
}
