package listcols

import (
	"strings"
	"testing"

	"triage/api"
	"triage/ui/views/board/sortkey"
)

// sandboxCells are the widest cells of triage serve's bugs: "#180",
// "demo, alice", "In progress", "Sprint 4", "Serious".
var sandboxCells = [Count]int{ID: 4, Priority: 4, Status: 11, Owner: 11, Iteration: 8, Severity: 7}

// used is the cells a layout takes: each shown column and the space before it.
func (l Layout) used(mark int) int {
	sum := mark
	for _, w := range l.W {
		if w > 0 {
			sum += w + 1
		}
	}
	return sum
}

// TestLayGivesEachColumnItsWidestCell: every column other than the title
// is as wide as its widest cell or heading (with the sort arrow), never
// wider, and the title takes the rest of the width, at 60, 80, 120, 160
// and 250 columns; when the title would be under MinTitle the modified
// time goes, then the severity, then the iteration, then the owner is cut.
func TestLayGivesEachColumnItsWidestCell(t *testing.T) {
	tests := []struct {
		width int
		want  [Count]int
		short bool
	}{
		{60, [Count]int{ID: 4, Title: 19, Priority: 10, Owner: 8, Status: 11}, true},
		{80, [Count]int{ID: 4, Title: 26, Priority: 10, Status: 11, Owner: 11, Iteration: 9}, true},
		{120, [Count]int{ID: 4, Title: 40, Priority: 10, Status: 11, Owner: 11, Iteration: 9, Severity: 8, Modified: 16}, false},
		{160, [Count]int{ID: 4, Title: 80, Priority: 10, Status: 11, Owner: 11, Iteration: 9, Severity: 8, Modified: 16}, false},
		{250, [Count]int{ID: 4, Title: 170, Priority: 10, Status: 11, Owner: 11, Iteration: 9, Severity: 8, Modified: 16}, false},
	}
	for _, tt := range tests {
		l := Lay(tt.width, 3, sandboxCells, api.Bug, sortkey.Priority, "")
		if l.W != tt.want || l.ShortTime != tt.short {
			t.Errorf("at %d columns the widths are %v (short time %v), want %v (%v)", tt.width, l.W, l.ShortTime, tt.want, tt.short)
		}
		if got := l.used(3); got != tt.width {
			t.Errorf("at %d columns the list takes %d", tt.width, got)
		}
	}
}

// TestLayKeepsWhatItIsToldTo: the modified time stays when the list is
// sorted by it; only bugs have a severity; a view's columns keep only
// those named, and the title; an iteration no item has is not shown
// unless named; the created time only when sorted by it or named.
func TestLayKeepsWhatItIsToldTo(t *testing.T) {
	if l := Lay(250, 3, sandboxCells, api.Bug, sortkey.Created, ""); l.W[Created] != 16 || l.W[Modified] != 16 {
		t.Errorf("a wide list sorted by created time shows it %d wide and the modified time %d", l.W[Created], l.W[Modified])
	}
	if l := Lay(70, 3, sandboxCells, api.Bug, sortkey.Created, ""); l.W[Created] != 11 || l.W[Modified] != 0 {
		t.Errorf("a narrow list sorted by created time shows it %d wide and the modified time %d", l.W[Created], l.W[Modified])
	}
	if l := Lay(160, 3, sandboxCells, api.Bug, sortkey.Title, "id,created"); l.W[Created] != 16 {
		t.Errorf("columns id,created show the created time %d wide", l.W[Created])
	}
	if kept := Lay(70, 3, sandboxCells, api.Story, sortkey.Modified, ""); kept.W[Modified] == 0 {
		t.Error("a narrow list sorted by modified time dropped it")
	}
	if stories := Lay(160, 3, sandboxCells, api.Story, sortkey.Priority, ""); stories.W[Severity] != 0 {
		t.Errorf("stories have a severity column %d wide", stories.W[Severity])
	}
	empty := sandboxCells
	empty[Iteration] = 0
	if l := Lay(160, 3, empty, api.Bug, sortkey.Priority, ""); l.W[Iteration] != 0 {
		t.Errorf("no item has an iteration, yet its column is %d wide", l.W[Iteration])
	}
	if l := Lay(160, 3, empty, api.Bug, sortkey.Priority, "iteration"); l.W[Iteration] == 0 {
		t.Error("a view's columns: names the iteration, yet it is not shown")
	}
	chosen := Lay(160, 3, sandboxCells, api.Story, sortkey.Priority, "id,owner")
	for c, w := range chosen.W {
		if show := Col(c) == ID || Col(c) == Owner || Col(c) == Title; show != (w > 0) {
			t.Errorf("with columns id,owner, %s is %d wide", Col(c).Name(), w)
		}
	}
}

// TestNamesAreTheBoardColumnsOfTheStore: each column's name is the one
// store.ItemColumns gives it (the list `triage list --columns` and a view's
// columns: share), and still its heading in lower case.
func TestNamesAreTheBoardColumnsOfTheStore(t *testing.T) {
	want := []string{"id", "title", "priority", "status", "owner", "iteration", "severity", "created", "modified"}
	for c := range Count {
		if c.Name() != want[c] || c.Name() != strings.ToLower(c.Header()) {
			t.Errorf("column %d is named %q (heading %q), want %q", c, c.Name(), c.Header(), want[c])
		}
	}
}
