package ui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// BenchmarkRootFrame is the root's own cost of one key press and its frame
// (routing, footer, padding) over a board that costs nothing.
func BenchmarkRootFrame(b *testing.B) {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[0], 120, 40)
	m := New(ctx, Options{Auth: fakeAuth{}, Session: token(), WorkspaceID: 10022001,
		NewBoard: func(c *common.Context, _ *engine.Engine) Board { return &fakeBoard{ctx: c} }})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	m.openBoard(10022001)
	key := uitest.Key("j")
	for b.Loop() {
		m.Update(key)
		_ = m.View()
	}
}
