package picker

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func spaces() []Item {
	return []Item{
		{Title: "Triage Demo", Detail: "10022001", Value: "10022001"},
		{Title: "Payments", Detail: "10022002", Value: "10022002"},
		{Title: "移动端 Mobile", Detail: "10022003", Value: "10022003"},
		{Title: "Platform", Detail: "10022004", Value: "10022004"},
	}
}

func newPicker(items []Item) *Model {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 24)
	return New(ctx, "Choose a workspace", items)
}

// run feeds key presses and returns the picker and the message of the last command.
func run(m *Model, keys ...string) (*Model, tea.Msg) {
	var last tea.Msg
	for _, k := range uitest.Keys(keys...) {
		_, cmd := m.Update(k)
		last = nil
		if cmd != nil {
			last = cmd()
		}
	}
	return m, last
}

func titles(items []Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Title
	}
	return out
}

func TestPickerUpdate(t *testing.T) {
	tests := []struct {
		name      string
		keys      []string
		wantShown []string
		wantMsg   tea.Msg
		capturing bool
	}{
		{"enter chooses the first", []string{"enter"}, nil, ChosenMsg{Value: "10022001", Index: 0}, false},
		{"down moves down", []string{"down", "enter"}, nil, ChosenMsg{Value: "10022002", Index: 1}, false},
		{"ctrl+n moves down", []string{"ctrl+n", "enter"}, nil, ChosenMsg{Value: "10022002", Index: 1}, false},
		{"end then up", []string{"end", "up", "enter"}, nil, ChosenMsg{Value: "10022003", Index: 2}, false},
		{"up stops at the top", []string{"up", "ctrl+p", "enter"}, nil, ChosenMsg{Value: "10022001", Index: 0}, false},
		{"a first j filters", []string{"j"}, []string{}, nil, true},
		{"a first G filters", []string{"G", "backspace", "m", "o", "b"}, []string{"移动端 Mobile"}, nil, true},
		{"digits filter rows that have no key", []string{"3"}, []string{"移动端 Mobile"}, nil, true},
		{"typing filters", []string{"pay"}, []string{"Payments"}, nil, true},
		{"filter is case-insensitive on detail", []string{"/", "MOBILE"}, []string{"移动端 Mobile"}, nil, true},
		{"filter by id", []string{"/", "004"}, []string{"Platform"}, nil, true},
		{"words match anywhere", []string{"p", "l", "a", "t", "space", "4"}, []string{"Platform"}, nil, true},
		{"j types while filtering", []string{"/", "j"}, []string{}, nil, true},
		{"enter chooses among the filtered by original index", []string{"p", "down", "enter"}, []string{"Payments", "Platform"}, ChosenMsg{Value: "10022004", Index: 3}, true},
		{"esc clears the filter", []string{"pay", "esc"}, titles(spaces()), nil, false},
		{"esc twice cancels", []string{"pay", "esc", "esc"}, titles(spaces()), CancelledMsg{}, false},
		{"esc cancels", []string{"esc"}, titles(spaces()), CancelledMsg{}, false},
		{"enter on nothing does nothing", []string{"zzz", "enter"}, []string{}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, msg := run(newPicker(spaces()), tt.keys...)
			if msg != tt.wantMsg {
				t.Errorf("last message = %#v, want %#v", msg, tt.wantMsg)
			}
			if tt.wantShown != nil {
				if got := titles(m.Shown()); !slices.Equal(got, tt.wantShown) {
					t.Errorf("shown = %q, want %q", got, tt.wantShown)
				}
			}
			if m.Capturing() != tt.capturing {
				t.Errorf("Capturing() = %v, want %v", m.Capturing(), tt.capturing)
			}
		})
	}
}

// TestPickerLettersFilterFromTheFirst: every letter typed goes to the
// filter, the first one too, even those that move elsewhere (j, k, g, G).
func TestPickerLettersFilterFromTheFirst(t *testing.T) {
	for _, word := range []string{"kevinwu", "jane", "gus", "Gao"} {
		m, _ := run(newPicker(spaces()), strings.Split(word, "")...)
		if m.Filter() != word {
			t.Errorf("typing %s gives the filter %q", word, m.Filter())
		}
	}
}

