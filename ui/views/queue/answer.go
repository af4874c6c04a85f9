package queue

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/ui/components/richtext"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// What an answer sets, other than the priority: the board grouped by
// status, owner or iteration walks the items of a column (those without a
// value, or with one) and each answer sets that field. An answer can carry
// a why: c writes it, enter keeps it, and the next answer sends it as a
// comment after its change.

// AnswerField makes the queue's answers set field f with the options
// given to New (a status code, a member's nick, an iteration id).
func (m *Model) AnswerField(f engine.Field) {
	if f == engine.Priority {
		f = ""
	}
	m.field = f
	if len(m.options) > 0 {
		m.keys.Set.SetHelp(m.digits(), i18n.Tf("set the nth %s, next", i18n.T(m.fieldName())))
	}
}

// fieldName names what an answer sets: "priority", "status", "owner".
func (m *Model) fieldName() string {
	if m.field == "" {
		return "priority"
	}
	return m.field.Name()
}

// fieldPlural is fieldName for several.
func (m *Model) fieldPlural() string {
	switch m.field {
	case "":
		return "priorities"
	case engine.Status:
		return "statuses"
	}
	return m.field.Name() + "s"
}

// fieldHeading is fieldName as a label on the card: "Priority", in the
// language in use.
func (m *Model) fieldHeading() string {
	n := m.fieldName()
	return i18n.T(strings.ToUpper(n[:1]) + n[1:])
}

// whyKey writes the why: enter keeps it for the next answer, esc drops it.
func (m *Model) whyKey(msg tea.KeyPressMsg) {
	switch {
	case msg.String() == "esc":
		m.why.Reset()
		m.why.Blur()
	case msg.String() == "enter":
		m.why.Blur()
	default:
		m.why.Update(msg)
	}
}

// takeWhy is the why kept for this answer, as HTML, and forgets it.
func (m *Model) takeWhy() string {
	text := strings.TrimSpace(m.why.Value())
	m.why.Reset()
	m.why.Blur()
	if text == "" {
		return ""
	}
	return richtext.ToHTML(text)
}

// whyLine shows the why being written or kept; "" when there is none.
func (m *Model) whyLine(w int) string {
	s := m.ctx.Styles
	switch {
	case m.why.Focused():
		m.why.SetWidth(max(w-4, 1))
		return "  " + m.why.View() + s.Subtle.Render("  "+i18n.T("enter keeps it · esc drops it"))
	case m.why.Value() != "":
		return "  " + s.Subtle.Render(i18n.T("why, sent after the next answer: ")) + m.why.Value()
	}
	return ""
}
