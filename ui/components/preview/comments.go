package preview

import (
	"triage/api"
	"triage/ui/common"
	"triage/ui/components/richtext"
	"triage/ui/i18n"
)

// The preview pane shows an item's comments under its description, oldest
// first, each with its author and time, HTML turned into text. A service
// that cannot list comments shows none.

// commentLines are the lines of the comments in the pane; add wraps one.
func (p *Model) commentLines(list []api.Comment, note string, add func(string)) {
	s := p.ctx.Styles
	if note != "" {
		add(s.Subtle.Render(note))
		return
	}
	if len(list) == 0 {
		return
	}
	add("")
	add(s.Subtle.Render(i18n.T("Comments")))
	for _, c := range list {
		add(s.Label.Render(common.Sanitize(c.Author)) + s.Subtle.Render(" · "+common.Sanitize(p.ctx.ShownTime(c.Created))))
		for _, l := range richtext.PlainText(c.Description) {
			add("  " + l)
		}
	}
}
