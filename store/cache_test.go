package store

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

const (
	testService = "https://api.tapd.cn"
	testUser    = "anyechen"
)

var testNow = time.Date(2026, 1, 6, 17, 16, 4, 0, time.UTC)

// testItems makes n stories shaped like a board's list: the list fields, and
// one extra field kept as sent.
func testItems(n int) []api.Item {
	labels := []string{"High", "Middle", "Low", "Nice To Have", ""}
	items := make([]api.Item, n)
	for i := range items {
		items[i] = api.Item{
			Kind:          api.Story,
			ID:            fmt.Sprintf("10%08d%09d", 10022001, i+1),
			WorkspaceID:   "10022001",
			Title:         fmt.Sprintf("Make the login page remember the last workspace (%d)", i),
			Priority:      "4",
			PriorityLabel: labels[i%len(labels)],
			Status:        "planning",
			Owner:         "anyechen;",
			Created:       "2026-01-02 10:00:00",
			Modified:      fmt.Sprintf("2026-01-05 %02d:%02d:00", i/60%24, i%60),
			Extra:         map[string]json.RawMessage{"effort": json.RawMessage(`"3"`)},
		}
	}
	return items
}

func testFields() api.FieldInfo {
	return api.FieldInfo{"priority_label": {
		Name: "priority_label", Label: "Priority", HTMLType: "select",
		Options:      api.Options{Pairs: []api.Option{{Value: "High", Label: "High"}, {Value: "Low", Label: "Low"}}},
		ColorOptions: []api.ColorOption{{Value: "High", Label: "High", Color: "#FF6770"}},
	}}
}

