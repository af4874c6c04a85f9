package login

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// View draws the current screen, cut to the view's height.
func (m *Model) View() string {
	s := m.ctx.Styles
	w := max(m.width-4, 20)
	var lines []string
	add := func(text ...string) { lines = append(lines, text...) }
	para := func(text string) { add(strings.Split(ansi.Wordwrap(text, w, ""), "\n")...) }

	title := i18n.T("Log in")
	if m.ctx.ServiceURL != "" {
		title = i18n.Tf("Log in to %s", m.ctx.ServiceURL)
	}
	add(s.Title.Render(common.Fit(title, w)))
	if m.note != "" {
		for _, l := range strings.Split(ansi.Wordwrap(m.note, w, ""), "\n") {
			add(s.Warning.Render(common.Fit(l, w)))
		}
	}
	add("")
	switch m.step {
	case stepChoose:
		m.viewChoose(add, w)
	case stepBrowser:
		m.viewBrowser(add, para, w)
	case stepToken:
		add(s.Accent.Render(i18n.T("Personal access token")))
		para(s.Subtle.Render(i18n.Tf("Make a token in the web settings (personal settings → access tokens), then paste it here. It is kept in %s.", i18n.T(m.auth.Storage()))))
		add("", m.field("Token", &m.token), "")
		m.viewBusy(add)
	case stepBasic:
		add(s.Accent.Render(i18n.T("API account")))
		para(s.Subtle.Render(i18n.Tf("The company's API user and password (company settings → API account). They are kept in %s.", i18n.T(m.auth.Storage()))))
		add("", m.field("API user", &m.user), m.field("Password", &m.password), "")
		m.viewBusy(add)
	}
	if m.err != nil {
		add("")
		for i, l := range strings.Split(ansi.Wordwrap(sentence(i18n.T(m.err.Error())), w-2, ""), "\n") {
			mark := " "
			if i == 0 {
				mark = s.Marks.Error
			}
			add(mark + " " + s.Error.Render(l))
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

func (m *Model) viewChoose(add func(...string), w int) {
	s := m.ctx.Styles
	add(i18n.T("How do you want to log in?"), "")
	for i, mt := range methods {
		mark := s.Marks.Blank
		name := common.Fit(i18n.T(mt.title), 16)
		row := name + s.Subtle.Render(i18n.T(mt.hint))
		if i == m.cursor {
			mark = s.Marks.Cursor
			row = s.Selected.Render(common.Fit(name+i18n.T(mt.hint), w-2))
		}
		add(mark + " " + common.Fit(row, w-2))
	}
}

func (m *Model) viewBrowser(add func(...string), para func(string), w int) {
	s := m.ctx.Styles
	add(s.Accent.Render(i18n.T("Browser")))
	if m.flow == nil {
		m.viewBusy(add)
		if m.err != nil {
			add(s.Subtle.Render(i18n.T("enter tries again · esc goes back")))
		}
		return
	}
	if m.browserErr != nil {
		para(i18n.T("No browser could be opened here. Open this address yourself and allow access:"))
	} else {
		para(i18n.T("Your browser should open this address; if it does not, open it yourself and allow access:"))
	}
	for _, l := range strings.Split(ansi.Hardwrap(m.flow.URL(), w, false), "\n") {
		add(s.Link.Render(l))
	}
	add(s.Subtle.Render(i18n.T("ctrl+y copies it · ctrl+o opens the browser again")), "")
	m.viewBusy(add)
	add("")
	para(i18n.T("Browser on another machine (SSH)? After allowing access, paste the address the browser was sent to, then press enter:"))
	add(m.paste.View())
	if m.pasting {
		add(s.Subtle.Render(i18n.T("checking the address…")))
	}
}

// viewBusy shows the spinner and what runs, with how to cancel.
func (m *Model) viewBusy(add func(...string)) {
	if m.busy == "" {
		return
	}
	s := m.ctx.Styles
	add(m.spin.View() + " " + sentence(m.busy) + "…  " + s.Subtle.Render(i18n.T("esc cancels")))
}

func (m *Model) field(label string, f *common.TextField) string {
	s := m.ctx.Styles
	l := s.Label
	if f.Focused() {
		l = s.FocusedLabel
	}
	return l.Render(common.Fit(i18n.T(label), 10)) + f.View()
}

// sentence starts s with a capital letter.
func sentence(s string) string {
	for i, r := range s {
		return strings.ToUpper(string(r)) + s[i+len(string(r)):]
	}
	return s
}