// TestPickerDigitsChooseTheRowsTheyLabel: in the priority picker, whose
// rows show their digit, a digit chooses that row at once, filtering or
// not, and the help names the digits; a row without a digit is not chosen.
func TestPickerDigitsChooseTheRowsTheyLabel(t *testing.T) {
	numbered := []Item{{Title: "High", Detail: "1", Value: "high", Key: "1"}, {Title: "Low", Detail: "2", Value: "low", Key: "2"}, {Title: "none", Value: ""}}
	for _, keys := range [][]string{{"2"}, {"l", "2"}, {"down", "2"}} {
		m, msg := run(newPicker(numbered), keys...)
		if msg != (ChosenMsg{Value: "low", Index: 1}) {
			t.Errorf("%v chose %#v, want Low", keys, msg)
		}
		if help := m.KeyMap().ShortHelp(); !slices.ContainsFunc(help, func(b key.Binding) bool { return b.Enabled() && b.Help().Key == "1–9" }) {
			t.Errorf("the hint line does not name the digits")
		}
	}
	if m, msg := run(newPicker(numbered), "3"); msg != nil || m.Filter() != "3" {
		t.Errorf("3, no row's key, chose %#v and filters %q", msg, m.Filter())
	}
	if help := newPicker(spaces()).KeyMap().ShortHelp(); slices.ContainsFunc(help, func(b key.Binding) bool { return b.Enabled() && b.Help().Key == "1–9" }) {
		t.Errorf("a picker without numbered rows names the digits")
	}
}

// TestPickerIsWideEnoughForItsRows: sized to Wide, every row is drawn
// whole, the current iteration's detail too.
func TestPickerIsWideEnoughForItsRows(t *testing.T) {
	m := newPicker([]Item{{Title: "none", Detail: "unplan"}, {Title: "Sprint 6", Detail: "2026-11-27 – 2026-12-10 · current iteration · planned here", Value: "6"}})
	m.SetSize(m.Wide(), 10)
	if view := ansi.Strip(m.View()); !strings.Contains(view, "Sprint 6  2026-11-27 – 2026-12-10 · current iteration · planned here") {
		t.Errorf("the row is cut:\n%s", view)
	}
}

func TestPickerSetCurrentMovesTheCursor(t *testing.T) {
	m := newPicker(spaces())
	m.SetCurrent("10022003")
	_, msg := run(m, "enter")
	if msg != (ChosenMsg{Value: "10022003", Index: 2}) {
		t.Fatalf("chose %#v", msg)
	}
	if !strings.Contains(m.View(), "移动端 Mobile (current)") {
		t.Fatalf("the current item is not marked:\n%s", m.View())
	}
}

func TestPickerDrawsOnlyVisibleRows(t *testing.T) {
	items := make([]Item, 100000)
	for i := range items {
		items[i] = Item{Title: fmt.Sprintf("item %d", i), Value: fmt.Sprint(i)}
	}
	m := newPicker(items)
	m.SetSize(80, 10)
	m, _ = run(m, "end")
	view := ansi.Strip(m.View())
	if lines := strings.Count(view, "\n") + 1; lines != 10 {
		t.Fatalf("view has %d lines, want 10:\n%s", lines, view)
	}
	if !strings.Contains(view, "item 99999") || strings.Contains(view, "item 99992 ") {
		t.Fatalf("the last rows are not the ones shown:\n%s", view)
	}
}

func BenchmarkPickerKeyAndFrame(b *testing.B) {
	items := make([]Item, 100000)
	for i := range items {
		items[i] = Item{Title: fmt.Sprintf("item %d", i), Value: fmt.Sprint(i)}
	}
	m := newPicker(items)
	down := uitest.Key("down")
	for b.Loop() {
		m.Update(down)
		_ = m.View()
	}
}

func TestPickerScreens(t *testing.T) {
	uitest.Goldens(t,
		pickerCase("workspaces", "Choose", spaces(), []string{"down"}, "Payments"),
		pickerCase("filtered", "Choose", spaces(), []string{"mob"}, "1/4"),
		pickerCase("no match", "Choose", spaces(), []string{"zzz"}, "Nothing matches"),
		pickerCase("priorities", "Choose", priorities(), []string{"down", "down"}, "Low"),
	)
}

// pickerCase is a golden screen of a picker titled title over items, the
// first one current, the keys pressed once it runs, drawn when it shows
// ready.
func pickerCase(name, title string, items []Item, keys []string, ready string) uitest.Case {
	return uitest.Case{Name: name, Screen: uitest.Screen{
		Build: func(ctx *common.Context) tea.Model {
			m := New(ctx, title, items)
			if len(items) > 0 {
				m.SetCurrent(items[0].Value)
			}
			return uitest.NewHost(m)
		},
		Drive: func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(keys...)...) },
		Ready: uitest.Showing(ready),
	}}
}

func priorities() []Item {
	return []Item{
		{Title: "High", Value: "High", Color: "#FF6770"},
		{Title: "Middle", Value: "Middle", Color: "#FFA42B"},
		{Title: "Low", Value: "Low", Color: "#3582FB"},
		{Title: "Nice To Have", Value: "Nice To Have", Color: "#8F9CAE"},
		{Title: "! 非常高", Detail: "not in the options", Value: "非常高"},
	}
}
