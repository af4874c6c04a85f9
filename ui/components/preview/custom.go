package preview

import (
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// Custom is one of the fields the workspace defines, as the pane shows it:
// by the workspace's name, its value named (an option's label, nicks).
type Custom struct{ Name, Value string }

// The width the pane gives its field names: that of "Iteration", or of the
// widest name of a custom field shown, up to a limit past which a name is
// cut.
const (
	labelCells    = 9
	maxLabelCells = 20
)

// labelWidth is the width of the field names of an item whose custom
// fields are these: every value then starts in the same column (CJK names
// count two cells a character).
func labelWidth(fields []Custom) int {
	w := labelCells
	for _, f := range fields {
		if f.Value != "" {
			w = max(w, min(ansi.StringWidth(common.Sanitize(f.Name)), maxLabelCells))
		}
	}
	return w
}

// customLines adds the custom fields that hold a value after the item's
// other fields, each behind its name fitted to cells.
func customLines(s *common.Styles, fields []Custom, cells int, add func(string)) {
	for _, f := range fields {
		if f.Value == "" {
			continue
		}
		add(s.Subtle.Render(common.Fit(common.Sanitize(f.Name), cells)+" ") + common.Sanitize(f.Value))
	}
}
