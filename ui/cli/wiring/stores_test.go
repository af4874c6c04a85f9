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

// TestOpenStores: a corrupted cache is a warning (rebuilt, usable); an
// outbox another triage holds stops the start, saying so.
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

	_, err = OpenStores(paths)
	if !errors.Is(err, ErrAlreadyRunning) || !errors.Is(err, store.ErrOutboxLocked) {
		t.Errorf("a second start: %v, want it to say another triage is running", err)
	}
}
