package preview

import (
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// Custom is one of the fields the workspace defines, as the pane shows it:
// by the workspace's name, its value named (an option's label, nicks).
type Custom struct{ Name, Value string }

// customLabelCells is the width the pane gives its field names.
const customLabelCells = 9

// customLines adds the custom fields that hold a value after the item's
// other fields, each behind its name; a name wider than the others' keeps
// its whole width (CJK names count two cells a character).
func customLines(s *common.Styles, fields []Custom, add func(string)) {
	for _, f := range fields {
		if f.Value == "" {
			continue
		}
		name := common.Sanitize(f.Name)
		if ansi.StringWidth(name) < customLabelCells {
			name = common.Fit(name, customLabelCells)
		}
		add(s.Subtle.Render(name+" ") + common.Sanitize(f.Value))
	}
}
