package wiring

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"triage/api"
	"triage/store"
)

// TestOpenStores: a corrupted cache is a warning (rebuilt, usable); a
// second start shares the outbox, without the cache the first holds.
func TestOpenStores(t *testing.T) {
	paths := store.PathsIn(t.TempDir())
	if err := paths.Ensure(); err != nil {
		t.Fatal(err)
	}
	cacheFile := filepath.Join(paths.CacheDir, store.CacheFile)
	if err := os.WriteFile(cacheFile, bytes.Repeat([]byte("not bbolt "), 1000), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := OpenStores(paths)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !errors.Is(st.Warning, store.ErrCacheRebuilt) || !st.Cache.Available() {
		t.Errorf("warning %v, cache in use %v: want it rebuilt and usable", st.Warning, st.Cache.Available())
	}
	if err := st.Cache.Save("http://127.0.0.1:8080", "anyechen", 10022001, api.Story, store.Snapshot{}); err != nil {
		t.Errorf("the rebuilt cache does not save: %v", err)
	}

	second, err := OpenStores(paths)
	if err != nil {
		t.Fatalf("a second start: %v, want it to share the outbox", err)
	}
	defer second.Close()
	if !errors.Is(second.Warning, store.ErrCacheUnavailable) {
		t.Errorf("a second start's cache warning = %v, want the cache unavailable", second.Warning)
	}
	e, err := st.Outbox.Add(store.Edit{Session: "20260106T171604Z-00000001", Service: "http://127.0.0.1:8080", User: "anyechen",
		WorkspaceID: 10022001, Kind: api.Story, Op: store.OpPriority, ItemID: "1", From: "Low", To: "High"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := second.Outbox.Get(e.Seq); err != nil || got.To != "High" {
		t.Errorf("the second start reads the first's edit: %+v, %v", got, err)
	}
}
