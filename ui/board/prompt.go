package board

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/store"
	"triage/ui/common"
)

// promptKind is what a prompt asks.
type promptKind int

const (
	promptBulk     promptKind = iota // confirm a bulk edit
	promptConflict                   // keep mine or take theirs
	promptOutput                     // what a command printed: any key closes it
)

// prompt is a small question drawn in a box over the board; it holds the
// keyboard until answered.
type prompt struct {
	kind  promptKind
	title string
	lines []string
	hint  string
	plan  []planned  // promptBulk: the moves to make
	edit  store.Edit // promptConflict: the edit in conflict
}

// onPromptKey answers the prompt.
func (m *Model) onPromptKey(msg tea.KeyPressMsg) tea.Cmd {
	p := m.prompt
	k := &m.keys
	switch p.kind {
	case promptOutput:
		m.prompt = nil
	case promptBulk:
		switch {
		case key.Matches(msg, k.Confirm):
			m.prompt = nil
			return m.applyBulk(p.plan)
		case key.Matches(msg, k.Comment):
			m.prompt = nil
			m.compose = &composer{kind: m.tab, plan: p.plan}
			return nil
		case key.Matches(msg, k.Cancel):
			m.prompt = nil
			return m.note("nothing changed; %d marked", m.markCount())
		}
	case promptConflict:
		switch {
		case key.Matches(msg, k.KeepMine):
			m.prompt = nil
			return tea.Batch(m.eng.Resolve(p.edit, true), m.askConflict())
		case key.Matches(msg, k.TakeTheirs):
			m.prompt = nil
			return tea.Batch(m.eng.Resolve(p.edit, false), m.askConflict())
		case key.Matches(msg, k.Cancel):
			m.prompt = nil
			return m.note("the conflict waits: press R to answer it")
		}
	}
	return nil
}

// promptKeys are the keys of the prompt open, for the help line.
type promptKeys []key.Binding

func (k promptKeys) ShortHelp() []key.Binding  { return k }
func (k promptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k} }

// promptKeyMap is the help of the prompt's answers.
func (m *Model) promptKeyMap() promptKeys {
	k := &m.keys
	if m.prompt.kind == promptOutput {
		return promptKeys{key.NewBinding(key.WithKeys("esc"), key.WithHelp("any key", "close"))}
	}
	if m.prompt.kind == promptConflict {
		later := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "answer later (R)"))
		return promptKeys{k.KeepMine, k.TakeTheirs, later}
	}
	why := key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "add a why: a comment on each, after its change"))
	return promptKeys{k.Confirm, why, k.Cancel}
}

// promptWidth is how wide the prompt's box is drawn (inside its border).
func (m *Model) promptWidth() int {
	return max(min(max(m.width*2/3, 44), 80, m.width-6), 10)
}

// viewPrompt draws the prompt's box.
func (m *Model) viewPrompt() string {
	p := m.prompt
	s := m.ctx.Styles
	w := m.promptWidth()
	var b strings.Builder
	b.WriteString(s.Title.Render(ansi.Truncate(p.title, w, "…")))
	for _, l := range p.lines {
		for _, wl := range strings.Split(ansi.Wrap(common.Sanitize(l), w, ""), "\n") {
			b.WriteByte('\n')
			b.WriteString(s.Text.Render(wl))
		}
	}
	b.WriteString("\n\n")
	b.WriteString(s.Subtle.Render(ansi.Truncate(p.hint, w, "…")))
	return s.Dialog.Render(b.String())
}
