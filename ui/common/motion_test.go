package common

import (
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

func TestMotionDelta(t *testing.T) {
	b := func(k string) key.Binding { return key.NewBinding(key.WithKeys(k)) }
	m := Motion{Up: b("k"), Down: b("j"), PageUp: b("pgup"), PageDown: b("pgdown"), Top: b("g")}
	tests := []struct {
		key  tea.KeyPressMsg
		want int
		ok   bool
	}{
		{tea.KeyPressMsg{Code: 'k', Text: "k"}, -1, true},
		{tea.KeyPressMsg{Code: 'j', Text: "j"}, 1, true},
		{tea.KeyPressMsg{Code: tea.KeyPgUp}, -10, true},
		{tea.KeyPressMsg{Code: tea.KeyPgDown}, 10, true},
		{tea.KeyPressMsg{Code: 'g', Text: "g"}, -500, true},
		{tea.KeyPressMsg{Code: 'G', Text: "G"}, 0, false}, // no Bottom bound
		{tea.KeyPressMsg{Code: 'x', Text: "x"}, 0, false},
	}
	for _, tt := range tests {
		if got, ok := m.Delta(tt.key, 10, 500); got != tt.want || ok != tt.ok {
			t.Errorf("Delta(%s) = %d, %v; want %d, %v", tt.key, got, ok, tt.want, tt.ok)
		}
	}
	for button, want := range map[tea.MouseButton]int{tea.MouseWheelUp: -1, tea.MouseWheelDown: 1, tea.MouseWheelLeft: 0} {
		if got := WheelDelta(tea.MouseWheelMsg{Button: button}); got != want {
			t.Errorf("WheelDelta(%v) = %d, want %d", button, got, want)
		}
	}
}
