package mine_test

import (
	"slices"
	"testing"

	"triage/api"
	"triage/ui/engine/mine"
)

// TestMergeKeepsWhatWaits: a changed item still waiting on the user takes
// its place, a new one joins, one given to someone else or moved to a final
// status leaves; the others stay as they were. The items given are left
// as they were: the view draws them while a refresh merges.
func TestMergeKeepsWhatWaits(t *testing.T) {
	held := []api.Item{
		{ID: "1", Owner: "demo;", Status: "open", Title: "kept"},
		{ID: "2", Owner: "demo;bob;", Status: "open", Title: "renamed before"},
		{ID: "3", Owner: "demo;", Status: "open"},
		{ID: "4", Owner: "bob;demo;", Status: "open"},
	}
	changed := []api.Item{
		{ID: "2", Owner: "demo;bob;", Status: "open", Title: "renamed"},
		{ID: "3", Owner: "alice;", Status: "open"},
		{ID: "4", Owner: "bob;demo;", Status: "done"},
		{ID: "5", Owner: "demo;", Status: "open", Title: "new"},
		{ID: "6", Owner: "demodemo;", Status: "open"},
	}
	before := slices.Clone(held)
	got := mine.Merge(held, changed, "demo", []string{"done"})
	if !slices.EqualFunc(held, before, func(a, b api.Item) bool { return a.ID == b.ID && a.Title == b.Title && a.Owner == b.Owner }) {
		t.Errorf("Merge changed the items it was given (the view draws them meanwhile): %+v", held)
	}
	var ids, titles []string
	for _, it := range got {
		ids, titles = append(ids, it.ID), append(titles, it.Title)
	}
	if !slices.Equal(ids, []string{"1", "2", "5"}) || titles[1] != "renamed" {
		t.Errorf("merged: ids %v, titles %q; want 1 2 5 with 2 renamed", ids, titles)
	}
}
