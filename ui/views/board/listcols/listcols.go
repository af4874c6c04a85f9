// Package listcols is the list mode's columns: their headings, the names
// a view's columns: gives them, the key each sorts by, and how a terminal's
// width is shared between them.
package listcols

import (
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
	"triage/ui/views/board/sortkey"
)

// MinTitle is the narrowest the title column gets before other columns go
// or are cut.
const MinTitle = 20

// minOwner is the narrowest the owner column is cut to when the title
// would be narrower than MinTitle with every optional column gone.
const minOwner = 8

// Time widths: a created or modified time with its year, and without.
const (
	longTime  = len("2006-01-02 15:04")
	shortTime = len("01-02 15:04")
)

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
	Created  // shown when the list is sorted by it or a view chooses it
	Modified
	Count // how many there are
)

// Header is the column's heading, in the language in use.
func (c Col) Header() string {
	switch c {
	case Iteration:
		return i18n.T("Iteration")
	case Severity:
		return i18n.T("Severity")
	}
	return i18n.T(c.SortKey().String())
}

// Name is how a view's columns: names the column: its name among the
// board's columns of store.ItemColumns, which lists Col's in this order.
func (c Col) Name() string { return boardColumns[c] }

// boardColumns are the names of the columns, by Col.
var boardColumns = [Count]string(store.BoardColumns())

// SortKey is the key s sorts the column by; iteration and severity sort
// by nothing of their own (no arrow is drawn).
func (c Col) SortKey() sortkey.Key {
	return [Count]sortkey.Key{sortkey.ID, sortkey.Title, sortkey.Priority, sortkey.Status, sortkey.Owner, -1, -1, sortkey.Created, sortkey.Modified}[c]
}

// Layout is the widths of the list's columns for a terminal width (W[c]
// 0: not shown); ShortTime says the times are shown without their year.
type Layout struct {
	W         [Count]int
	ShortTime bool
	Custom    [MaxCustom]int // the custom fields' columns (custom.go)
}

// Lay shares the width between the columns. cells holds the widest cell
// of each column other than the title (the modified time is measured
// here); each of those columns is as wide as its widest cell or heading,
// so none is cut while the title has room, and the title takes the rest.
// When the title would be narrower than MinTitle, the created time goes
// first, then the modified time (either kept while the list is sorted by
// it), then the severity, then the iteration; then the owner is cut, down
// to minOwner. Only bugs have a severity; an iteration or severity column
// no item fills is left out, and the created time is shown only while the
// list is sorted by it, unless chosen (a view's columns:), which keeps
// only the columns it names.
func Lay(width, mark int, cells [Count]int, k api.Kind, sorted sortkey.Key, chosen string) Layout {
	l := Layout{ShortTime: width < 100}
	cells[Created], cells[Modified] = longTime, longTime
	if l.ShortTime {
		cells[Created], cells[Modified] = shortTime, shortTime
	}
	var names []string
	if chosen != "" {
		names = strings.Split(chosen, ",")
	}
	for c := range l.W {
		col := Col(c)
		switch {
		case col == Title, col == Severity && k != api.Bug:
			continue
		case names != nil && !slices.Contains(names, col.Name()):
			continue
		case names == nil && (col == Iteration || col == Severity) && cells[c] == 0:
			continue // no item has one: a blank column would only narrow the title
		case names == nil && col == Created && sorted != sortkey.Created:
			continue
		}
		l.W[c] = max(cells[c], col.headerWidth(sorted))
	}
	for _, drop := range []Col{-1, Created, Modified, Severity, Iteration} {
		if drop >= 0 && drop.SortKey() != sorted {
			l.W[drop] = 0
		}
		if l.title(width, mark) >= MinTitle {
			break
		}
	}
	if short := MinTitle - l.title(width, mark); short > 0 && l.W[Owner] > minOwner {
		l.W[Owner] = max(minOwner, l.W[Owner]-short)
	}
	l.W[Title] = max(l.title(width, mark), 1)
	return l
}

// title is the width the columns other than the title leave it, each
// after a cell of space.
func (l *Layout) title(width, mark int) int {
	rest := width - mark - 1
	for c, w := range l.W {
		if w > 0 && Col(c) != Title {
			rest -= w + 1
		}
	}
	return rest
}

// headerWidth is how wide the column's heading is drawn: with the sort
// arrow when the list is sorted by it.
func (c Col) headerWidth(sorted sortkey.Key) int {
	w := ansi.StringWidth(c.Header())
	if c.SortKey() == sorted {
		w += 2 // " ▲"
	}
	return w
}
