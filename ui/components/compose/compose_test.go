package compose

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// TestKeysWriteSendAndDrop: typed text, a new line, a backspace and a
// paste make the comment; ctrl+s sends it and esc drops it.
func TestKeysWriteSendAndDrop(t *testing.T) {
	c := New(common.NewContext(nil, true), "Comment on #42", "Fix the login", "ctrl+s send")
	for _, k := range []tea.KeyPressMsg{{Code: 'h', Text: "h"}, {Code: 'i', Text: "i"}, {Code: 'x', Text: "x"},
		{Code: tea.KeyBackspace}, {Code: tea.KeyEnter}, {Code: 'c', Text: "c", Mod: tea.ModCtrl}} {
		if got := c.Key(k); got != Writing {
			t.Fatalf("%s: %v, want Writing", k, got)
		}
	}
	c.Paste(tea.PasteMsg{Content: "there\r\nyou"})
	if got, want := string(c.text), "hi\nthere\nyou"; got != want {
		t.Fatalf("text %q, want %q", got, want)
	}
	if c.HTML() == "" {
		t.Fatal("a written comment has no HTML")
	}
	if got := c.Key(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}); got != Send {
		t.Errorf("ctrl+s: %v, want Send", got)
	}
	if got := c.Key(tea.KeyPressMsg{Code: tea.KeyEscape}); got != Drop {
		t.Errorf("esc: %v, want Drop", got)
	}
	if view := c.View(80); !strings.Contains(view, "Comment on #42 Fix the login") || !strings.Contains(view, "there") {
		t.Errorf("the box:\n%s", view)
	}
}
