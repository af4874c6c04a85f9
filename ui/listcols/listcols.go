// Package listcols is the list mode's columns: their headings, the names
// a view's columns: gives them, the key each sorts by, and how a terminal's
// width is shared between them.
package listcols

import (
	"slices"
	"strings"

	"triage/api"
	"triage/ui/sortkey"
)

// MinTitle is the narrowest the title column gets before other columns go.
const MinTitle = 12

// Col is a column of the list, in the order drawn.
type Col int

const (
	ID Col = iota
	Title
	Priority
	Status
	Owner
	Iteration
	Severity // bugs
	Modified
	Count // how many there are
)

// Header is the column's heading.
func (c Col) Header() string {
	switch c {
	case Iteration:
		return "Iteration"
	case Severity:
		return "Severity"
	}
	return c.SortKey().String()
}

// Name is how a view's columns: names the column.
func (c Col) Name() string { return strings.ToLower(c.Header()) }

// SortKey is the key s sorts the column by; iteration and severity sort
// by nothing of their own (the priority's key: no arrow is drawn).
func (c Col) SortKey() sortkey.Key {
	return [Count]sortkey.Key{sortkey.ID, sortkey.Title, sortkey.Priority, sortkey.Status, sortkey.Owner, -1, -1, sortkey.Modified}[c]
}

// Layout is the widths of the list's columns for a terminal width (W[c]
// 0: not shown); ShortTime says the times are shown without their year.
type Layout struct {
	W         [Count]int
	ShortTime bool
}

// Lay shares the width between the columns; the title takes the
// rest. When the title would be too narrow, the modified time goes first
// (unless the list is sorted by it), then the severity, then the
// iteration. Only bugs have a severity.
func Lay(width, mark int, k api.Kind, sorted sortkey.Key, chosen string) Layout {
	l := Layout{W: [Count]int{9, 0, 12, 10, 12, 14, 9, 19}}
	if width < 100 {
		l = Layout{W: [Count]int{8, 0, 10, 8, 10, 10, 8, 11}, ShortTime: true}
	}
	if k != api.Bug {
		l.W[Severity] = 0
	}
	if chosen != "" {
		names := strings.Split(chosen, ",")
		for c := range l.W {
			if col := Col(c); col != Title && !slices.Contains(names, col.Name()) {
				l.W[c] = 0
			}
		}
	}
	for _, drop := range []Col{-1, Modified, Severity, Iteration} {
		if drop >= 0 && drop.SortKey() != sorted {
			l.W[drop] = 0
		}
		l.W[Title] = width - mark - 1
		for c, w := range l.W {
			if w > 0 && Col(c) != Title {
				l.W[Title] -= w + 1
			}
		}
		if l.W[Title] >= MinTitle {
			break
		}
	}
	l.W[Title] = max(l.W[Title], 1)
	return l
}
