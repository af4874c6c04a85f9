package engine

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/internal/uitest"
)

// quickMoveEvery is how often a person moves a card in a run of quick
// moves: ten within a second.
const quickMoveEvery = 90 * time.Millisecond

// boardSender is the sender the board sends its edits with (ui/cli/open),
// its outbox in t's directory.
func boardSender(t *testing.T, client *api.Client, service string) *store.Sender {
	t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(t.TempDir(), store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ob.Close() })
	return store.NewSender(ob, client, store.SenderConfig{Service: service, Session: uitest.Session, Parallel: api.DefaultMaxInFlight,
		Gather: store.BoardGather()})
}

// TestMeasureTenQuickMoves: ten single moves made within a second on the
// board, one every 90 ms as a person makes them, on the service allowing
// 60 requests a minute, cost at most two reads and two writes, typically
// one read and one batch write (20 before: each move was sent as soon as
// it was made, and with nothing on its way went alone, its story read and
// written). Each move still gets its own answer, and the service holds
// all ten.
func TestMeasureTenQuickMoves(t *testing.T) {
	mt := newMeasureTransport()
	g, r, client, _ := limitedEngineSending(t, mt, func(client *api.Client, service string) *store.Sender {
		return boardSender(t, client, service)
	})
	_, _, cmd := g.Moves(api.Story)
	r.run(cmd)
	stories := planningStories(t, client, mt, 10)

	// The moves are made one by one as the board makes them; their
	// commands run meanwhile, each on its own, as Bubble Tea runs them.
	msgs := make(chan tea.Msg, 64)
	var wg sync.WaitGroup
	var runAway func(tea.Cmd)
	runAway = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				wg.Go(func() { runAway(c) })
			}
		case nil:
		default:
			msgs <- msg
		}
	}
	start := time.Now()
	for i, it := range stories {
		time.Sleep(time.Until(start.Add(time.Duration(i) * quickMoveEvery)))
		_, cmd := g.Apply(api.Story, Change{Item: it, Field: Status, To: "developing"})
		wg.Go(func() { runAway(cmd) })
	}
	wg.Wait()
	close(msgs)
	answered := map[string]store.Outcome{}
	for msg := range msgs {
		if s, ok := msg.(sentMsg); ok {
			for _, res := range s.results {
				answered[res.res.Edit.ItemID] = res.res.Outcome
			}
			if len(s.results) != 1 {
				t.Errorf("a single move answered with %d results, want its own one", len(s.results))
			}
		}
		r.run(func() tea.Msg { return msg })
	}
	reads, writes, paths, limited := mt.take()
	t.Logf("10 quick moves: %d requests: %d reads, %d writes (%v)", reads+writes, reads, writes, paths)
	if reads > 2 || writes > 2 || limited != 0 {
		t.Errorf("10 quick moves: %d reads, %d writes, %d refused for the rate limit; want at most 2 and 2, none refused", reads, writes, limited)
	}
	ids := make([]string, len(stories))
	for i, it := range stories {
		ids[i] = it.ID
		if answered[it.ID] != store.OutcomeSent {
			t.Errorf("the move of %s was answered %q, want sent", it.ShortID(), answered[it.ID])
		}
	}
	got, err := client.GetMany(context.Background(), 10022001, api.Story, ids)
	if err != nil || len(got) != len(stories) {
		t.Fatalf("on the service: %d stories, %v", len(got), err)
	}
	for _, it := range got {
		if it.Status != "developing" {
			t.Errorf("on the service, %s is %s, want developing", it.ShortID(), it.Status)
		}
	}
}
