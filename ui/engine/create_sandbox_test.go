package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// TestNewBugOfBillingLegacy against the sandbox: the fields a new bug
// needs are read once (one request), naming the owner and the severity as
// required; the bug queued with them goes through the outbox and is
// created once, in one write, and the board is told of it.
func TestNewBugOfBillingLegacy(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	r.run(g.Open(10022003))
	ct.take()

	_, known, cmd := g.CreateFields(api.Bug)
	if known || cmd == nil {
		t.Fatal("the fields of a new bug are known before they are read")
	}
	if _, known, again := g.CreateFields(api.Bug); known || again != nil {
		t.Fatal("a second ask reads the fields of a new bug again while the first read is on its way")
	}
	r.run(cmd)
	fields, known, cmd := g.CreateFields(api.Bug)
	if !known || cmd != nil {
		t.Fatal("the fields of a new bug are read again")
	}
	var required []string
	for _, f := range fields {
		if f.Required {
			required = append(required, f.Name)
		}
	}
	if !slices.Equal(required, []string{"current_owner", "severity"}) {
		t.Fatalf("a new bug requires %v, want current_owner and severity", required)
	}
	if reads, writes := ct.take(); reads != 1 || writes != 0 {
		t.Errorf("reading the fields of a new bug took %d reads, %d writes; want 1, 0", reads, writes)
	}

	title := "Invoice totals are off by a cent"
	r.run(g.Create(api.NewItem{Kind: api.Bug, Title: title, Creator: "demo",
		Fields: map[string]string{"current_owner": "demo;", "severity": "serious"}}))
	reads, writes := ct.take()
	t.Logf("a new bug: %d reads, %d writes", reads, writes)
	if writes != 1 {
		t.Errorf("the create took %d writes, want 1", writes)
	}
	if !strings.Contains(r.said(), "created #") {
		t.Errorf("the create was not said: %q", r.said())
	}
	var made []api.Item
	err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022003, Kind: api.Bug,
		Fields: append(api.ListFields(api.Bug), "severity")}, func(p api.Page) {
		for _, it := range p.Items {
			if it.Title == title {
				made = append(made, it)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(made) != 1 || made[0].Severity != "serious" {
		t.Fatalf("the service has %+v, want one bug of severity serious", made)
	}
	if g.waiting != 0 {
		t.Errorf("%d edits still wait in the outbox", g.waiting)
	}
}
