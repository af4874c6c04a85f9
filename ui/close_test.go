package ui

import (
	"testing"

	"triage/ui/internal/uitest"
)

// A view that closes itself is gone within the Update that handled the
// closing key: the next key, already queued, reaches the view underneath.
// The keys of each case go in one go, with no message of a command between
// them, as a fast typist's do.
func TestCloseTakesEffectBeforeTheNextKey(t *testing.T) {
	tests := []struct {
		name   string
		opened []string // keys that open the view, each let settle
		keys   []string // then these, in one go
	}{
		{"help, q, q quits", []string{"?"}, []string{"q", "q"}},
		{"? q q in one go quits", nil, []string{"?", "q", "q"}},
		{"errors, esc, q quits", []string{"!"}, []string{"esc", "q"}},
		{"editor, esc, q quits", []string{"e"}, []string{"esc", "q"}},
		{"editor saved, q quits", []string{"e", "!"}, []string{"ctrl+s", "q"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, token(), 10022001, nil)
			h.until("the board", h.onTop("board"))
			for _, k := range tt.opened {
				h.d.Press(k)
				h.d.Settle()
			}
			h.d.Send(uitest.Keys(tt.keys...)...)
			if len(h.m.stack) != 1 {
				t.Fatalf("after %q the stack is %q, want the board alone", tt.keys, h.stack())
			}
			h.d.Settle()
			if !h.d.Quit {
				t.Fatalf("after %q the app did not quit; on top: %s", tt.keys, viewName(h.m.top()))
			}
		})
	}
}
