package history

import (
	"fmt"
	"strings"
	"unicode"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// detail describes the selected step under a rule: the items, each change
// with when it was made (and sent), and what its state means, with the
// service's reason when there is one.
func (m *Model) detail(w int) []string {
	s := m.ctx.Styles
	g := m.SelectedStep()
	if len(g) == 0 {
		return nil
	}
	e := g[len(g)-1]
	now := m.ctx.Clock()
	item := target(e)
	if len(g) > 1 {
		item = stepTarget(g)
	}
	if title := m.title(e); title != "" && oneItem(g) {
		item += " · " + title
	}
	made := i18n.Tf("made %s", when(e.CreatedAt, now))
	if !e.CreatedAt.IsZero() {
		made += i18n.Tf(" (%s)", ago(e.CreatedAt, now))
	}
	if !e.SentAt.IsZero() {
		made += " · " + i18n.Tf("sent %s", when(e.SentAt, now))
	}
	out := []string{
		s.Subtle.Render(strings.Repeat("─", w)),
		"  " + s.Title.Render(common.Fit(item, w-2)),
		"  " + common.Fit(m.changes(g)+s.Subtle.Render(" · "+made), w-2),
	}
	explain, style := m.explain(stepState(g))
	explain += m.undoLine(g)
	lines := strings.Split(ansi.Wrap(explain, max(w-2, 10), ""), "\n")
	if len(lines) > 2 {
		lines[1] = ansi.Truncate(lines[1]+" "+lines[2], w-3, "") + "…"
		lines = lines[:2]
	}
	for _, l := range lines {
		out = append(out, "  "+style.Render(common.Fit(l, w-2)))
	}
	return out
}

// changes names each change of a step: "Priority Middle → High" for one,
// "#1 Middle → High, #2 Low → High" for several items, "Title "a" → "b",
// Priority High → Low" for several fields of one item.
func (m *Model) changes(g []store.Edit) string {
	if len(g) == 1 {
		return m.named(g[0])
	}
	parts := make([]string, 0, len(g))
	for _, e := range g {
		if oneItem(g) {
			parts = append(parts, m.named(e))
			continue
		}
		parts = append(parts, engine.Target(e)+" "+m.change(e))
	}
	return strings.Join(parts, ", ")
}

// named is a change with the name of its field in front, once: a status,
// owner, iteration, severity or comment change names its field itself.
func (m *Model) named(e store.Edit) string {
	if e.Op == store.OpComment || namesItsField(e.Op) {
		return m.change(e)
	}
	return m.opName(e) + " " + m.change(e)
}

// namesItsField reports whether a change of the field op writes names the
// field itself ("status a → b"): the fields besides the title, the priority
// and the description (store.Field.Other).
func namesItsField(op store.EditOp) bool {
	f, ok := store.FieldOf(op)
	return ok && f.Other
}

// opName names the kind of change: Priority, Title, New item.
func (m *Model) opName(e store.Edit) string {
	s := m.ctx.Styles
	switch e.Op {
	case store.OpTitle:
		return s.Label.Render(i18n.T("Title"))
	case store.OpCreate:
		return s.Label.Render(i18n.Tf("New %s", i18n.T(e.Kind.String())))
	case store.OpDescription:
		return s.Label.Render(i18n.T("Description"))
	}
	return s.Label.Render(i18n.T("Priority"))
}

// explain says what the state means for the user, with the reason the
// service or the app gave.
func (m *Model) explain(e store.Edit) (string, lipgloss.Style) {
	s := m.ctx.Styles
	reason := common.Clean(e.LastError)
	var text string
	style := s.Text
	switch e.State {
	case store.StateSent:
		text = i18n.T("Sent: the service confirmed it.")
		if e.Undoes != 0 {
			text += i18n.Tf(" It undoes change %d.", e.Undoes)
		}
		if e.UndoneBy != 0 {
			text += i18n.Tf(" Undone by change %d.", e.UndoneBy)
		}
		style = s.Success
	case store.StateWaiting:
		text = i18n.T("Waiting to be sent")
		if !e.NextAttempt.IsZero() {
			text += i18n.Tf(", next attempt %s", when(e.NextAttempt, m.ctx.Clock()))
		}
		if e.Attempts > 0 {
			text += i18n.Tf(" (%s so far)", common.Plural(e.Attempts, i18n.T("attempt"), i18n.T("attempts")))
		}
		text += i18n.T(".")
		style = s.Warning
	case store.StateSending:
		text, style = i18n.T("Sending now."), s.Pending
	case store.StateMaybeApplied:
		text = i18n.T("Maybe applied: a send may have reached the service, so the item is read again before it is sent.")
		style = s.Warning
	case store.StateConflict:
		text = i18n.Tf("Conflict: someone else set it to %s meanwhile; on the board, keep yours or take theirs.", m.quoteValue(e))
		style = s.Error
	case store.StateFailed:
		text, style = i18n.T("Failed: the service refused it."), s.Error
	case store.StateDiscarded:
		text, style = i18n.T("Discarded: the other change was kept."), s.Subtle
	default:
		text = string(e.State)
	}
	if reason != "" && e.State != store.StateSent && e.State != store.StateConflict && e.State != store.StateDiscarded {
		text += " " + sentence(reason)
	}
	return text, style
}

// quoteValue is the other change's value as the state line shows it.
func (m *Model) quoteValue(e store.Edit) string {
	if e.Op == store.OpTitle {
		return fmt.Sprintf("%q", common.Clean(e.Theirs))
	}
	return m.value(e, e.Theirs)
}

// sentence starts s with a capital letter and ends it with a full stop.
func sentence(s string) string {
	for i, r := range s {
		s = string(unicode.ToUpper(r)) + s[i+len(string(r)):]
		break
	}
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
