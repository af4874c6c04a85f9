package common

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "ctrl+w":
		return tea.KeyPressMsg{Code: 'w', Mod: tea.ModCtrl}
	case "ctrl+u":
		return tea.KeyPressMsg{Code: 'u', Mod: tea.ModCtrl}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

func TestTextFieldEditing(t *testing.T) {
	tests := []struct {
		name  string
		keys  []string
		paste string
		want  string
	}{
		{"typing", []string{"a", "b", "c"}, "", "abc"},
		{"backspace", []string{"a", "b", "backspace"}, "", "a"},
		{"insert in the middle", []string{"a", "c", "left", "b"}, "", "abc"},
		{"home then type", []string{"b", "home", "a"}, "", "ab"},
		{"delete word", []string{"a", "b", " ", "c", "d", "ctrl+w"}, "", "ab "},
		{"delete to start", []string{"a", "b", "left", "ctrl+u"}, "", "b"},
		{"paste drops line breaks", nil, "http://x/cb?code=1\n", "http://x/cb?code=1"},
		{"ctrl keys are not text", []string{"a"}, "", "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := NewTextField(nil, "> ", "")
			f.Focus()
			for _, k := range tt.keys {
				f.Update(press(k))
			}
			if tt.paste != "" {
				f.Update(tea.PasteMsg{Content: tt.paste})
			}
			if got := f.Value(); got != tt.want {
				t.Errorf("Value() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestTextFieldIgnoresKeysWhenBlurred(t *testing.T) {
	f := NewTextField(nil, "", "")
	if f.Update(press("a")) || f.Value() != "" {
		t.Fatal("a blurred field took a key")
	}
}

func TestTextFieldMaskNeverShowsTheSecret(t *testing.T) {
	f := NewTextField(NewStyles(true, false), "token: ", "")
	f.Masked = true
	f.Focus()
	f.SetValue("s3cret")
	view := ansi.Strip(f.View())
	if view != "token: •••••• " {
		t.Fatalf("View() = %q", view)
	}
}

func TestTextFieldScrollsToTheCursor(t *testing.T) {
	f := NewTextField(nil, "", "")
	f.Focus()
	f.SetWidth(5)
	f.SetValue("abcdefgh")
	if got := ansi.Strip(f.View()); got != "efgh " {
		t.Fatalf("at the end: %q", got)
	}
	f.Update(press("home"))
	if got := ansi.Strip(f.View()); got != "abcde" {
		t.Fatalf("at the start: %q", got)
	}
}
