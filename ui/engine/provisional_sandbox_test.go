package engine

import (
	"context"
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
)

// createWrites is a transport that counts the requests it passes to the
// service and answers writes as told: "" passes them, "down" fails them as
// a refused connection does, "invalid" and "forbidden" answer with TAPD's
// refusal (400, 403).
type createWrites struct {
	mu            sync.Mutex
	mode          string
	reads, writes int
}

func (c *createWrites) set(mode string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.mode = mode
}

// take returns the requests passed since the last take.
func (c *createWrites) take() (reads, writes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	reads, writes, c.reads, c.writes = c.reads, c.writes, 0, 0
	return reads, writes
}

func (c *createWrites) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	mode := c.mode
	if r.Method == http.MethodGet {
		c.reads++
	} else if mode == "" {
		c.writes++
	}
	c.mu.Unlock()
	refuse := func(code int, info string) (*http.Response, error) {
		body := `{"status":0,"data":null,"info":"` + info + `"}`
		return &http.Response{StatusCode: code, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
	}
	switch {
	case mode == "offline":
		return nil, errors.New("connect: connection refused")
	case r.Method == http.MethodGet || mode == "":
	case mode == "down":
		return nil, errors.New("connect: connection refused")
	case mode == "invalid":
		return refuse(http.StatusBadRequest, "the title is too long")
	case mode == "forbidden":
		return refuse(http.StatusForbidden, "no right to create in this workspace")
	}
	return http.DefaultTransport.RoundTrip(r)
}

// cardRig is an engine on a local service whose writes a test turns off
// and on, and whose outbox outlives the engine (restart).
type cardRig struct {
	*rig
	srv    *sandbox.Running
	client *api.Client
	writes *createWrites
	path   string // the outbox file
	ob     *store.Outbox
}

const cardWS = 10022001

func newCardRig(t *testing.T) *cardRig {
	t.Helper()
	srv := sandboxtest.Start(t, sandbox.Options{})
	writes := &createWrites{}
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: writes}))
	c := &cardRig{srv: srv, client: client, writes: writes, path: filepath.Join(t.TempDir(), store.OutboxFile)}
	c.start(t, "first run")
	return c
}

// start opens the outbox and an engine on it, as a run of the app does;
// the board's first load of stories is done.
func (c *cardRig) start(t *testing.T, session string) {
	t.Helper()
	ob, err := store.OpenOutbox(c.path)
	if err != nil {
		t.Fatal(err)
	}
	c.ob = ob
	t.Cleanup(func() { _ = ob.Close() })
	ctx := demoContext(c.srv, c.client)
	ctx.Session = session
	ctx.Edits = store.NewSender(ob, c.client, store.SenderConfig{Service: c.srv.URL, Session: session,
		Backoff: store.Backoff{Base: time.Millisecond, Max: 2 * time.Millisecond}})
	c.rig = openedRig(t, ctx, cardWS)
	g := c.g
	c.run(g.Load(api.Story))
	if !g.Items(api.Story).Complete && c.writes.mode != "offline" {
		t.Fatal("the stories are not loaded")
	}
	c.writes.take()
}

// restart ends the run (its outbox closed, as when the app quits) and
// starts another.
func (c *cardRig) restart(t *testing.T) {
	t.Helper()
	if err := c.ob.Close(); err != nil {
		t.Fatal(err)
	}
	c.start(t, "second run")
}

// cards are the story cards of a title.
func (c *cardRig) cards(title string) []api.Item {
	var out []api.Item
	for _, it := range c.g.Items(api.Story).List {
		if it.Title == title {
			out = append(out, it)
		}
	}
	return out
}

