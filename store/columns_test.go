package store

import (
	"slices"
	"testing"
)

// TestColumnsAreOneList: the board's columns and a view's choices are the
// item's columns, in their order; the title is always shown, so a view
// does not choose it.
func TestColumnsAreOneList(t *testing.T) {
	all := ItemColumns()
	if want := []string{"id", "full_id", "kind", "title", "priority", "status", "owner", "iteration", "severity", "created", "modified", "url"}; !slices.Equal(all, want) {
		t.Errorf("item columns %v, want %v", all, want)
	}
	if got, want := ViewColumns(), []string{"id", "priority", "status", "owner", "iteration", "severity", "created", "modified"}; !slices.Equal(got, want) {
		t.Errorf("view columns %v, want %v", got, want)
	}
	last := -1
	for _, name := range BoardColumns() {
		i := slices.Index(all, name)
		if i <= last {
			t.Errorf("board column %q is not among the item's columns in order", name)
		}
		last = i
	}
}
