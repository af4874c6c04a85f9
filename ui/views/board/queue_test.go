package board

import (
	"slices"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/views/queue"
)

// TestQueueWiring: t opens the queue of the items without a priority, then
// those with an unknown one, in board order; a priority set in the queue is
// an edit like any other, and its result goes back to the queue.
func TestQueueWiring(t *testing.T) {
	refused := &api.Error{Kind: api.ErrValidation, Op: "update bug", HTTPStatus: 422, Info: "not allowed"}
	svc := newFakeService()
	h := newHarness(t, svc, true, 100, 30).load().keys("tab")
	h.takeOut()
	h.keys("t")
	var open []common.OpenQueueMsg
	for _, m := range h.takeOut() {
		if o, ok := m.(common.OpenQueueMsg); ok {
			open = append(open, o)
		}
	}
	if len(open) != 1 {
		t.Fatalf("t did not ask to open the queue")
	}
	var ids []string
	for _, it := range open[0].Items {
		ids = append(ids, it.ShortID())
	}
	if !slices.Equal(ids, []string{"1008", "1011", "1007"}) || open[0].Kind != api.Bug || len(open[0].Options) != 5 || open[0].Fields == nil {
		t.Fatalf("queue of %v (%s, %d options), want #1008, #1011 (no priority) then #1007 (unknown)", ids, open[0].Kind, len(open[0].Options))
	}

	svc.setWriteErrs(nil, refused)
	h.send(queue.AnswerMsg{Item: open[0].Items[0], Value: "high"}, queue.AnswerMsg{Item: open[0].Items[1], Value: "low"})
	var results []queue.ResultMsg
	for _, m := range h.takeOut() {
		if r, ok := m.(queue.ResultMsg); ok {
			results = append(results, r)
		}
	}
	if len(results) != 2 || results[0].ID != "1110022001000001008" || results[0].Err != nil ||
		results[1].ID != "1110022001000001011" || results[1].Err == nil {
		t.Errorf("results %+v, want #1008 saved and #1011 refused", results)
	}
	if got := h.columnOf(api.Bug, "1008"); got != "高" {
		t.Errorf("#1008 is in %q, want 高", got)
	}
	if !slices.Equal(svc.written(), []string{"priority 1110022001000001008=high", "priority 1110022001000001011=low"}) {
		t.Errorf("writes %q", svc.written())
	}
}

func TestQueueWithNothingToTriage(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 100, 30).load()
	h.takeOut()
	h.keys("t")
	st := statuses(h.takeOut())
	if len(st) != 1 || st[0].Text != "every story shown has a priority: nothing to triage" {
		t.Errorf("status %v", st)
	}
}

// TestQueueLeavesOutFinishedItems: an item in a final status (closed,
// resolved, rejected, done) needs no triage, so t leaves it out and the
// queue's count is what it walks.
func TestQueueLeavesOutFinishedItems(t *testing.T) {
	svc := newFakeService()
	for i := range svc.items[api.Bug] {
		if svc.items[api.Bug][i].ShortID() == "1011" {
			svc.items[api.Bug][i].Status = "closed"
		}
	}
	h := newHarness(t, svc, true, 100, 30).load().keys("tab")
	h.takeOut()
	h.keys("t")
	var ids []string
	for _, m := range h.takeOut() {
		if o, ok := m.(common.OpenQueueMsg); ok {
			for _, it := range o.Items {
				ids = append(ids, it.ShortID())
			}
		}
	}
	if !slices.Equal(ids, []string{"1008", "1007"}) {
		t.Errorf("queue of %v, want #1008 and #1007 without the closed #1011", ids)
	}
	for _, s := range []string{"closed", "resolved", "rejected", "done"} {
		if !engine.DefaultFinals()[s] {
			t.Errorf("%s is not final by default", s)
		}
	}
	for _, s := range []string{"new", "in_progress", "planning", "developing", "reopened", "open", "progressing", "verified"} {
		if engine.DefaultFinals()[s] {
			t.Errorf("%s is final by default", s)
		}
	}
}

// TestQueueFollowsTheWorkflow: the final statuses are the workspace's, read
// from its workflow once: where only closed is final, a resolved bug still
// needs triage.
func TestQueueFollowsTheWorkflow(t *testing.T) {
	svc := newFakeService()
	svc.lastSteps = map[api.Kind]map[string]string{api.Bug: {"closed": "已关闭"}}
	for i := range svc.items[api.Bug] {
		if svc.items[api.Bug][i].ShortID() == "1011" {
			svc.items[api.Bug][i].Status = "resolved"
		}
	}
	h := newHarness(t, svc, true, 100, 30).load().keys("tab")
	h.takeOut()
	open := func() []string {
		h.keys("t")
		var ids []string
		for _, m := range h.takeOut() {
			if o, ok := m.(common.OpenQueueMsg); ok {
				for _, it := range o.Items {
					ids = append(ids, it.ShortID())
				}
			}
		}
		return ids
	}
	if ids := open(); !slices.Equal(ids, []string{"1008", "1011", "1007"}) {
		t.Errorf("queue of %v, want the resolved #1011 too: the workflow ends at closed only", ids)
	}
	svc.lastSteps = nil // read once: a second t asks nothing
	if ids := open(); len(ids) != 3 {
		t.Errorf("second queue of %v", ids)
	}
}
