package fieldflow

import (
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// TestStatusTargets: the statuses two items may reach, in workflow order;
// one an item cannot reach names it; one an item is in already is no
// obstacle; an unknown workflow offers every other status.
func TestStatusTargets(t *testing.T) {
	a := api.Item{ID: "1110022001000000001", Status: "planning"}
	b := api.Item{ID: "1110022001000000002", Status: "developing"}
	steps := map[string][]api.Transition{
		"planning":   {{From: "planning", To: "developing"}, {From: "planning", To: "rejected", Fields: []api.TransitionField{{Name: "resolution", Required: true}}}},
		"developing": {{From: "developing", To: "resolved"}, {From: "developing", To: "planning"}},
	}
	order := []string{"planning", "developing", "resolved", "rejected"}
	got := StatusTargets([]api.Item{a, b}, order, strings.ToUpper, func(it api.Item) ([]api.Transition, bool) { return steps[it.Status], true })
	var lines []string
	for _, t := range got {
		lines = append(lines, t.Label+" asks "+strings.Join(t.Asks, ",")+" cannot "+strings.Join(t.Cannot, ","))
	}
	want := []string{"PLANNING asks  cannot ", "DEVELOPING asks  cannot ", "RESOLVED asks  cannot #1", "REJECTED asks resolution cannot #2"}
	if !slices.Equal(lines, want) {
		t.Errorf("targets\n%q\nwant\n%q", lines, want)
	}
	free := StatusTargets([]api.Item{a}, order, strings.ToUpper, func(api.Item) ([]api.Transition, bool) { return nil, false })
	if len(free) != 3 || !free[0].Free || free[0].Code != "developing" {
		t.Errorf("no workflow known: %+v", free)
	}
}

// TestCommonOwners: the owners every list has, in the first's order.
func TestCommonOwners(t *testing.T) {
	if got := CommonOwners([]string{"alice;bob;demo;", "demo; bob", "bob;demo;"}); !slices.Equal(got, []string{"bob", "demo"}) {
		t.Errorf("common owners %q", got)
	}
	if got := CommonOwners([]string{"alice;", ""}); len(got) != 0 {
		t.Errorf("common owners with an unowned item %q", got)
	}
}

// TestIterationChoices: none first, open iterations oldest first with the
// current one marked, the done ones last, the planned one named.
func TestIterationChoices(t *testing.T) {
	its := []api.Iteration{
		{ID: "3", Name: "Sprint 3", Status: "open", StartDate: "2026-12-01", EndDate: "2026-12-14"},
		{ID: "1", Name: "Sprint 1", Status: "done", StartDate: "2026-11-01", EndDate: "2026-11-14"},
		{ID: "2", Name: "Sprint 2", Status: "open", StartDate: "2026-11-15", EndDate: "2026-11-30"},
	}
	var got []string
	for _, it := range IterationChoices(its, "2026-11-25", "3") {
		got = append(got, it.Title+" | "+it.Detail)
	}
	want := []string{"none | unplan", "Sprint 2 | 2026-11-15 – 2026-11-30 · current iteration",
		"Sprint 3 | 2026-12-01 – 2026-12-14 · planned here", "Sprint 1 | 2026-11-01 – 2026-11-14 · done"}
	if !slices.Equal(got, want) {
		t.Errorf("choices\n%q\nwant\n%q", got, want)
	}
}
