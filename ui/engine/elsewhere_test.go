package engine

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/internal/uitest"
)

// changes keeps what the engine tells its view.
type changes struct{ got []ChangedMsg }

func (c *changes) Changed(msg ChangedMsg) tea.Cmd {
	c.got = append(c.got, msg)
	return nil
}

// TestBoardDrawsAnEditOfAnotherProcess: `triage set` beside the board
// sends a change through the same outbox (another open of the file, another
// session); on its next look at the outbox the board draws the change as
// confirmed, says who made it, and lists it among the session's changes.
// A look that finds nothing new draws nothing.
func TestBoardDrawsAnEditOfAnotherProcess(t *testing.T) {
	svc := uitest.NewService()
	ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 80, 24)
	path := filepath.Join(t.TempDir(), store.OutboxFile)
	open := func() *store.Outbox {
		ob, err := store.OpenOutbox(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = ob.Close() })
		return ob
	}
	board := store.NewSender(open(), svc, store.SenderConfig{Service: ctx.ServiceURL, Session: uitest.Session, Watch: time.Second})
	ctx.Edits = board
	g := New(ctx)
	g.After = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	polls := 0
	g.Poll = func(d time.Duration, msg tea.Msg) tea.Cmd {
		if d != time.Second {
			t.Errorf("the board looks at the outbox every %s, want every second", d)
		}
		polls++
		return nil
	}
	view := &changes{}
	g.Watch(view)
	r := &rig{t: t, g: g, svc: svc}
	r.run(g.Open(10022001))
	g.SetFields(api.Story, uitest.PriorityFields(api.Story))
	if polls != 1 {
		t.Fatalf("the board set %d timers to look at the outbox, want 1", polls)
	}

	it := r.story(2)
	set := store.NewSender(open(), svc, store.SenderConfig{Service: ctx.ServiceURL, Session: "20260106T091700Z-set"})
	e, err := set.Add(store.Edit{Session: "20260106T091700Z-set", Service: ctx.ServiceURL, User: ctx.User, WorkspaceID: 10022001,
		Kind: api.Story, Op: store.OpPriority, ItemID: it.ID, From: it.PriorityLabel, To: "Low", SeenPriority: it.PriorityLabel, SeenModified: it.Modified})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := set.SendAll(context.Background(), []store.Edit{e}); err != nil || res[0].Outcome != store.OutcomeSent {
		t.Fatalf("the other process's send: %+v, %v", res, err)
	}
	r.said()

	r.run(func() tea.Msg { return elsewhereTickMsg{} })
	if len(view.got) != 1 || len(view.got[0].Items) != 1 {
		t.Fatalf("the board was told %+v, want the one item the other process changed", view.got)
	}
	shown := view.got[0].Items[0]
	if card := g.Card(shown, it); shown.Item.ID != it.ID || !shown.Confirmed || card.PriorityLabel != "Low" || card.Title != it.Title {
		t.Errorf("the card shows %+v (confirmed %v), want %s with priority Low", card, shown.Confirmed, it.ID)
	}
	if said := r.said(); !strings.Contains(said, "High → Low (by another triage)") {
		t.Errorf("the status line said %q, want the change and that another triage made it", said)
	}
	if polls != 2 {
		t.Errorf("the board looks again: %d timers, want 2", polls)
	}
	history, err := board.History(uitest.Session)
	if err != nil || len(history) != 1 || history[0].Seq != e.Seq {
		t.Errorf("U lists %+v, %v; want the other process's change", history, err)
	}

	r.run(func() tea.Msg { return elsewhereTickMsg{} })
	if len(view.got) != 1 {
		t.Errorf("a look with nothing new drew %+v", view.got[1:])
	}
}
