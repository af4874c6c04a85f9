package engine

import (
	"context"
	"strings"
	"testing"

	"triage/api"
)

// TestRequestsOfBigBulks counts what the board's bulk edits cost the
// service once writes go through TAPD's batch interfaces: a bulk move of
// 50 cards is one read and one batch write (51 requests before); with a
// why, one comment more per card (TAPD adds one comment a request: 26
// cards with a why, 1+1+26 requests, 53 before); a bulk of 120 is one
// read and three batch writes (121 before).
// Every card ends where the bulk put it, on the service.
func TestRequestsOfBigBulks(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	_, _, cmd := g.Moves(api.Story)
	r.run(cmd)
	// stories are n stories of the default type (the others have another
	// workflow) that pass keep, read as the board would show them.
	stories := func(n int, keep func(api.Item) bool) []api.Item {
		var found []api.Item
		err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
			for _, it := range p.Items {
				it.Kind = api.Story
				if id := it.ShortID(); id[len(id)-1] != '0' && keep(it) && len(found) < n {
					found = append(found, it)
				}
			}
		})
		if err != nil || len(found) < n {
			t.Fatalf("%d stories found, want %d: %v", len(found), n, err)
		}
		ct.take()
		return found
	}
	planning := stories(76, func(it api.Item) bool { return it.Status == "planning" })
	changes := func(f Field, to string, items []api.Item) []Change {
		out := make([]Change, len(items))
		for i, it := range items {
			out[i] = Change{Item: it, Field: f, To: to}
		}
		return out
	}
	cases := []struct {
		name          string
		why           string
		items         func() []api.Item
		field         Field
		to            string
		reads, writes int
		said          string
	}{
		{"a bulk move of 50", "", func() []api.Item { return planning[:50] }, Status, "developing", 1, 1, "50 moved\n"},
		{"a bulk move of 26 with a why", "<p>sprint 12</p>", func() []api.Item { return planning[50:76] }, Status, "developing", 1, 27, "26 moved\n"},
		{"a bulk of 120", "", func() []api.Item {
			return stories(120, func(it api.Item) bool { return it.DisplayPriority() != "Nice To Have" })
		}, Priority, "Nice To Have", 1, 3, "120 moved\n"},
	}
	for _, c := range cases {
		items := c.items()
		_, cmd := g.ApplyBulk(api.Story, c.why, changes(c.field, c.to, items)...)
		r.run(cmd)
		reads, writes := ct.take()
		t.Logf("%-30s %d reads, %d writes", c.name, reads, writes)
		if reads != c.reads || writes != c.writes {
			t.Errorf("%s: %d reads, %d writes; want %d, %d", c.name, reads, writes, c.reads, c.writes)
		}
		if said := r.said(); !strings.HasPrefix(said, c.said) {
			t.Errorf("%s: said %q", c.name, said)
		}
		ids := make([]string, len(items))
		for i, it := range items {
			ids[i] = it.ID
		}
		got, err := client.GetMany(context.Background(), 10022001, api.Story, ids)
		if err != nil || len(got) != len(ids) {
			t.Fatalf("%s: read back %d of %d: %v", c.name, len(got), len(ids), err)
		}
		for _, it := range got {
			if v := c.field.Value(it); v != c.to {
				t.Errorf("%s: story %s has %q on the service, want %q", c.name, it.ID, v, c.to)
			}
		}
		ct.take()
	}
}
