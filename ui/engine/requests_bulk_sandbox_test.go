package engine

import (
	"context"
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/api"
)

// TestRequestsOfBulkAndQueue counts what the bulk edits of any field and
// the queue's answers cost the service: a bulk of N items is one read (the
// N items in one request, for the conflict check) and one batch write per
// 50 items, plus N comments with a why (TAPD adds one comment a request); a queue answer is one read and one write, plus the
// comment with a why; a queue answer the known workflow refuses costs
// nothing.
func TestRequestsOfBulkAndQueue(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	_, _, cmd := g.Moves(api.Story)
	r.run(cmd)
	var planning []api.Item
	err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
		for _, it := range p.Items {
			if n := it.ShortID(); it.Status == "planning" && n[len(n)-1] != '0' && len(planning) < 4 {
				it.Kind = api.Story
				planning = append(planning, it)
			}
		}
	})
	if err != nil || len(planning) < 4 {
		t.Fatalf("%d stories in planning: %v", len(planning), err)
	}
	ct.take()
	changes := func(f Field, to string, items ...api.Item) []Change {
		var out []Change
		for _, it := range items {
			out = append(out, Change{Item: r.current(client, ct, it.ID), Field: f, To: to})
		}
		return out
	}
	cases := []struct {
		name          string
		act           func() tea.Cmd
		reads, writes int
	}{
		{"bulk: owners of 3", func() tea.Cmd {
			_, cmd := g.ApplyBulk(api.Story, "", changes(Owner, "demo;alice;", planning[:3]...)...)
			return cmd
		}, 1, 1},
		{"bulk: status of 3 with a why", func() tea.Cmd {
			_, cmd := g.ApplyBulk(api.Story, "<p>why</p>", changes(Status, "developing", planning[:3]...)...)
			return cmd
		}, 1, 4},
		{"queue: an owner with a why", func() tea.Cmd {
			cmd, _ := g.Update(AnswerMsg{Item: r.current(client, ct, planning[3].ID), Field: Owner, Value: "bob", Why: "<p>yours</p>"})
			return cmd
		}, 1, 2},
		{"queue: a status the workflow refuses", func() tea.Cmd {
			cmd, _ := g.Update(AnswerMsg{Item: r.current(client, ct, planning[3].ID), Field: Status, Value: "resolved"})
			return cmd
		}, 0, 0},
	}
	for _, c := range cases {
		r.run(c.act())
		reads, writes := ct.take()
		t.Logf("%-38s %d reads, %d writes", c.name, reads, writes)
		if reads != c.reads || writes != c.writes {
			t.Errorf("%s: %d reads, %d writes; want %d, %d", c.name, reads, writes, c.reads, c.writes)
		}
	}
}