// onService counts the stories of a title the service holds.
func (c *cardRig) onService(t *testing.T, title string) int {
	t.Helper()
	n := 0
	err := c.client.ListPages(context.Background(), api.ListRequest{WorkspaceID: cardWS, Kind: api.Story}, func(p api.Page) {
		for _, it := range p.Items {
			if it.Title == title {
				n++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	c.writes.take()
	return n
}

// newStory is a create of a story with a priority and an owner.
func newStory(title string) api.NewItem {
	return api.NewItem{Kind: api.Story, Title: title, PriorityLabel: "High", Creator: "demo",
		Fields: map[string]string{"owner": "demo;"}}
}

// TestNewCardStandsAtOnce: with the service unreachable, a new story's
// card stands on the board the moment it is queued, under a local id,
// with its title, priority, the workflow's first status and its owner,
// marked pending; once the service is back the card becomes the item the
// service made, in place, once: one read (a refused connection may have
// hidden an answer, so the outbox looks for the item first) and one write.
func TestNewCardStandsAtOnce(t *testing.T) {
	c := newCardRig(t)
	c.writes.set("down")
	const title = "Export the invoices as CSV"
	c.run(c.g.Create(newStory(title)))
	cards := c.cards(title)
	if len(cards) != 1 {
		t.Fatalf("%d cards of the new story, want 1", len(cards))
	}
	card := cards[0]
	first := c.g.statusOrder(api.Story)[0]
	if !IsLocalID(card.ID) || card.PriorityLabel != "High" || card.Status != first || card.Owner != "demo;" {
		t.Errorf("card %q %q %q %q, want a local id, High, %s, demo;", card.ID, card.PriorityLabel, card.Status, card.Owner, first)
	}
	if st, ok := c.g.State(api.Story, card.ID); !ok || st != Pending {
		t.Errorf("card state %v %v, want pending", st, ok)
	}
	if said := c.said(); !strings.Contains(said, "waits to be created") {
		t.Errorf("said %q, want that it waits", said)
	}
	if _, writes := c.writes.take(); writes != 0 {
		t.Errorf("%d writes reached the service while it was down", writes)
	}

	c.writes.set("")
	c.waitDue(t)
	c.run(c.g.FlushNow())
	cards = c.cards(title)
	if len(cards) != 1 || IsLocalID(cards[0].ID) || cards[0].ID == "" {
		t.Fatalf("after the answer the cards are %+v, want the created item once", cards)
	}
	if _, ok := c.g.State(api.Story, cards[0].ID); ok {
		t.Error("the created item is still marked as on its way")
	}
	reads, writes := c.writes.take()
	t.Logf("the create once the service was back: %d reads, %d writes", reads, writes)
	if reads != 1 || writes != 1 {
		t.Errorf("the create took %d reads, %d writes; want 1, 1", reads, writes)
	}
	if n := c.onService(t, title); n != 1 {
		t.Errorf("the service holds the story %d times, want once", n)
	}
	if c.g.provIn(c.g.Items(api.Story)) != 0 || len(c.g.provs) != 0 {
		t.Errorf("%d creates still on their way", len(c.g.provs))
	}
}

// TestNewCardRefreshFirst: a refresh that brings the new item before the
// create's answer turns the card into it, and the answer then finds it:
// one card, never two.
func TestNewCardRefreshFirst(t *testing.T) {
	c := newCardRig(t)
	const title = "Refresh brings me first"
	var held []tea.Msg
	first := c.g.Create(newStory(title))()
	batch, ok := first.(tea.BatchMsg)
	if !ok {
		batch = tea.BatchMsg{func() tea.Msg { return first }}
	}
	for _, cmd := range batch {
		if cmd == nil {
			continue
		}
		if msg := cmd(); msg != nil {
			if _, ok := msg.(sentMsg); ok {
				held = append(held, msg) // the service made it; its answer waits
				continue
			}
			c.run(func() tea.Msg { return msg })
		}
	}
	if len(held) != 1 {
		t.Fatalf("%d answers held, want the create's", len(held))
	}
	if cards := c.cards(title); len(cards) != 1 || !IsLocalID(cards[0].ID) {
		t.Fatalf("before the refresh the cards are %+v, want the provisional one", cards)
	}
	c.run(c.g.Load(api.Story))
	cards := c.cards(title)
	if len(cards) != 1 || IsLocalID(cards[0].ID) {
		t.Fatalf("after the refresh the cards are %+v, want the item once", cards)
	}
	id := cards[0].ID
	for _, msg := range held {
		c.run(func() tea.Msg { return msg })
	}
	cards = c.cards(title)
	if len(cards) != 1 || cards[0].ID != id {
		t.Fatalf("after the answer the cards are %+v, want #%s once", cards, id)
	}
	if _, ok := c.g.State(api.Story, id); ok || len(c.g.provs) != 0 {
		t.Error("the created item is still marked as on its way")
	}
}

// TestNewCardRefused: a create the service finds wrong marks its card
// failed with the reason, and R sends it again; one it refuses for good
// (no right) takes the card off the board and says why.
func TestNewCardRefused(t *testing.T) {
	c := newCardRig(t)
	const title = "Refused at first"
	c.writes.set("invalid")
	c.run(c.g.Create(newStory(title)))
	cards := c.cards(title)
	if len(cards) != 1 {
		t.Fatalf("%d cards, want the failed one", len(cards))
	}
	if st, ok := c.g.State(api.Story, cards[0].ID); !ok || st != Failed {
		t.Errorf("card state %v %v, want failed", st, ok)
	}
	if said := c.said(); !strings.Contains(said, "the title is too long") || !strings.Contains(said, "press R") {
		t.Errorf("said %q, want the reason and R", said)
	}
	c.writes.set("")
	cmd, again := c.g.Retry()
	if !again {
		t.Fatal("R found nothing to send again")
	}
	c.run(cmd)
	if cards := c.cards(title); len(cards) != 1 || IsLocalID(cards[0].ID) {
		t.Errorf("after R the cards are %+v, want the created item", cards)
	}

	const denied = "Not allowed here"
	c.writes.set("forbidden")
	c.run(c.g.Create(newStory(denied)))
	if cards := c.cards(denied); len(cards) != 0 {
		t.Errorf("the refused create still has cards %+v", cards)
	}
	for _, it := range c.g.Items(api.Story).List {
		if IsLocalID(it.ID) {
			t.Errorf("a provisional card %q is left", it.Title)
		}
	}
	if said := c.said(); !strings.Contains(said, "taken off the board") || !strings.Contains(said, "no right") {
		t.Errorf("said %q, want why the card went", said)
	}
}

// TestNewCardAfterRestart: a create still in the outbox when the app quit
// stands on the board of the next run, and becomes the item once sent:
// one read (the outbox looks for an earlier attempt) and one write.
func TestNewCardAfterRestart(t *testing.T) {
	c := newCardRig(t)
	const title = "Queued before the restart"
	c.writes.set("down")
	c.run(c.g.Create(newStory(title)))
	c.restart(t)
	cards := c.cards(title)
	if len(cards) != 1 || !IsLocalID(cards[0].ID) {
		t.Fatalf("after the restart the cards are %+v, want the provisional one", cards)
	}
	if st, ok := c.g.State(api.Story, cards[0].ID); !ok || st != Pending {
		t.Errorf("card state %v %v, want pending", st, ok)
	}
	c.writes.set("")
	c.waitDue(t)
	c.run(c.g.FlushNow())
	cards = c.cards(title)
	if len(cards) != 1 || IsLocalID(cards[0].ID) {
		t.Fatalf("once sent the cards are %+v, want the item once", cards)
	}
	reads, writes := c.writes.take()
	t.Logf("the create of an earlier run: %d reads, %d writes", reads, writes)
	if reads != 1 || writes != 1 {
		t.Errorf("the create took %d reads, %d writes; want 1, 1", reads, writes)
	}
	if n := c.onService(t, title); n != 1 {
		t.Errorf("the service holds the story %d times, want once", n)
	}
}

// TestNewCardEditsAndUndo: an edit of a card not created yet is refused
// with why, and reaches no outbox; u right after a create says that a new
// item is not undone, and deletes nothing.
func TestNewCardEditsAndUndo(t *testing.T) {
	c := newCardRig(t)
	const title = "Edited too early"
	c.writes.set("down")
	c.run(c.g.Create(newStory(title)))
	card := c.cards(title)[0]
	c.said()
	shown, cmd := c.g.Apply(api.Story, Change{Item: card, Field: Priority, To: "Low"})
	c.run(cmd)
	if len(shown) != 0 {
		t.Errorf("the edit was staged: %+v", shown)
	}
	if said := c.said(); !strings.Contains(said, "is not created yet") {
		t.Errorf("said %q, want the refusal", said)
	}
	c.run(c.g.Undo())
	if said := c.said(); !strings.Contains(said, "a new item is not undone") {
		t.Errorf("u said %q", said)
	}
	if cards := c.cards(title); len(cards) != 1 {
		t.Errorf("after u the cards are %+v, want the card still", cards)
	}
	c.run(c.g.Undo())
	if said := c.said(); !strings.Contains(said, "nothing to undo") {
		t.Errorf("a second u said %q", said)
	}
}

// waitDue waits until the outbox's edits are due again: a send that found
// the service down is retried after the sender's backoff (a millisecond or
// two here), and a flush leaves an edit alone until then.
func (c *cardRig) waitDue(t *testing.T) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		pending, err := c.ob.Pending(c.srv.URL, "demo")
		if err != nil {
			t.Fatal(err)
		}
		due := true
		for _, e := range pending {
			due = due && !e.NextAttempt.After(time.Now())
		}
		if due {
			return
		}
	}
	t.Fatal("the outbox's edits never came due")
}
