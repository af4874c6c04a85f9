package board

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// paint is a style reduced to the escape sequences around its text, so that
// drawing a card concatenates strings instead of running lipgloss for every
// segment. Only styles without padding, width or underline reduce this way.
type paint struct{ pre, post string }

// newPaint reduces a lipgloss style.
func newPaint(s lipgloss.Style) paint {
	const probe = "x"
	out := s.Render(probe)
	i := strings.Index(out, probe)
	if i < 0 {
		return paint{}
	}
	return paint{pre: out[:i], post: out[i+len(probe):]}
}

// write writes text in the paint's style.
func (p paint) write(b *strings.Builder, text string) {
	b.WriteString(p.pre)
	b.WriteString(text)
	b.WriteString(p.post)
}

// fit writes plain text fitted to w cells (see writeFit) in the paint's style.
func (p paint) fit(b *strings.Builder, text string, w int) {
	b.WriteString(p.pre)
	writeFit(b, text, w)
	b.WriteString(p.post)
}

// palette holds the board's reduced styles and markers, built from the
// program's Styles (dark, light or NO_COLOR).
type palette struct {
	styles *common.Styles

	text, subtle, accent   paint
	selected, pending, bad paint
	warning, changed       paint

	cursor, blank  string        // one cell: in front of the selected card or row
	pendingMark    string        // one cell: an edit in flight
	failedMark     string        // one cell: an edit the service refused
	conflictMark   string        // one cell: an edit someone else's change got in the way of
	changedMark    string        // one cell: changed since the cached board
	markedMark     string        // one cell: marked for a bulk edit
	stateMarks     [2]stateMarks // the two state cells, unmarked and marked for a bulk edit
	cursorWidth    int
	progressFilled string
	progressEmpty  string
	colors         map[string]paint // priority colours, made on first use
	lines          lineMemo         // the lines lipgloss draws, kept (view_memo.go)
}

func newPalette(s *common.Styles) palette {
	p := palette{
		styles:   s,
		text:     newPaint(s.Text),
		subtle:   newPaint(s.Subtle),
		accent:   newPaint(s.Accent),
		selected: newPaint(s.Selected),
		pending:  newPaint(s.Pending),
		bad:      newPaint(s.Error),
		warning:  newPaint(s.Warning),
		changed:  newPaint(s.Changed),

		cursor:         s.Marks.Cursor,
		blank:          s.Marks.Blank,
		pendingMark:    s.Marks.Pending,
		failedMark:     s.Marks.Error,
		conflictMark:   s.Marks.Conflict,
		changedMark:    s.Marks.Changed,
		markedMark:     s.Marks.Marked,
		progressFilled: "█",
		progressEmpty:  "░",
	}
	if s.NoColor {
		p.progressFilled, p.progressEmpty = "#", "."
	}
	p.cursorWidth = max(ansi.StringWidth(p.cursor), ansi.StringWidth(p.blank), 1)
	for k, bulk := range []string{" ", p.markedMark} {
		p.stateMarks[k] = stateMarks{
			none: bulk + " ", pending: bulk + p.pendingMark, conflict: bulk + p.conflictMark,
			failed: bulk + p.failedMark, changed: bulk + p.changedMark,
		}
	}
	return p
}

// stateMarks are an item's two state cells joined, for one bulk mark: the
// edit state or the changed mark.
type stateMarks struct{ none, pending, conflict, failed, changed string }
