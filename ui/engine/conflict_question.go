package engine

import (
	"fmt"

	"triage/store"
	"triage/ui/i18n"
)

// ConflictQuestion is what a view asks of a conflict (Conflict), in the
// same words on the board and in my work: the item by its number and title
// (#58 Login page: …), what the other change made of the field and what
// the user set, named by the item's workspace's labels, and the answers.
func (g *Engine) ConflictQuestion(e store.Edit) (title string, lines []string, hint string) {
	what := i18n.T(g.FieldName(e.Kind, FieldOf(e)))
	mine, theirs, was := i18n.T(g.ValueLabel(e, e.To)), i18n.T(g.ValueLabel(e, e.Theirs)), i18n.T(g.ValueLabel(e, e.From))
	return i18n.T("Changed meanwhile by someone else"),
		[]string{
			g.itemLine(e),
			i18n.Tf("Its %s is now %s; you set %s (it was %s when you changed it).", what, theirs, mine, was),
		},
		i18n.Tf("m keep mine (%s) · t take theirs (%s) · esc later", mine, theirs)
}

// itemLine names an edit's item by its number and title: as the engine
// knows the item, else as the user saw it when editing it.
func (g *Engine) itemLine(e store.Edit) string {
	title := e.ItemTitle
	if ed, ok := g.find(e.Kind, e.ItemID); ok && ed.known {
		title = ed.base.Title
	}
	if title == "" {
		return Target(e)
	}
	return fmt.Sprintf("%s %s", Target(e), title)
}
