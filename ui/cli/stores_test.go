package cli

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
	"triage/auth"
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
	st, err := openStores(paths)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !errors.Is(st.warning, store.ErrCacheRebuilt) || !st.cache.Available() {
		t.Errorf("warning %v, cache in use %v: want it rebuilt and usable", st.warning, st.cache.Available())
	}
	if err := st.cache.Save("http://127.0.0.1:8080", "anyechen", 10022001, api.Story, store.Snapshot{}); err != nil {
		t.Errorf("the rebuilt cache does not save: %v", err)
	}

	_, err = openStores(paths)
	if !errors.Is(err, errAlreadyRunning) || !errors.Is(err, store.ErrOutboxLocked) {
		t.Errorf("a second start: %v, want it to say another triage is running", err)
	}
}

// TestLogoutClearsTheCache: logging out forgets the boards cached for the
// user of the service, and only those.
func TestLogoutClearsTheCache(t *testing.T) {
	const base = "http://127.0.0.1:8080"
	home := t.TempDir()
	paths := store.PathsIn(home)
	if err := paths.Ensure(); err != nil {
		t.Fatal(err)
	}
	s := &setup{paths: paths, cfg: store.Config{Settings: store.Settings{BaseURL: base}}}
	cache, err := store.OpenCache(filepath.Join(paths.CacheDir, store.CacheFile))
	if err != nil {
		t.Fatal(err)
	}
	snap := store.Snapshot{Items: []api.Item{{Kind: api.Story, ID: "1010022001000000001"}}}
	for _, user := range []string{"anyechen", "lily"} {
		if err := cache.Save(base, user, 10022001, api.Story, snap); err != nil {
			t.Fatal(err)
		}
	}
	if err := cache.Close(); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	c := &cli{stderr: &stderr}
	c.clearCache(s, auth.Session{Service: base, Method: auth.MethodToken, Nick: "anyechen"})
	if stderr.Len() > 0 {
		t.Errorf("clearing said %q", stderr.String())
	}
	cache, err = store.OpenCache(filepath.Join(paths.CacheDir, store.CacheFile))
	if err != nil {
		t.Fatal(err)
	}
	defer cache.Close()
	for user, want := range map[string]bool{"anyechen": false, "lily": true} {
		if _, ok, err := cache.Load(base, user, 10022001, api.Story); ok != want || err != nil {
			t.Errorf("%s's board cached: %v (%v), want %v", user, ok, err, want)
		}
	}
}
