package store

import (
	"path/filepath"
	"testing"

	"triage/api"
)

// TestCacheFind: Find looks through every cached board of the user of the
// service, and of no one else's.
func TestCacheFind(t *testing.T) {
	c, err := OpenCache(filepath.Join(t.TempDir(), CacheFile))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	const base = "https://api.tapd.cn"
	save := func(user string, ws int64, k api.Kind, ids ...string) {
		var items []api.Item
		for _, id := range ids {
			items = append(items, api.Item{Kind: k, ID: id, Title: "t " + id})
		}
		if err := c.Save(base, user, ws, k, Snapshot{Items: items}); err != nil {
			t.Fatal(err)
		}
	}
	save("demo", 10022001, api.Story, "1110022001000000006", "1110022001000000007")
	save("demo", 10022001, api.Bug, "1110022001000000006")
	save("demo", 20033001, api.Task, "1120033001000000006")
	save("alice", 10022001, api.Task, "1110022001000000006")
	found, err := c.Find(base, "demo", func(ws int64, it *api.Item) bool { return api.ShortID(it.ID) == "6" })
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, f := range found {
		got[f.Item.Kind.String()+" "+f.Item.ID] = f.WorkspaceID
	}
	want := map[string]int64{"story 1110022001000000006": 10022001, "bug 1110022001000000006": 10022001, "task 1120033001000000006": 20033001}
	if len(got) != len(want) {
		t.Fatalf("found %v, want %v", got, want)
	}
	for k, ws := range want {
		if got[k] != ws {
			t.Errorf("found %v, want %v", got, want)
		}
	}
	if none, err := c.Find("https://other.example", "demo", func(int64, *api.Item) bool { return true }); err != nil || len(none) != 0 {
		t.Errorf("another service: %v, %v", none, err)
	}
}
