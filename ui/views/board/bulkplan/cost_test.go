package bulkplan

import (
	"testing"
	"time"

	"triage/api"
	"triage/ui/engine"
)

// TestRequests: a bulk edit reads its items 200 a request and writes them
// 50 a batch when every change is of a field the batch carries, else one
// by one; a why adds a comment per item.
func TestRequests(t *testing.T) {
	plan := func(n int, f engine.Field) []Change {
		out := make([]Change, n)
		for i := range out {
			out[i] = Change{Field: f}
		}
		return out
	}
	mixed := append(plan(3, engine.Priority), Change{Field: engine.Iteration}) // a bug's iteration goes one by one
	for _, c := range []struct {
		name string
		plan []Change
		why  bool
		want int
	}{
		{"none", nil, false, 0},
		{"one move", plan(1, engine.Priority), false, 2},
		{"20 moves", plan(20, engine.Priority), false, 2},
		{"50 moves", plan(50, engine.Status), false, 2},
		{"51 moves", plan(51, engine.Priority), false, 3},
		{"250 owners", plan(250, engine.Owner), false, 2 + 5},
		{"20 moves with a why", plan(20, engine.Priority), true, 22},
		{"a field no batch carries", mixed, false, 1 + 4},
	} {
		if got := Requests(api.Bug, c.plan, c.why); got != c.want {
			t.Errorf("%s: Requests = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestCost: the requests alone while the budget has room; past it, about
// how long the budget makes them wait at its rate, plus a wait the service
// asked for.
func TestCost(t *testing.T) {
	for _, c := range []struct {
		name     string
		requests int
		left     api.BudgetLeft
		want     string
	}{
		{"room", 12, api.BudgetLeft{Limit: 60, Window: time.Minute, Used: 10}, "12 requests"},
		{"no limit of its own", 1, api.BudgetLeft{}, "1 request"},
		{"past the budget", 12, api.BudgetLeft{Limit: 60, Window: time.Minute, Used: 88}, "12 requests · about 12 s at 60/min"},
		{"40 over", 100, api.BudgetLeft{Limit: 60, Window: time.Minute}, "100 requests · about 40 s at 60/min"},
		{"a long wait", 1800, api.BudgetLeft{Limit: 6000, Window: 10 * time.Minute, Used: 6000}, "1800 requests · about 3 min at 6000/10min"},
		{"the service asked", 2, api.BudgetLeft{Wait: 45 * time.Second, Reason: api.WaitService}, "2 requests · about 45 s (the service asked to wait)"},
	} {
		if got := Cost(c.requests, c.left); got != c.want {
			t.Errorf("%s: Cost = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestCostsCountTheWhy: the bulk preview says what the plan takes as it is
// and with a why, whose comments go one a request: 50 moves are one read
// and one batch, and 50 comments more with a why, past a budget of 60 a
// minute with 20 used.
func TestCostsCountTheWhy(t *testing.T) {
	plan := make([]Change, 50)
	for i := range plan {
		plan[i] = Change{Field: engine.Status}
	}
	got := Costs(api.Story, plan, api.BudgetLeft{Limit: 60, Window: time.Minute, Used: 20})
	want := []string{"2 requests", "with a why (c): 52 requests · about 12 s at 60/min"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Costs = %q, want %q", got, want)
	}
}
