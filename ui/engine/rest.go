package engine

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/ui/i18n"
)

// While the sender holds the edits back (the service asked to wait, failed
// or cannot be reached), the status line says why, with a countdown to the
// next try: "8 edits waiting · the service asked to wait, next try in 14s".

// rest is what the sender said about holding edits back.
type rest struct {
	until time.Time // "" zero: not resting
	why   string    // store.RestReason's words, in English: said through i18n
}

// restTickMsg redraws the countdown every second while it runs.
type restTickMsg struct{ until time.Time }

// onRest takes what the sender said; it starts the countdown's ticks.
func (g *Engine) onRest(r rest) tea.Cmd {
	g.rest = r
	if r.until.IsZero() || g.ticking {
		return nil
	}
	g.ticking = true
	return g.After(time.Second, restTickMsg{until: r.until})
}

// onRestTick ticks again until the next try.
func (g *Engine) onRestTick() tea.Cmd {
	if g.rest.until.IsZero() || !g.now().Before(g.rest.until) {
		g.ticking = false
		return nil
	}
	return g.After(time.Second, restTickMsg{until: g.rest.until})
}

// restText is the reason the edits wait and the countdown to the next
// try; "" when they do not wait for the service.
func (g *Engine) restText() string {
	if g.rest.until.IsZero() {
		return ""
	}
	left := g.rest.until.Sub(g.now())
	if left <= 0 {
		return i18n.Tf("%s, trying again now", i18n.T(g.rest.why))
	}
	return i18n.Tf("%s, next try in %s", i18n.T(g.rest.why), roundUp(left))
}

// roundUp writes a wait in whole seconds, never "0s".
func roundUp(d time.Duration) string {
	s := (d + time.Second - 1) / time.Second
	if s < 60 {
		return fmt.Sprintf("%ds", s)
	}
	return fmt.Sprintf("%dm%02ds", s/60, s%60)
}

// now is the engine's clock.
func (g *Engine) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

// OnTheirWay reports whether edits are being sent now (a send or a flush
// runs): quitting now would leave them for the next start.
func (g *Engine) OnTheirWay() bool { return len(g.runs) > 0 || g.flushing }
