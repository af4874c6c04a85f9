package store

import (
	"bytes"
	"path/filepath"
	"reflect"
	"testing"

	"go.etcd.io/bbolt"

	"triage/api"
)

// chunkKeys lists the keys of the chunks held for a user.
func chunkKeys(t *testing.T, c *Cache) []string {
	t.Helper()
	svc, err := ServiceKey(testService)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	err = c.view(func(tx *bbolt.Tx) error {
		ub := userBucket(tx, svc, testUser)
		if ub == nil || ub.Bucket(chunkBucket) == nil {
			return nil
		}
		return ub.Bucket(chunkBucket).ForEach(func(k, _ []byte) error {
			keys = append(keys, string(k))
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// TestBigBoardIsCachedInChunks: a board longer than a chunk is written a
// chunk a transaction (one Put of 20 MB cost bbolt three times that at
// once) and reads back whole, by Load and Find; chunks a save left before
// its manifest (a crash) leave the board saved before readable and go with
// the next save; a small board after a big one leaves no chunk behind.
func TestBigBoardIsCachedInChunks(t *testing.T) {
	c := openTestCache(t, filepath.Join(t.TempDir(), "cache.db"))
	big := Snapshot{Items: testItems(30000), Fields: testFields(), SavedAt: testNow, Synced: "2026-01-05 23:59:00"}
	load := func() Snapshot {
		t.Helper()
		snap, ok, err := c.Load(testService, testUser, 10022001, api.Story)
		if err != nil || !ok {
			t.Fatalf("Load = %v, %v", ok, err)
		}
		return snap
	}
	if err := c.Save(testService, testUser, 10022001, api.Story, big); err != nil {
		t.Fatal(err)
	}
	keys := chunkKeys(t, c)
	if len(keys) < 2 {
		t.Fatalf("a board of 30,000 stories is held in %d chunks; want several", len(keys))
	}
	if got := load(); !reflect.DeepEqual(got.Items, big.Items) || got.Synced != big.Synced {
		t.Fatalf("the chunked board reads back otherwise (%d stories)", len(got.Items))
	}
	found, err := c.Find(testService, testUser, func(_ int64, it *api.Item) bool { return it.ID == big.Items[29999].ID })
	if err != nil || len(found) != 1 || found[0].Item.Title != big.Items[29999].Title {
		t.Fatalf("Find in the chunked board = %+v, %v", found, err)
	}

	// A save cut short after its first chunk: the board before stays.
	svc, _ := ServiceKey(testService)
	orphan := chunkKey(entryKey(10022001, api.Story), 1, 0)
	err = c.update(func(tx *bbolt.Tx) error {
		one, err := userBucket(tx, svc, testUser).Bucket(chunkBucket).CreateBucket(orphan)
		if err != nil {
			return err
		}
		return one.Put(chunkData, bytes.Repeat([]byte{'x'}, 100))
	})
	if err != nil {
		t.Fatal(err)
	}
	if got := load(); len(got.Items) != 30000 {
		t.Fatalf("after a save cut short, %d stories; want the 30,000 saved before", len(got.Items))
	}

	smaller := Snapshot{Items: testItems(25000), Fields: testFields(), SavedAt: testNow}
	if err := c.Save(testService, testUser, 10022001, api.Story, smaller); err != nil {
		t.Fatal(err)
	}
	if got := load(); !reflect.DeepEqual(got.Items, smaller.Items) {
		t.Fatalf("the board saved again reads back %d stories; want 25,000", len(got.Items))
	}
	after := chunkKeys(t, c)
	for _, k := range after {
		if k == string(orphan) || k[:len(k)-7] == keys[0][:len(keys[0])-7] {
			t.Errorf("chunk %s outlived the save that replaced it", k)
		}
	}

	if err := c.Save(testService, testUser, 10022001, api.Story, Snapshot{Items: testItems(10), SavedAt: testNow}); err != nil {
		t.Fatal(err)
	}
	if left := chunkKeys(t, c); len(left) != 0 {
		t.Errorf("a small board left %d chunks of the big one", len(left))
	}
	if got := load(); len(got.Items) != 10 {
		t.Errorf("the small board reads back %d stories", len(got.Items))
	}
}
