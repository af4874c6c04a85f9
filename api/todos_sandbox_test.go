package api_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestTodosAgainstSandbox: the to-dos of a user are the open items of each
// kind whose owner (a bug's current_owner) names the user, the same set the
// kind's list gives filtered so, trimmed to the fields asked; an item given
// to someone else leaves them, and ModifiedSince lists it as changed,
// alone.
func TestTodosAgainstSandbox(t *testing.T) {
	c, clk := startSandbox(t)
	ctx := context.Background()
	for _, kind := range api.Kinds {
		todos, err := c.Todos(ctx, workspace, kind, "demo", api.ListFields(kind))
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if len(todos) == 0 {
			t.Fatalf("%s: no to-dos of demo in the seed", kind)
		}
		finals, err := c.LastSteps(ctx, workspace, kind)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range todos {
			if !strings.Contains(";"+it.Owner, ";demo;") {
				t.Errorf("%s %s: owner %q does not name demo", kind, it.ID, it.Owner)
			}
			if _, done := finals[it.Status]; done {
				t.Errorf("%s %s: status %q is final", kind, it.ID, it.Status)
			}
			if it.WorkspaceID != "10022001" || it.Modified == "" {
				t.Errorf("%s %s: workspace %q, modified %q: the fields asked are missing", kind, it.ID, it.WorkspaceID, it.Modified)
			}
			if it.Description != "" {
				t.Errorf("%s %s: a description came though fields= left it out", kind, it.ID)
			}
		}
		all, err := c.List(ctx, api.ListRequest{WorkspaceID: workspace, Kind: kind, Fields: []string{"id", "status", kind.OwnerField()},
			Filter: url.Values{kind.OwnerField(): {"demo"}}})
		if err != nil {
			t.Fatal(err)
		}
		open := 0
		for _, it := range all {
			if _, done := finals[it.Status]; !done && strings.Contains(";"+it.Owner, ";demo;") {
				open++
			}
		}
		if open != len(todos) {
			t.Errorf("%s: %d to-dos, the list has %d open items of demo", kind, len(todos), open)
		}
	}

	stories, err := c.Todos(ctx, workspace, api.Story, "demo", []string{"id", "name", "status"})
	if err != nil {
		t.Fatal(err)
	}
	clk.Advance(2 * time.Minute)
	since := clk.Now().Add(-time.Minute)
	done := stories[0]
	if _, err := c.Update(ctx, workspace, api.Story, done.ID, map[string]string{"owner": "alice;"}, "demo"); err != nil {
		t.Fatal(err)
	}
	after, err := c.Todos(ctx, workspace, api.Story, "demo", []string{"id"})
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(stories)-1 {
		t.Errorf("after giving %s to alice: %d to-dos, want %d", done.ID, len(after), len(stories)-1)
	}
	changed, err := c.ModifiedSince(ctx, workspace, api.Story, since, []string{"id", "owner", "modified"})
	if err != nil {
		t.Fatal(err)
	}
	if len(changed) != 1 || changed[0].ID != done.ID || changed[0].Owner != "alice;" {
		t.Errorf("changed since %s: %+v, want only %s, now alice's", since, changed, done.ID)
	}
}
