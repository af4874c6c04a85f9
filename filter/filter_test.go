package filter

import (
	"slices"
	"testing"
)

// TestParse: words, field terms with alternatives and @me, lower-cased.
func TestParse(t *testing.T) {
	q := Parse("Crash prio:High|none status:Planning,dev owner:@me #12 foo:bar", "Anyechen")
	want := Query{
		Words:  []string{"crash", "12", "foo:bar"},
		Status: []string{"planning", "dev"},
		Prio:   []string{"high", "none"},
		Owners: []string{"anyechen"},
	}
	if !slices.Equal(q.Words, want.Words) || !slices.Equal(q.Status, want.Status) ||
		!slices.Equal(q.Prio, want.Prio) || !slices.Equal(q.Owners, want.Owners) {
		t.Errorf("Parse = %+v, want %+v", q, want)
	}
	if empty := Parse("  ", "me"); !empty.Empty() {
		t.Errorf("a blank filter is not empty: %+v", empty)
	}
}

// TestMatch: each part of a query on its own.
func TestMatch(t *testing.T) {
	statusName := Parse("status:规划中", "")
	q := Parse("login 1003 prio:high|none status:planning owner:lily", "")
	if !q.WordsIn("login page\nlily", "1100000001000001003") || q.WordsIn("logout", "1100000001000001003") {
		t.Error("words: want login and the id's digits to match, logout not")
	}
	if !q.StatusPasses("planning", "规划中") || !statusName.StatusPasses("planning", "规划中") || q.StatusPasses("done", "Done") {
		t.Error("status: want the code or the name to match")
	}
	if !q.PriorityPasses("High", "高") || !q.PriorityPasses("", "No priority") || q.PriorityPasses("Low", "低") {
		t.Error("priority: want the value, the label or none to match")
	}
	if !q.OwnedByAny("bob;lily;") || q.OwnedByAny("bob;") {
		t.Error("owner: want one of the nicks to match")
	}
}
