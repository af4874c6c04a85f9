package listcols

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// A workspace's custom fields are columns of the list when a view's
// columns: names them, as the workspace names them (来源渠道): after the
// list's own columns, each as wide as its widest cell or heading in
// display cells (a CJK character is two), up to MaxCustomCells, while the
// title keeps MinTitle.

// MaxCustom is how many custom columns the list shows at most.
const MaxCustom = 6

// MaxCustomCells is the widest a custom column gets; longer values are cut.
const MaxCustomCells = 24

// Custom is a custom field offered as a column: its heading, the
// workspace's name of it, and its widest cell.
type Custom struct {
	Name  string
	Cells int
}

// LayCustom adds to l the custom columns chosen names (comma-separated, a
// view's columns:; "": none), in the order of cols, taking their width
// from the title while it keeps MinTitle; l.Custom[k] is the width of
// cols[k], 0 when not shown.
func LayCustom(l Layout, width, mark int, cols []Custom, chosen string) Layout {
	if chosen == "" {
		return l
	}
	names := strings.Split(chosen, ",")
	for k, c := range cols {
		if k == MaxCustom {
			break
		}
		if !namedIn(names, c.Name) {
			continue
		}
		w := min(max(c.Cells, ansi.StringWidth(c.Name)), MaxCustomCells)
		if l.W[Title]-(w+1) < MinTitle {
			break
		}
		l.Custom[k] = w
		l.W[Title] -= w + 1
	}
	return l
}

// namedIn reports whether a name is among names, in any case.
func namedIn(names []string, name string) bool {
	for _, n := range names {
		if n = strings.TrimPrefix(strings.TrimSpace(n), "cf:"); strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}
