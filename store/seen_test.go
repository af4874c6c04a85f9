package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
)

// TestSeenPersistsPerWorkspaceKindAndUser: what a user last looked at is
// kept per service, user, workspace and kind, survives a new read of the
// file, and a kind never looked at is not known.
func TestSeenPersistsPerWorkspaceKindAndUser(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	const svc = "http://127.0.0.1:1"
	if _, ok, err := LoadSeen(dir, svc, "demo", 7, api.Bug); ok || err != nil {
		t.Fatalf("before any look: known %v, %v; want unknown", ok, err)
	}
	bugs := Seen{Since: "2026-11-25 09:00:00", Looked: map[string]string{"1100000007000000012": "2026-11-26 10:00:00"}}
	if err := SaveSeen(dir, svc, "demo", 7, api.Bug, bugs); err != nil {
		t.Fatal(err)
	}
	if err := SaveSeen(dir, svc, "demo", 7, api.Story, Seen{Since: "2026-11-20 00:00:00"}); err != nil {
		t.Fatal(err)
	}
	got, ok, err := LoadSeen(dir, svc, "demo", 7, api.Bug)
	if !ok || err != nil || got.Since != bugs.Since || got.Looked["1100000007000000012"] != "2026-11-26 10:00:00" {
		t.Errorf("bugs read back = %+v, %v, %v; want %+v", got, ok, err, bugs)
	}
	if got, _, _ := LoadSeen(dir, svc, "demo", 7, api.Story); got.Since != "2026-11-20 00:00:00" {
		t.Errorf("stories read back since %q, want their own time", got.Since)
	}
	for _, other := range []struct {
		user string
		ws   int64
		kind api.Kind
	}{{"alice", 7, api.Bug}, {"demo", 8, api.Bug}, {"demo", 7, api.Task}} {
		if _, ok, _ := LoadSeen(dir, svc, other.user, other.ws, other.kind); ok {
			t.Errorf("%s in workspace %d, %s: known; want only what was saved for it", other.user, other.ws, other.kind)
		}
	}
}

// TestSeenUnreadableFileSaysSoAndIsReplaced: a broken file is an error
// that says what happens, and the next save writes a good one.
func TestSeenUnreadableFileSaysSoAndIsReplaced(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, SeenFile), []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadSeen(dir, "s", "u", 1, api.Story); err == nil || !strings.Contains(err.Error(), "starts afresh") {
		t.Errorf("broken file: %v; want an error saying the marks start afresh", err)
	}
	if err := SaveSeen(dir, "s", "u", 1, api.Story, Seen{Since: "2026-11-26 08:00:00"}); err != nil {
		t.Fatal(err)
	}
	if got, ok, err := LoadSeen(dir, "s", "u", 1, api.Story); !ok || err != nil || got.Since != "2026-11-26 08:00:00" {
		t.Errorf("after a save over a broken file: %+v %v %v", got, ok, err)
	}
}
