package editor

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// The labels' column is as wide as the widest label and a space, within
// these bounds, so that a custom field's name ("Estimate (days)") reads
// whole and a very long one is cut before its value.
const (
	minLabelWidth = 10
	maxLabelWidth = 22
)

// labelWidth is the width of the labels' column.
func (m *Model) labelWidth() int {
	w := max(ansi.StringWidth(i18n.T("Title")), ansi.StringWidth(i18n.T("Priority")))
	for _, o := range m.more {
		w = max(w, ansi.StringWidth(o.label()))
	}
	return min(max(w+1, minLabelWidth), maxLabelWidth)
}

// labelCells is the width of a label with the mark in front of it.
func (m *Model) labelCells() int { return m.labelWidth() + 2 }

// View draws the form, the question or the priority picker, cut to the height.
func (m *Model) View() string {
	s := m.ctx.Styles
	w := max(m.width-4, 20)
	var lines []string
	add := func(l ...string) { lines = append(lines, l...) }

	add(s.Title.Render(common.Fit(m.heading(), w)), "")
	add(m.label(i18n.T("Title"), m.focus == fieldTitle) + m.title.View())
	add(m.label(i18n.T("Priority"), m.focus == fieldPriority) + m.priorityView(w-m.labelCells()))
	for k, o := range m.more {
		value := o.view(m.fields) + m.requiredMark(&o)
		if o.typed() == nil {
			value = common.Fit(value, w-m.labelCells())
		}
		add(m.label(o.label(), m.focus == fieldOther+field(k)) + value)
	}
	if m.item != nil {
		add(m.readOnly("ID", m.item.ID, w))
	}
	if m.err != nil {
		add("", s.Marks.Error+" "+s.Error.Render(common.Fit(sentence(m.err.Error()), w-2)))
	}
	if m.confirm {
		add("", s.Warning.Render(i18n.T("Discard changes?"))+" "+s.Accent.Render("y")+s.Subtle.Render("/")+s.Accent.Render("n"))
	}
	if m.choose != nil {
		add("")
		for _, l := range strings.Split(m.choose.View(), "\n") {
			add(l)
		}
	}
	if m.height > 0 && len(lines) > m.height {
		lines = lines[:m.height]
	}
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}

func (m *Model) heading() string {
	ws := string(m.ctx.Workspace.Name)
	if m.item == nil {
		if ws != "" {
			return i18n.Tf("New %s in %s", i18n.T(m.kind.String()), ws)
		}
		return i18n.Tf("New %s", i18n.T(m.kind.String()))
	}
	return i18n.Tf("Edit %s %s · %s", i18n.T(m.kind.String()), m.item.ShortID(), m.item.Title)
}

// label is a field's label, behind the cursor mark when it has the focus.
func (m *Model) label(name string, focused bool) string {
	s := m.ctx.Styles
	name = common.Fit(name, m.labelWidth()-1) + " " // a very long name is cut before its value
	if focused {
		return s.Marks.Cursor + " " + s.FocusedLabel.Render(name)
	}
	return s.Marks.Blank + " " + s.Label.Render(name)
}

// readOnly is a field the editor shows but cannot change: its label dimmed
// like its value, so it does not look like a field to tab to.
func (m *Model) readOnly(name, value string, w int) string {
	s := m.ctx.Styles
	return s.Marks.Blank + " " + s.Subtle.Render(common.Fit(name, m.labelWidth())) + s.Subtle.Render(common.Fit(value, w-m.labelCells()))
}

// priorityView shows the chosen priority with its colour: the option's label,
// an unknown value marked, or "none".
func (m *Model) priorityView(w int) string {
	s := m.ctx.Styles
	var text string
	switch o := m.option(m.priority); {
	case m.priority == "":
		text = s.Subtle.Render(i18n.T("none"))
	case o == nil:
		text = s.Unknown.Render(ansi.Strip(s.Marks.Unknown)+" "+m.priority) + s.Subtle.Render("  "+i18n.T("not in this workspace's options"))
	default:
		text = s.Swatch(o.Color) + o.Label
		if o.Label != o.Value {
			text += s.Subtle.Render(" (" + o.Value + ")")
		}
	}
	if m.priority != m.initial && m.item != nil {
		text += s.Subtle.Render("  " + i18n.Tf("was %s", orNone(m.initialLabel())))
	}
	if m.focus == fieldPriority && m.choose == nil {
		text += s.Subtle.Render("  " + i18n.T("enter to choose"))
	}
	return common.Fit(text, w)
}

func (m *Model) initialLabel() string {
	if o := m.option(m.initial); o != nil {
		return o.Label
	}
	return m.initial
}

func orNone(s string) string {
	if s == "" {
		return i18n.T("none")
	}
	return s
}

// sentence starts s with a capital letter.
func sentence(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
