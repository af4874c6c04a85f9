package api_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
)

// pathCounter counts the requests to each path.
type pathCounter struct {
	mu    sync.Mutex
	paths map[string]int
}

func (c *pathCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.paths[r.URL.Path]++
	c.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

// TestItemChangesOfReadsOnlyTheNamedItems: the change history of named
// items lists their changes alone, who and when, before and after, one
// read per hundred items; a bug's creation is among them.
func TestItemChangesOfReadsOnlyTheNamedItems(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{})
	ctx := context.Background()
	pc := &pathCounter{paths: map[string]int{}}
	c := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword}, api.WithHTTPClient(&http.Client{Transport: pc}))
	stories, err := c.List(ctx, api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story)})
	if err != nil || len(stories) < 150 {
		t.Fatalf("%d stories, %v; want 150 or more", len(stories), err)
	}
	since := time.Now().Add(-time.Second)
	want := map[string]string{}
	for _, it := range stories[:2] {
		want[it.ID] = "Nice To Have"
		if it.PriorityLabel == "Nice To Have" {
			want[it.ID] = "High"
		}
		if _, err := c.UpdatePriority(ctx, wsAtlas, api.Story, it.ID, want[it.ID], "alice"); err != nil {
			t.Fatal(err)
		}
	}
	ids := make([]string, 150)
	for i := range ids {
		ids[i] = stories[i].ID
	}
	pc.paths = map[string]int{}
	got, err := c.ItemChangesOf(ctx, wsAtlas, api.Story, ids, since)
	if err != nil {
		t.Fatal(err)
	}
	if n := pc.paths["/story_changes"]; n != 2 {
		t.Errorf("150 items read in %d requests; want 2 (a hundred a read)", n)
	}
	changed := map[string]bool{}
	for _, ch := range got {
		changed[ch.ItemID] = true
		if ch.Author != "alice" || ch.Created == "" || len(ch.Fields) != 1 || ch.Fields[0].Field != "priority_label" || ch.Fields[0].After != want[ch.ItemID] || ch.Fields[0].Before == "" {
			t.Errorf("change %+v; want alice's priority change with before and after", ch)
		}
	}
	if len(changed) != 2 || !changed[ids[0]] || !changed[ids[1]] {
		t.Errorf("changes of %v; want the two stories alice changed", changed)
	}

	bug, err := c.Create(ctx, api.NewItem{WorkspaceID: wsAtlas, Kind: api.Bug, Title: "seen by the history", Creator: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	bugs, err := c.ItemChangesOf(ctx, wsAtlas, api.Bug, []string{bug.ID}, since)
	if err != nil || len(bugs) != 1 || bugs[0].Author != "bob" || bugs[0].Fields[0].Field != "status" || bugs[0].Fields[0].Before != "" || !strings.Contains(bugs[0].Created, "-") {
		t.Errorf("the new bug's history = %+v, %v; want its creation by bob", bugs, err)
	}
}
