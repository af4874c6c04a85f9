package api_test

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
	"triage/store"
)

// The outbox's replayer reads and looks up items through the client itself.
var _ store.Remote = (*api.Client)(nil)

const workspace = 10022001

// startSandbox runs the sandbox with a hand-moved clock and returns a client
// signed in with the demo API account.
func startSandbox(t *testing.T) (*api.Client, *webtest.Clock) {
	t.Helper()
	clk := webtest.NewClock()
	run, err := sandbox.Start(sandbox.Options{Clock: clk.Now})
	if err != nil {
		t.Fatalf("start the sandbox: %v", err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Errorf("close the sandbox: %v", err)
		}
	})
	demo := run.Server.Demo()
	c := api.NewClient(run.URL, api.BasicAuth{User: demo.APIUser, Password: demo.APIPassword},
		api.WithBackoff(time.Millisecond, 10*time.Millisecond))
	return c, clk
}

// create makes an item as nick and moves the clock on by a minute.
func create(t *testing.T, c *api.Client, clk *webtest.Clock, kind api.Kind, title, nick string) api.Item {
	t.Helper()
	it, err := c.Create(context.Background(), api.NewItem{Kind: kind, WorkspaceID: workspace, Title: title, Creator: nick,
		Fields: map[string]string{"description": "<p>made by the lookup test</p>", "severity": "normal"}}) // Atlas Web's bugs need a severity; stories and tasks ignore it
	if err != nil {
		t.Fatalf("create %s %q: %v", kind, title, err)
	}
	clk.Advance(time.Minute)
	return it
}

func TestGetAgainstSandbox(t *testing.T) {
	c, clk := startSandbox(t)
	ctx := context.Background()
	for _, kind := range api.Kinds {
		t.Run(kind.String(), func(t *testing.T) {
			made := create(t, c, clk, kind, "Lookup of a "+kind.String(), "alice")
			got, err := c.Get(ctx, workspace, kind, made.ID)
			if err != nil {
				t.Fatalf("Get: %v", err)
			}
			if got.ID != made.ID || got.Kind != kind || got.Title != made.Title || got.Modified != made.Modified ||
				got.Description != made.Description || got.Status == "" {
				t.Errorf("Get = %+v\nwant %+v", got, made)
			}
			if _, err := c.Get(ctx, workspace, kind, " "+made.ID+" "); err != nil {
				t.Errorf("Get with spaces around the id: %v", err)
			}
		})
	}

	missing := []struct {
		name      string
		workspace int64
		id        string
		want      api.ErrorKind
		text      string
	}{
		{"unknown id", workspace, "1110022001999999999", api.ErrNotFound, "no story 1110022001999999999"},
		{"id of an on-premise deployment", workspace, "1010022001000000001", api.ErrNotFound, "no story 1010022001000000001"},
		{"two ids at once", workspace, "1110022001000000001|1110022001000000002", api.ErrNotFound, "no story"},
		{"unknown workspace", 99999999, "1099999999000000001", api.ErrNotFound, "99999999"},
		{"empty id", workspace, " ", api.ErrValidation, "the item id is empty"},
		{"no workspace", 0, "1110022001000000001", api.ErrValidation, "a workspace is required"},
	}
	for _, tt := range missing {
		t.Run(tt.name, func(t *testing.T) {
			_, err := c.Get(ctx, tt.workspace, api.Story, tt.id)
			if api.KindOf(err) != tt.want {
				t.Fatalf("Get: %v (kind %v), want kind %v", err, api.KindOf(err), tt.want)
			}
			if !strings.Contains(err.Error(), tt.text) {
				t.Errorf("error %q lacks %q", err, tt.text)
			}
		})
	}
}

func TestFindCreatedAgainstSandbox(t *testing.T) {
	c, clk := startSandbox(t)
	ctx := context.Background()
	start := clk.Now()
	const title = "Export invoices | CSV"
	first := create(t, c, clk, api.Story, title, "alice")         // start
	second := create(t, c, clk, api.Story, title, "alice;")       // start+1m
	create(t, c, clk, api.Story, title, "bob")                    // start+2m
	create(t, c, clk, api.Story, title+" again", "alice")         // start+3m
	create(t, c, clk, api.Story, strings.ToLower(title), "alice") // start+4m
	bug := create(t, c, clk, api.Bug, title, "alice")             // start+5m

	tests := []struct {
		name    string
		kind    api.Kind
		title   string
		creator string
		after   time.Time
		want    string // id; "" not found
	}{
		{"newest of the creator", api.Story, title, "alice", start, second.ID},
		{"nick with the service's semicolon", api.Story, title, "alice;", start, second.ID},
		{"spaces around the title", api.Story, "  " + title + " ", "alice", start, second.ID},
		{"after in another zone", api.Story, title, "alice", start.In(time.FixedZone("UTC-5", -5*3600)), second.ID},
		{"at the second it was made", api.Story, title, "alice", start.Add(time.Minute), second.ID},
		{"within the second it was made", api.Story, title, "alice", start.Add(time.Minute + 500*time.Millisecond), second.ID},
		{"long before: still the newest", api.Story, title, "alice", start.Add(-time.Hour), second.ID},
		{"made before after", api.Story, title, "alice", start.Add(time.Minute + time.Second), ""},
		{"another creator", api.Story, title, "bob", start, "1110022001"},
		{"nobody made it", api.Story, title, "carol", start, ""},
		{"anyone", api.Story, title, "", start.Add(90 * time.Second), "1110022001"},
		{"a title within a title is not the title", api.Story, "Export invoices", "alice", start, ""},
		{"bugs by reporter", api.Bug, title, "alice", start, bug.ID},
		{"not a task", api.Task, title, "alice", start, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found, err := c.FindCreated(ctx, workspace, tt.kind, tt.title, tt.creator, tt.after)
			if err != nil {
				t.Fatalf("FindCreated: %v", err)
			}
			if found != (tt.want != "") || found && !strings.HasPrefix(got.ID, tt.want) {
				t.Fatalf("FindCreated = %s %q by %q (found %v), want %q", got.ID, got.Title, got.Creator, found, tt.want)
			}
			if found && (got.Title != title || got.Kind != tt.kind || got.Created == "") {
				t.Errorf("FindCreated = %+v", got)
			}
		})
	}
	if first.ID == second.ID {
		t.Fatalf("two creates gave one id %s", first.ID)
	}
}

