package login

import (
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui/cli/wiring"
)

// TestLogoutClearsTheCache: logging out forgets the boards cached for the
// user of the service, and only those.
func TestLogoutClearsTheCache(t *testing.T) {
	const base = "http://127.0.0.1:8080"
	home := t.TempDir()
	paths := store.PathsIn(home)
	if err := paths.Ensure(); err != nil {
		t.Fatal(err)
	}
	s := &wiring.Setup{Paths: paths, Config: store.Config{Settings: store.Settings{BaseURL: base}}}
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
	c := &wiring.Factory{Stderr: &stderr}
	clearCache(c, s, auth.Session{Service: base, Method: auth.MethodToken, Nick: "anyechen"})
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
