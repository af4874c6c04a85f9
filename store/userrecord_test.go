package store

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// TestUserRecordsRoundTripAndMiss: my work and a workspace's reference data
// come back as saved, per user; another user, another version and a record
// that cannot be decoded are misses, the last said in the record's words.
func TestUserRecordsRoundTripAndMiss(t *testing.T) {
	c := openTestCache(t, filepath.Join(t.TempDir(), CacheFile))
	const svc = "http://127.0.0.1:1"
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	work := Todos{SavedAt: now, Sets: []TodoSet{{WorkspaceID: 7, Kind: api.Bug, Synced: "2026-11-26 08:00:00"}}}
	if err := c.SaveTodos(svc, "ann", work); err != nil {
		t.Fatal(err)
	}
	fi := api.FieldInfo{}
	if err := c.KeepFieldInfo(svc, "ann", 7, api.Story, fi, now); err != nil {
		t.Fatal(err)
	}
	ref := Reference{Counts: map[api.Kind]Dated[int]{api.Bug: {Value: 180, Read: now}}}
	if err := c.SaveReference(svc, "ann", 8, ref); err != nil {
		t.Fatal(err)
	}

	if got, ok, err := c.LoadTodos(svc, "ann"); err != nil || !ok || len(got.Sets) != 1 || got.Sets[0].Synced != "2026-11-26 08:00:00" {
		t.Errorf("LoadTodos = %+v, %v, %v", got, ok, err)
	}
	if got, ok, err := c.LoadReference(svc, "ann", 8); err != nil || !ok || got.Counts[api.Bug].Value != 180 {
		t.Errorf("LoadReference(8) = %+v, %v, %v", got, ok, err)
	}
	if got, ok, err := c.LoadReference(svc, "ann", 7); err != nil || !ok || !got.Fields[api.Story].Read.Equal(now) {
		t.Errorf("LoadReference(7) after KeepFieldInfo = %+v, %v, %v", got, ok, err)
	}
	if _, ok, err := c.LoadTodos(svc, "bob"); ok || err != nil {
		t.Errorf("another user's work: found %v, %v", ok, err)
	}

	svcKey, err := ServiceKey(svc)
	if err != nil {
		t.Fatal(err)
	}
	put := func(raw []byte) {
		t.Helper()
		err := c.update(func(tx *bbolt.Tx) error {
			b, err := todoRecord.bucketIn(tx, svcKey, "ann")
			if err != nil {
				return err
			}
			return b.Put(todoRecord.key, raw)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	put([]byte{todoRecord.version + 1, 1, 2, 3})
	if _, ok, err := c.LoadTodos(svc, "ann"); ok || err != nil {
		t.Errorf("another version: found %v, %v; want a quiet miss", ok, err)
	}
	put([]byte{todoRecord.version, 0xff, 0x00})
	if _, ok, err := c.LoadTodos(svc, "ann"); ok || err == nil || !strings.Contains(err.Error(), "your cached work is unreadable") {
		t.Errorf("an undecodable record: found %v, %v; want a miss that says so", ok, err)
	}
}
