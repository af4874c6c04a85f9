package preview

import (
	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// The pane shows, under an item's fields, what changed in it since the
// user last looked, from the service's change history: each change with
// who made it and when, and each field before → after by the names the
// board shows ("status New → In progress").

// ChangesOf says of the item shown its changes since the user last looked
// (oldest first), whether it is marked (isNew: created since), and whether
// its history is read.
type ChangesOf func(it api.Item) (changes []engine.ChangeShown, marked, isNew, read bool)

// changeLines are the lines of the changes section; add wraps one.
func (p *Model) changeLines(it api.Item, add func(string)) {
	if p.Changes == nil {
		return
	}
	changes, marked, isNew, read := p.Changes(it)
	if !marked && len(changes) == 0 {
		return
	}
	s := p.ctx.Styles
	title := i18n.T("Changed since you last looked")
	if isNew {
		title = i18n.T("New since you last looked")
	}
	add("")
	add(s.Changed.Render(title))
	if !read {
		add(s.Subtle.Render(i18n.T("reading what changed…")))
		return
	}
	for _, ch := range changes {
		add(s.Label.Render(common.Sanitize(ch.Who)) + s.Subtle.Render(" · "+common.Sanitize(ch.When)))
		for _, w := range ch.What {
			add("  " + common.Sanitize(w))
		}
	}
}
