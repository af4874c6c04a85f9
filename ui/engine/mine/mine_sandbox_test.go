package mine_test

import (
	"context"
	"net/http"
	"slices"
	"sort"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
	"triage/ui/engine/mine"
)

// ids are the ids of each set, by workspace and kind.
func ids(t store.Todos) map[string][]string {
	out := map[string][]string{}
	for _, s := range t.Sets {
		key := s.WorkspaceName + "/" + s.Kind.String()
		for _, it := range s.Items {
			out[key] = append(out[key], it.ID)
		}
		sort.Strings(out[key])
	}
	return out
}

// TestRefreshColdThenWarm against the sandbox, as the demo user in its
// three workspaces: a cold read lists the workspaces, then each kind's
// to-dos and final statuses (1 + 2 requests per workspace and kind); after
// demo's story goes to alice and alice's bug to demo, a warm refresh asks
// one request per workspace and kind (the items modified since), the
// workspaces listed again only when asked or a day later, and holds
// exactly what a cold read would.
func TestRefreshColdThenWarm(t *testing.T) {
	srv := sandboxtest.Start(t, sandbox.Options{})
	ct := &sandboxtest.PathCounter{}
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: ct}))
	ctx := context.Background()

	cold, err := mine.Refresh(ctx, client, "demo", store.Todos{}, mine.Read{}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	byPath, total := ct.Take()
	if len(cold.Sets) != 9 || total != 1+2*9 || byPath["GET /workflows/last_steps"] != 9 || byPath["GET /user_oauth/get_user_todo_bug"] != 3 {
		t.Fatalf("cold read: %d sets in %d requests %v, want 9 sets in 19", len(cold.Sets), total, byPath)
	}
	t.Logf("cold: %d requests, %d to-dos", total, mine.Count(cold))
	for _, s := range cold.Sets {
		if len(s.Items) == 0 || s.Err != "" || s.Synced == "" {
			t.Fatalf("%s %s: %d items, err %q, synced %q", s.WorkspaceName, s.Kind, len(s.Items), s.Err, s.Synced)
		}
		for _, it := range s.Items {
			if !mine.Waiting(it, "demo", s.Finals) || it.WorkspaceID == "" {
				t.Fatalf("%s %s: %s (owner %q, status %q, workspace %q) does not wait on demo", s.WorkspaceName, s.Kind, it.ID, it.Owner, it.Status, it.WorkspaceID)
			}
		}
	}

	story := cold.Sets[0].Items[0]
	if _, err := client.Update(ctx, 10022001, api.Story, story.ID, map[string]string{"owner": "alice;"}, "demo"); err != nil {
		t.Fatal(err)
	}
	bugs, err := client.List(ctx, api.ListRequest{WorkspaceID: 10022002, Kind: api.Bug, Fields: []string{"id", "current_owner", "status"}})
	if err != nil {
		t.Fatal(err)
	}
	var bug api.Item
	for _, b := range bugs {
		if b.Owner == "alice;" && b.Status == "new" {
			bug = b
			break
		}
	}
	if bug.ID == "" {
		t.Fatal("no new bug of alice in 10022002")
	}
	if _, err := client.Update(ctx, 10022002, api.Bug, bug.ID, map[string]string{"current_owner": "demo;"}, "demo"); err != nil {
		t.Fatal(err)
	}
	ct.Take()

	warm, err := mine.Refresh(ctx, client, "demo", cold, mine.Read{}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	byPath, total = ct.Take()
	if total != 9 || byPath["GET /stories"] != 3 || byPath["GET /bugs"] != 3 || byPath["GET /tasks"] != 3 {
		t.Errorf("warm refresh: %d requests %v, want 9: one per workspace and kind (the workspaces were listed just now)", total, byPath)
	}
	t.Logf("warm: %d requests %v", total, byPath)
	got := ids(warm)
	if slices.Contains(got["Atlas Web/story"], story.ID) {
		t.Errorf("story %s, now alice's, is still in my work", story.ID)
	}
	if !slices.Contains(got["星河移动/bug"], bug.ID) {
		t.Errorf("bug %s, now demo's, is not in my work", bug.ID)
	}
	for _, tt := range []struct {
		name string
		how  mine.Read
		at   time.Time
	}{{"asked to list them (r)", mine.Read{Spaces: true}, time.Now()}, {"a day after they were listed", mine.Read{}, time.Now().Add(mine.SpacesFresh)}} {
		if _, err := mine.Refresh(ctx, client, "demo", warm, tt.how, tt.at); err != nil {
			t.Fatal(err)
		}
		if byPath, total := ct.Take(); total != 10 || byPath["GET /workspaces/user_participant_projects"] != 1 {
			t.Errorf("%s, a warm refresh made %d requests %v, want 10: the workspaces, then one per workspace and kind", tt.name, total, byPath)
		}
	}
	whole, err := mine.Refresh(ctx, client, "demo", cold, mine.Read{Whole: true}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	want := ids(whole)
	for key, list := range want {
		if !slices.Equal(got[key], list) {
			t.Errorf("%s: the warm refresh holds %d items, a whole read %d", key, len(got[key]), len(list))
		}
	}
}
