package engine

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// Edits made elsewhere. The outbox is shared by every triage of the profile
// (store/shared.go): `triage set` beside the board sends through it too. The
// board looks at the outbox on a ticker that costs no request (the file's
// last commit, store.Outbox.ChangedElsewhere); when another process changed
// it, the board reads the edits made since it opened, draws each change
// another process got confirmed as it draws the confirmation of its own,
// and counts again what waits (an edit that process left behind is then
// the board's to send).

// sharedEdits is the outbox as the board shares it with other processes.
type sharedEdits interface {
	// WatchEvery is how often to look for other processes' edits; 0: never.
	WatchEvery() time.Duration
	// ChangedElsewhere reports whether another process changed the outbox
	// since the last call.
	ChangedElsewhere() (bool, error)
	// EditsSince lists the edits of every session made since t.
	EditsSince(t time.Time) ([]store.Edit, error)
}

// elsewhereTickMsg is the time to look at the outbox again.
type elsewhereTickMsg struct{}

// elsewhereMsg carries the edits made since the board opened, when another
// process changed the outbox.
type elsewhereMsg struct {
	changed bool
	edits   []store.Edit
	err     error
}

// elsewhere is what the board knows of other processes' edits.
type elsewhere struct {
	watching bool
	since    time.Time                  // the board's start: older edits were read by startEdits
	shown    map[uint64]store.EditState // other sessions' edits, by seq, as last drawn
}

// poll is the timer of the look at the outbox: Poll, else tea.Tick.
func (g *Engine) poll(d time.Duration, msg tea.Msg) tea.Cmd {
	if g.Poll != nil {
		return g.Poll(d, msg)
	}
	return tick(d, msg)
}

// watchElsewhere starts looking at the outbox for other processes' edits,
// once, when the outbox is shared.
func (g *Engine) watchElsewhere() tea.Cmd {
	shared, ok := g.ctx.Edits.(sharedEdits)
	if !ok || g.others.watching || shared.WatchEvery() <= 0 {
		return nil
	}
	g.others = elsewhere{watching: true, since: time.Now(), shown: make(map[uint64]store.EditState)}
	return g.poll(shared.WatchEvery(), elsewhereTickMsg{})
}

// onElsewhereTick asks the outbox, off the program's loop, whether another
// process changed it.
func (g *Engine) onElsewhereTick() tea.Cmd {
	shared := g.ctx.Edits.(sharedEdits)
	since := g.others.since
	return func() tea.Msg {
		changed, err := shared.ChangedElsewhere()
		if err != nil || !changed {
			return elsewhereMsg{err: err}
		}
		edits, err := shared.EditsSince(since)
		return elsewhereMsg{changed: true, edits: edits, err: err}
	}
}

// onElsewhere draws the changes other processes got confirmed, counts again
// what waits, and looks again after a while.
func (g *Engine) onElsewhere(msg elsewhereMsg) tea.Cmd {
	next := g.poll(g.ctx.Edits.(sharedEdits).WatchEvery(), elsewhereTickMsg{})
	if msg.err != nil {
		return tea.Batch(next, g.report(msg.err))
	}
	if !msg.changed {
		return next
	}
	var ch ChangedMsg
	cmds := []tea.Cmd{next}
	flush := &run{origin: fromFlush}
	confirmed := 0
	var last store.Edit
	for _, e := range msg.edits {
		if e.Session == g.ctx.Session || e.WorkspaceID != g.ws || g.others.shown[e.Seq] == e.State {
			continue
		}
		g.others.shown[e.Seq] = e.State
		if e.State != store.StateSent || !e.Op.ChangesField() {
			continue
		}
		answer := api.Item{Kind: e.Kind, ID: e.ItemID}
		fieldOf(e.Op).set(&answer, e.To)
		cmds = append(cmds, g.onResult(&ch, flush, 0, store.Result{Edit: e, Outcome: store.OutcomeSent, Item: answer}, nil))
		confirmed++
		last = e
	}
	switch {
	case confirmed == 1:
		cmds = append(cmds, note("%s (by another triage)", g.said(last, last.ItemID)))
	case confirmed > 1:
		cmds = append(cmds, note("%d changes by another triage", confirmed))
	}
	return tea.Batch(append(cmds, g.changed(ch), g.schedule())...)
}

// sentHere notes the edits of other sessions this board sent (taken up
// from a process that ended), so that they are not drawn again as another
// triage's.
func (g *Engine) sentHere(res store.Result) {
	if g.others.shown != nil && res.Edit.Session != g.ctx.Session {
		g.others.shown[res.Edit.Seq] = res.Edit.State
	}
}
