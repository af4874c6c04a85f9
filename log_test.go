package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

// TestLogShowsTheLastSessionOfTheService: triage log prints the newest
// session's changes on the chosen service, and --since every session's.
func TestLogShowsTheLastSessionOfTheService(t *testing.T) {
	paths := store.PathsIn(t.TempDir())
	if err := paths.Ensure(); err != nil {
		t.Fatal(err)
	}
	ob, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	const here, there = "http://127.0.0.1:8080", "https://api.tapd.cn"
	for _, e := range []store.Edit{
		{Session: "1-old", Service: here, ItemID: "1010022001000000007", From: "Low", To: "High"},
		{Session: "2-new", Service: here, ItemID: "1010022001000000008", From: "", To: "Middle"},
		{Session: "3-elsewhere", Service: there, ItemID: "1010022001000000009", From: "High", To: "Low"},
	} {
		e.User, e.WorkspaceID, e.Kind, e.Op = "demo", 10022001, api.Story, store.OpPriority
		if _, err := ob.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := ob.Close(); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name      string
		service   string
		since     time.Time
		want, not []string
	}{
		{"last session here", here, time.Time{}, []string{"story 1010022001000000008", "(none) → Middle", "waiting"}, []string{"000000007", "000000009"}},
		{"since an hour ago", here, time.Now().Add(-time.Hour), []string{"000000007", "000000008"}, []string{"000000009"}},
		{"another service", there, time.Time{}, []string{"High → Low"}, []string{"000000007", "000000008"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			c := &cli{stdout: &out, stderr: &errOut, env: func(string) string { return "" }}
			if err := c.printLog(paths, tt.service, tt.since, false); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("log lacks %q:\n%s%s", w, out.String(), errOut.String())
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out.String(), n) {
					t.Errorf("log shows %q:\n%s", n, out.String())
				}
			}
		})
	}
}