func openTestCache(t testing.TB, path string) *Cache {
	t.Helper()
	c, err := OpenCache(path, WithClock(func() time.Time { return testNow }))
	if err != nil {
		t.Fatalf("OpenCache: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func TestCacheSaveLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cache", CacheFile)
	c := openTestCache(t, path)
	items := testItems(3)
	if err := c.Save("HTTPS://API.tapd.cn:443/", testUser, 10022001, api.Story, Snapshot{Items: items, Fields: testFields(), Synced: "2026-01-06 17:16:04"}); err != nil {
		t.Fatalf("Save: %v", err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("cache file mode %v, want 0600", info.Mode().Perm())
	}

	c = openTestCache(t, path)
	tests := []struct {
		name    string
		service string
		user    string
		ws      int64
		kind    api.Kind
		found   bool
	}{
		{"same key, normalised service", testService, testUser, 10022001, api.Story, true},
		{"other kind", testService, testUser, 10022001, api.Bug, false},
		{"other workspace", testService, testUser, 755, api.Story, false},
		{"other user", testService, "someone", 10022001, api.Story, false},
		{"other service", "http://127.0.0.1:8080", testUser, 10022001, api.Story, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap, ok, err := c.Load(tt.service, tt.user, tt.ws, tt.kind)
			if err != nil || ok != tt.found {
				t.Fatalf("Load = found %v, %v; want found %v", ok, err, tt.found)
			}
			if !tt.found {
				return
			}
			if !reflect.DeepEqual(snap.Items, items) {
				t.Errorf("items differ after a round trip:\n got %+v\nwant %+v", snap.Items[0], items[0])
			}
			if !reflect.DeepEqual(snap.Fields, testFields()) {
				t.Errorf("fields = %+v", snap.Fields)
			}
			if !snap.SavedAt.Equal(testNow) {
				t.Errorf("SavedAt = %v, want %v", snap.SavedAt, testNow)
			}
			if snap.Synced != "2026-01-06 17:16:04" {
				t.Errorf("Synced = %q, want the sync point saved", snap.Synced)
			}
		})
	}
}

// TestCacheSnapshotWithoutSyncPoint: an entry saved before snapshots held a
// sync point still loads, with none, so the board refreshes it by a whole list.
func TestCacheSnapshotWithoutSyncPoint(t *testing.T) {
	type olderRecord struct {
		Items   []api.Item
		Fields  api.FieldInfo
		SavedAt time.Time
	}
	var buf bytes.Buffer
	buf.WriteByte(snapshotVersion)
	if err := gob.NewEncoder(&buf).Encode(olderRecord{Items: testItems(2), Fields: testFields(), SavedAt: testNow}); err != nil {
		t.Fatal(err)
	}
	snap, ok, err := decodeSnapshot(buf.Bytes())
	if err != nil || !ok {
		t.Fatalf("decodeSnapshot = found %v, %v; want found", ok, err)
	}
	if len(snap.Items) != 2 || snap.Synced != "" {
		t.Errorf("decoded %d items, sync point %q; want 2 items and none", len(snap.Items), snap.Synced)
	}
}

func TestCacheClear(t *testing.T) {
	const other = "http://127.0.0.1:8080"
	tests := []struct {
		name  string
		clear func(*Cache) error
		left  map[string]bool // "service user" → still cached
	}{
		{"user", func(c *Cache) error { return c.ClearUser(testService, testUser) },
			map[string]bool{testService + " " + testUser: false, testService + " bob": true, other + " " + testUser: true}},
		{"service", func(c *Cache) error { return c.ClearService(testService) },
			map[string]bool{testService + " " + testUser: false, testService + " bob": false, other + " " + testUser: true}},
		{"nothing cached for it", func(c *Cache) error { return c.ClearUser("https://nowhere.example", testUser) },
			map[string]bool{testService + " " + testUser: true, testService + " bob": true, other + " " + testUser: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := openTestCache(t, filepath.Join(t.TempDir(), CacheFile))
			owners := [][2]string{{testService, testUser}, {testService, "bob"}, {other, testUser}}
			for _, o := range owners {
				if err := c.Save(o[0], o[1], 1, api.Bug, Snapshot{Items: testItems(1)}); err != nil {
					t.Fatal(err)
				}
			}
			if err := tt.clear(c); err != nil {
				t.Fatalf("clear: %v", err)
			}
			for _, o := range owners {
				_, ok, err := c.Load(o[0], o[1], 1, api.Bug)
				if err != nil {
					t.Fatal(err)
				}
				if want := tt.left[o[0]+" "+o[1]]; ok != want {
					t.Errorf("%s %s cached = %v, want %v", o[0], o[1], ok, want)
				}
			}
		})
	}
}

func TestCacheCorruptFileIsRebuilt(t *testing.T) {
	tests := []struct {
		name    string
		content []byte
	}{
		{"garbage", []byte("this is not a bbolt database, just garbage")},
		{"a page of garbage", makeGarbage(16 << 10)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), CacheFile)
			if err := os.WriteFile(path, tt.content, 0o600); err != nil {
				t.Fatal(err)
			}
			c, err := OpenCache(path)
			if !errors.Is(err, ErrCacheRebuilt) {
				t.Fatalf("OpenCache error = %v, want ErrCacheRebuilt", err)
			}
			t.Cleanup(func() { _ = c.Close() })
			if !c.Available() {
				t.Fatal("the rebuilt cache is not available")
			}
			if err := c.Save(testService, testUser, 1, api.Task, Snapshot{Items: testItems(2)}); err != nil {
				t.Fatalf("Save after rebuild: %v", err)
			}
			if _, ok, err := c.Load(testService, testUser, 1, api.Task); err != nil || !ok {
				t.Fatalf("Load after rebuild = %v, %v", ok, err)
			}
			aside, err := os.ReadFile(path + ".corrupt")
			if err != nil || string(aside) != string(tt.content) {
				t.Errorf("the damaged file was not kept aside: %v", err)
			}
		})
	}
}

func makeGarbage(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	return b
}

