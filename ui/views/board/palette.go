package board

import (
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/views/board/paint"
)

// palette holds the board's reduced styles and markers, built from the
// program's Styles (dark, light or NO_COLOR).
type palette struct {
	styles *common.Styles

	text, subtle, accent   paint.Paint
	selected, pending, bad paint.Paint
	warning, changed       paint.Paint

	cursor, blank  string        // one cell: in front of the selected card or row
	pendingMark    string        // one cell: an edit in flight
	failedMark     string        // one cell: an edit the service refused
	conflictMark   string        // one cell: an edit someone else's change got in the way of
	changedMark    string        // one cell: changed since the cached board
	markedMark     string        // one cell: marked for a bulk edit
	seenNew        string        // one cell: created by someone else since you last looked
	seenChanged    string        // one cell: changed by someone else since you last looked
	stateMarks     [2]stateMarks // the two state cells, unmarked and marked for a bulk edit
	cursorWidth    int
	progressFilled string
	progressEmpty  string
	colors         map[string]paint.Paint // priority colours, made on first use
	lines          lineMemo               // the lines lipgloss draws, kept (view_memo.go)
}

func newPalette(s *common.Styles) palette {
	p := palette{
		styles:   s,
		text:     paint.New(s.Text),
		subtle:   paint.New(s.Subtle),
		accent:   paint.New(s.Accent),
		selected: paint.New(s.Selected),
		pending:  paint.New(s.Pending),
		bad:      paint.New(s.Error),
		warning:  paint.New(s.Warning),
		changed:  paint.New(s.Changed),

		cursor:         s.Marks.Cursor,
		blank:          s.Marks.Blank,
		pendingMark:    s.Marks.Pending,
		failedMark:     s.Marks.Error,
		conflictMark:   s.Marks.Conflict,
		changedMark:    s.Marks.Changed,
		markedMark:     s.Marks.Marked,
		seenNew:        s.Changed.Render(seenNewMark),
		seenChanged:    s.Changed.Render(seenChangedMark),
		progressFilled: "█",
		progressEmpty:  "░",
	}
	if s.NoColor {
		p.progressFilled, p.progressEmpty = "#", "."
	}
	p.cursorWidth = max(ansi.StringWidth(p.cursor), ansi.StringWidth(p.blank), 1)
	for k, bulk := range []string{" ", p.markedMark} {
		p.stateMarks[k] = stateMarks{
			bulk: bulk, none: bulk + " ", pending: bulk + p.pendingMark, conflict: bulk + p.conflictMark,
			failed: bulk + p.failedMark, changed: bulk + p.changedMark,
		}
	}
	return p
}

// stateMarks are an item's two state cells joined, for one bulk mark: the
// edit state or the changed mark.
type stateMarks struct{ bulk, none, pending, conflict, failed, changed string }