// TestFindCreatedSeedItems finds the newest item of the seed of each kind by
// its title and creator, who is given with and without the ";" that the real
// service writes after nicks (the sandbox stores creators without it).
func TestFindCreatedSeedItems(t *testing.T) {
	c, _ := startSandbox(t)
	ctx := context.Background()
	for _, kind := range api.Kinds {
		items, err := c.List(ctx, api.ListRequest{WorkspaceID: workspace, Kind: kind, Order: "created desc",
			Fields: []string{kind.TitleField(), kind.CreatorField(), "created"}})
		if err != nil || len(items) == 0 {
			t.Fatalf("list %s: %d items, %v", kind.Path(), len(items), err)
		}
		seed := items[0]
		created, err := api.ParseTime(seed.Created)
		if err != nil || seed.Creator == "" {
			t.Fatalf("%s %s: creator %q, created %q: %v", kind, seed.ID, seed.Creator, seed.Created, err)
		}
		for _, nick := range []string{seed.Creator, seed.Creator + ";"} {
			got, found, err := c.FindCreated(ctx, workspace, kind, seed.Title, nick, created)
			if err != nil || !found {
				t.Fatalf("FindCreated(%s %q by %q at %s) = found %v, %v", kind, seed.Title, nick, seed.Created, found, err)
			}
			if got.Title != seed.Title || got.Creator != seed.Creator || got.Created < seed.Created {
				t.Errorf("FindCreated found %+v, want one like %+v", got, seed)
			}
		}
	}
}

func TestFindCreatedRefusesBeforeSending(t *testing.T) {
	c := api.NewClient("http://127.0.0.1:1", nil, api.WithMaxRetries(0))
	tests := []struct {
		name      string
		workspace int64
		kind      api.Kind
		title     string
	}{
		{"no title", workspace, api.Story, "  "},
		{"no workspace", 0, api.Story, "x"},
		{"unknown kind", workspace, api.Kind(7), "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, found, err := c.FindCreated(context.Background(), tt.workspace, tt.kind, tt.title, "alice", time.Time{})
			var e *api.Error
			if found || !errors.As(err, &e) || e.Kind != api.ErrValidation {
				t.Errorf("FindCreated = %v, %v; want a validation error", found, err)
			}
		})
	}
}

// TestGetManyAgainstSandbox: one list by ids answers every item the
// service has, once, and leaves out the ids it does not have.
func TestGetManyAgainstSandbox(t *testing.T) {
	c, clk := startSandbox(t)
	ctx := context.Background()
	for _, kind := range api.Kinds {
		t.Run(kind.String(), func(t *testing.T) {
			a := create(t, c, clk, kind, "First of a batch", "alice")
			b := create(t, c, clk, kind, "Second of a batch", "alice")
			got, err := c.GetMany(ctx, workspace, kind, []string{a.ID, "1110022001999999999", b.ID, a.ID})
			if err != nil {
				t.Fatalf("GetMany: %v", err)
			}
			titles := map[string]string{}
			for _, it := range got {
				titles[it.ID] = it.Title
			}
			if len(got) != 2 || titles[a.ID] != a.Title || titles[b.ID] != b.Title {
				t.Errorf("GetMany = %+v, want %s and %s once each", got, a.ID, b.ID)
			}
		})
	}
	if _, err := c.GetMany(ctx, 0, api.Story, []string{"1"}); api.KindOf(err) != api.ErrValidation {
		t.Errorf("GetMany without a workspace: %v, want a validation error", err)
	}
}

// TestLastStepsAgainstSandbox: the final statuses of each kind's workflow,
// as /workflows/last_steps names them.
func TestLastStepsAgainstSandbox(t *testing.T) {
	c, _ := startSandbox(t)
	want := map[api.Kind][]string{api.Story: {"rejected", "resolved"}, api.Bug: {"closed", "rejected"}, api.Task: {"done"}}
	for _, kind := range api.Kinds {
		got, err := c.LastSteps(context.Background(), workspace, kind)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		codes := slices.Sorted(maps.Keys(got))
		if !slices.Equal(codes, want[kind]) || got[codes[0]] == "" {
			t.Errorf("%s final statuses %v, want %v with names", kind, got, want[kind])
		}
	}
}
