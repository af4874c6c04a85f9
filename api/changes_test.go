package api_test

import (
	"context"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
)

// TestChangesAgainstSandbox: after a sync point, Changes lists what was
// modified since (oldest first), the story edited meanwhile among them, and
// counts the whole list.
func TestChangesAgainstSandbox(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{})
	ctx := context.Background()
	c := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword})
	req := api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story)}
	all, err := c.List(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	synced := ""
	for _, it := range all {
		synced = max(synced, it.Modified)
	}
	since, err := api.ParseTime(synced)
	if err != nil {
		t.Fatal(err)
	}
	edited, err := c.UpdatePriority(ctx, wsAtlas, api.Story, all[7].ID, "Low", "demo")
	if err != nil {
		t.Fatal(err)
	}
	ch, err := c.Changes(ctx, req, since)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Total != len(all) {
		t.Errorf("Total = %d, want the %d stories listed", ch.Total, len(all))
	}
	found := false
	for i, it := range ch.Items {
		if it.Modified < synced {
			t.Errorf("story %s modified %s, before the sync point %s", it.ID, it.Modified, synced)
		}
		if i > 0 && it.Modified < ch.Items[i-1].Modified {
			t.Errorf("story %s (modified %s) comes after one modified %s: want oldest first", it.ID, it.Modified, ch.Items[i-1].Modified)
		}
		found = found || it.ID == edited.ID && it.PriorityLabel == "Low"
	}
	if !found || len(ch.Items) >= len(all) {
		t.Errorf("Changes = %d items, edited story among them %v; want a few, with it", len(ch.Items), found)
	}
	if ch.Newest != edited.Modified {
		t.Errorf("Newest = %q, want the edit's %q", ch.Newest, edited.Modified)
	}
	later, err := c.Changes(ctx, req, since.Add(time.Hour))
	if err != nil || len(later.Items) != 0 || later.Newest != "" {
		t.Errorf("Changes an hour ahead = %d items (newest %q), %v; want none", len(later.Items), later.Newest, err)
	}
}