func TestCacheLockedFallsBackToNoCache(t *testing.T) {
	path := filepath.Join(t.TempDir(), CacheFile)
	first := openTestCache(t, path)
	if err := first.Save(testService, testUser, 1, api.Story, Snapshot{Items: testItems(1)}); err != nil {
		t.Fatal(err)
	}

	second, err := OpenCache(path, WithLockTimeout(60*time.Millisecond))
	if !errors.Is(err, ErrCacheUnavailable) {
		t.Fatalf("second OpenCache error = %v, want ErrCacheUnavailable", err)
	}
	if second.Available() {
		t.Error("the second cache claims to be available")
	}
	if _, ok, err := second.Load(testService, testUser, 1, api.Story); ok || err != nil {
		t.Errorf("no-cache Load = %v, %v; want a plain miss", ok, err)
	}
	if err := second.Save(testService, testUser, 1, api.Story, Snapshot{}); err != nil {
		t.Errorf("no-cache Save = %v, want nil", err)
	}
	if err := second.Close(); err != nil {
		t.Errorf("no-cache Close = %v", err)
	}
	if _, ok, err := first.Load(testService, testUser, 1, api.Story); !ok || err != nil {
		t.Errorf("the first cache lost its entry: %v, %v", ok, err)
	}
}

func TestCacheOldEncodingIsAMiss(t *testing.T) {
	c := openTestCache(t, filepath.Join(t.TempDir(), CacheFile))
	if err := c.update(func(tx *bbolt.Tx) error {
		sb, err := tx.CreateBucketIfNotExists([]byte(testService))
		if err != nil {
			return err
		}
		ub, err := sb.CreateBucketIfNotExists([]byte(testUser))
		if err != nil {
			return err
		}
		if err := ub.Put(entryKey(1, api.Story), []byte{0, 1, 2}); err != nil {
			return err
		}
		return ub.Put(entryKey(1, api.Bug), []byte{snapshotVersion, 0xff, 0xfe})
	}); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := c.Load(testService, testUser, 1, api.Story); ok || err != nil {
		t.Errorf("other version: Load = %v, %v; want a plain miss", ok, err)
	}
	if _, ok, err := c.Load(testService, testUser, 1, api.Bug); ok || err == nil {
		t.Errorf("undecodable entry: Load = %v, %v; want a miss with an error", ok, err)
	}
}

func TestChangedSince(t *testing.T) {
	base := testItems(4)
	fresh := testItems(5)
	fresh[1].Modified = "2026-01-06 09:00:00"
	fresh[2].PriorityLabel = "High"
	fresh[3].Title = "renamed"
	got := ChangedSince(base, fresh)
	want := map[string]bool{fresh[1].ID: true, fresh[2].ID: true, fresh[3].ID: true, fresh[4].ID: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ChangedSince = %v, want %v", got, want)
	}
	if got := ChangedSince(nil, nil); len(got) != 0 {
		t.Errorf("ChangedSince(nil, nil) = %v", got)
	}
}

// BenchmarkCacheLoad10k loads a snapshot of 10,000 stories.
func BenchmarkCacheLoad10k(b *testing.B) {
	c := openTestCache(b, filepath.Join(b.TempDir(), CacheFile))
	if err := c.Save(testService, testUser, 10022001, api.Story, Snapshot{Items: testItems(10_000), Fields: testFields()}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		snap, ok, err := c.Load(testService, testUser, 10022001, api.Story)
		if err != nil || !ok || len(snap.Items) != 10_000 {
			b.Fatalf("Load = %d items, %v, %v", len(snap.Items), ok, err)
		}
	}
}

// BenchmarkCacheSave10k saves a snapshot of 10,000 stories.
func BenchmarkCacheSave10k(b *testing.B) {
	c := openTestCache(b, filepath.Join(b.TempDir(), CacheFile))
	snap := Snapshot{Items: testItems(10_000), Fields: testFields()}
	b.ReportAllocs()
	for b.Loop() {
		if err := c.Save(testService, testUser, 10022001, api.Story, snap); err != nil {
			b.Fatal(err)
		}
	}
}
