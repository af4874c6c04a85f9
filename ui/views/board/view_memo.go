package board

import (
	"triage/api"
	"triage/ui/views/board/paint"
	"triage/ui/views/board/sortkey"
)

// The lines lipgloss draws (the tabs, the information line, the column
// headers) are kept with what they show and drawn again only when that
// changed: a key that moves the cursor redraws none of them. They live in
// the palette, so a new theme draws them afresh.

// lineMemo holds the lines kept.
type lineMemo struct {
	tabs    paint.Memo[tabsKey]
	info    paint.Memo[infoKey]
	headers []paint.Memo[headerKey] // by column on screen
}

// tabsKey is what the tabs line shows.
type tabsKey struct {
	tab              api.Kind
	counts           [len(api.Kinds)]int
	marked           [len(api.Kinds)]int // since you last looked (seen.go)
	known            [len(api.Kinds)]bool
	list             bool
	left, n, columns int
	width            int
}

// infoKey is what the information line shows when the filter is neither
// typed in nor set.
type infoKey struct {
	kind                 api.Kind
	prio                 string // the priority filter's label; "" for none
	filtered             bool
	list                 bool
	sort                 sortkey.Sort
	busy                 bool
	left                 string // about how long the load has left ("1m20s"); "" for not known
	loaded, total, items int
	passing              int
	width                int
}

// headerKey is what a column header shows.
type headerKey struct {
	label, color    string
	unknown, dimmed bool
	count, top      int // the cards and the first shown (a scrolled column says where it is)
	width           int
}

// header returns the kept header of the column on screen at k.
func (l *lineMemo) header(k int) *paint.Memo[headerKey] {
	for len(l.headers) <= k {
		l.headers = append(l.headers, paint.Memo[headerKey]{})
	}
	return &l.headers[k]
}
