package richtext

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A table of a description is written as text: its cells in columns as
// wide as their widest, a blank line around it.

// table is a table as it is read: rows of cells.
type table struct {
	rows [][]string
	cell bool // a cell is open
}

// tableTag opens or closes a row or a cell.
func (r *renderer) tableTag(name string, closing bool) {
	t := r.table
	if t.cell {
		r.closeLink()
		last := &t.rows[len(t.rows)-1]
		*last = append(*last, r.inline.String())
		r.inline.Reset()
		r.space, t.cell = false, false
	}
	switch {
	case name == "tr" && !closing:
		t.rows = append(t.rows, nil)
	case name != "tr" && !closing:
		if len(t.rows) == 0 {
			t.rows = append(t.rows, nil)
		}
		t.cell = true
	}
}

// endTable writes a table's rows with their columns aligned.
func (r *renderer) endTable() {
	t := r.table
	r.table = nil
	var widths []int
	for _, row := range t.rows {
		for i, c := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], ansi.StringWidth(c))
		}
	}
	for _, row := range t.rows {
		var b strings.Builder
		for i, c := range row {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(c)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(c)))
			}
		}
		if line := strings.TrimRight(b.String(), " "); line != "" {
			r.lines = append(r.lines, line)
		}
	}
}
