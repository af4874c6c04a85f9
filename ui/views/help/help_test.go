package help

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// boardKeys stands for a big view's key map: 3 groups, 24 bindings, one disabled.
type boardKeys struct{}

func (boardKeys) ShortHelp() []key.Binding { return nil }

func (boardKeys) FullHelp() [][]key.Binding {
	b := func(k, d string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, d)) }
	off := b("x", "disabled")
	off.SetEnabled(false)
	return [][]key.Binding{
		{b("h/←", "previous column"), b("l/→", "next column"), b("k/↑", "previous card"), b("j/↓", "next card"),
			b("g", "first card"), b("G", "last card"), b("pgup", "page up"), b("pgdn", "page down")},
		{b("]", "next priority"), b("[", "previous priority"), b("p", "choose the priority"), b("1-9", "set the Nth priority"),
			b("enter/e", "edit"), b("n", "new item"), off},
		{b("tab", "next tab"), b("shift+tab", "previous tab"), b("v", "list / board"), b("/", "filter by text"),
			b("f", "filter by priority"), b("esc", "clear the filter"), b("r", "refresh"), b("o", "open in the browser"),
			b("y", "copy the address")},
	}
}

func newHelp(h int) *Model {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, h)
	return New(ctx, "Board", boardKeys{}, common.DefaultKeyMap())
}

func plain(m *Model) string { return ansi.Strip(m.View()) }

func TestHelpListsEveryEnabledBindingOnce(t *testing.T) {
	m := newHelp(100)
	view := plain(m)
	for _, want := range []string{"previous column", "set the Nth priority", "copy the address", "quit", "help"} {
		if !strings.Contains(view, want) {
			t.Errorf("help lacks %q", want)
		}
	}
	if strings.Contains(view, "disabled") {
		t.Error("help shows a disabled binding")
	}
	if n := strings.Count(view, "next tab"); n != 1 {
		t.Errorf("\"next tab\" appears %d times", n)
	}
}

func TestHelpUpdate(t *testing.T) {
	tests := []struct {
		keys      []string
		wantFirst string // first binding shown
		closed    bool
	}{
		{nil, "h/←", false},
		{[]string{"j"}, "l/→", false},
		{[]string{"j", "k", "k"}, "h/←", false},
		{[]string{"G"}, "", false},
		{[]string{"G", "g"}, "h/←", false},
		{[]string{"pgdown"}, "", false},
		{[]string{"?"}, "h/←", true},
		{[]string{"esc"}, "h/←", true},
	}
	for _, tt := range tests {
		m := newHelp(12)
		for _, k := range uitest.Keys(tt.keys...) {
			m.Update(k)
		}
		closed := m.Closed()
		lines := strings.Split(plain(m), "\n")
		if len(lines) != 12 {
			t.Errorf("%q: %d lines, want 12", tt.keys, len(lines))
		}
		if tt.wantFirst != "" && !strings.HasPrefix(strings.TrimSpace(lines[2]), tt.wantFirst) {
			t.Errorf("%q: first line %q, want %q", tt.keys, lines[2], tt.wantFirst)
		}
		if closed != tt.closed {
			t.Errorf("%q: closed %v, want %v", tt.keys, closed, tt.closed)
		}
	}
}

func TestHelpBottomShowsTheLastBinding(t *testing.T) {
	m := newHelp(12)
	m.Update(uitest.Key("G"))
	if v := plain(m); !strings.Contains(v, "help") || !strings.Contains(v, "of 35") {
		t.Fatalf("at the bottom:\n%s", v)
	}
}

func TestHelpScreens(t *testing.T) {
	maps := []help.KeyMap{boardKeys{}, common.DefaultKeyMap()}
	uitest.Goldens(t,
		helpCase("board", "Board", maps, nil, uitest.Showing("Keys")),
		helpCase("scrolled", "Board", maps, []string{"j", "j", "j"}, func(s string) bool {
			return strings.Contains(s, "Keys") && (!strings.Contains(s, " of ") || strings.Contains(s, "4–"))
		}),
	)
}

// helpCase is a golden screen of the help titled title over maps, the keys
// pressed once it runs, drawn when ready says so.
func helpCase(name, title string, maps []help.KeyMap, keys []string, ready func(screen string) bool) uitest.Case {
	return uitest.Case{Name: name, Screen: uitest.Screen{
		Build: func(ctx *common.Context) tea.Model { return uitest.NewHost(New(ctx, title, maps...)) },
		Drive: func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(keys...)...) },
		Ready: ready,
	}}
}

func TestHelpRedrawsForANewTheme(t *testing.T) {
	m := newHelp(40)
	if strings.Contains(m.View(), "38;2;") {
		t.Fatal("NO_COLOR help has colour")
	}
	*m.ctx.Styles = *common.NewStyles(true, false)
	m.Update(common.ThemeChangedMsg{})
	if !strings.Contains(m.View(), "38;2;") {
		t.Fatal("help kept the old theme")
	}
}
