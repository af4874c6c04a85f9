package board

import (
	"context"
	"strings"
	"testing"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/internal/uitest"
)

// TestGroupByStatus against the sandbox: b groups the stories by status in
// workflow order; from a Planning card the Resolved column is dimmed and a
// move there is refused before anything is queued, naming the statuses
// allowed; ] moves the card to Developing on the service.
func TestGroupByStatus(t *testing.T) {
	m, client, base := sandboxBoard(t)

	_, cmd := m.Update(uitest.Key("b"))
	firstFrame(base, m, cmd, func(m *Model) bool { _, known := m.eng.NextSteps(api.Story, "planning", nil); return known })
	d := m.cur()
	var heads []string
	for _, col := range d.cols {
		heads = append(heads, col.label)
	}
	if got := strings.Join(heads, ", "); got != "No status, Planning, Developing, Resolved, Rejected" {
		t.Fatalf("columns %s", got)
	}
	var words []string
	for _, b := range m.helpKeys().ShortHelp() {
		words = append(words, b.Help().Key+" "+b.Help().Desc)
	}
	if got := strings.Join(words, " · "); !strings.Contains(got, "] next status · [ previous status") {
		t.Errorf("grouped by status, the help line says %q, want ] and [ named after the status", got)
	}
	i, ok := m.selected()
	if !ok || d.items[i].Status != "planning" {
		t.Fatalf("the cursor is not on a Planning card")
	}
	id := d.items[i].ID
	if !m.dimmed(d, 3) || m.dimmed(d, 2) {
		t.Errorf("dimmed: Developing %v, Resolved %v; want Resolved only", m.dimmed(d, 2), m.dimmed(d, 3))
	}

	m.Update(uitest.Key("3"))
	if m.lastErr == nil || !strings.Contains(m.lastErr.Error(), "from Planning it can go to: Developing, Rejected") {
		t.Fatalf("a move to Resolved gave %v", m.lastErr)
	}
	if m.eng.Waiting() != 0 || m.eng.Editing() {
		t.Fatal("a refused move was queued")
	}

	_, cmd = m.Update(uitest.Key("]"))
	firstFrame(base, m, cmd, func(m *Model) bool { return !m.eng.Editing() })
	got, err := client.Get(base, 10022001, api.Story, id)
	if err != nil || got.Status != "developing" {
		t.Fatalf("the service has %s, %v; want developing", got.Status, err)
	}
}

// TestBulkMoveWithAWhy against the sandbox: two marked cards move with ],
// and c in the confirmation adds a why, sent as a comment on each after its
// move, once; the move is one step, and once it is answered no "saving"
// is busy and nothing is on its way (a quit with w does not wait for ever).
func TestBulkMoveWithAWhy(t *testing.T) {
	m, client, base := sandboxBoard(t)

	m.Update(uitest.Key("l")) // High
	for _, k := range uitest.Keys("space", "j", "space", "]", "c", "w", "h", "y") {
		m.Update(k)
	}
	marked := m.markedItems()
	if len(marked) != 2 || m.compose == nil {
		t.Fatalf("%d marked, composer open %v", len(marked), m.compose != nil)
	}
	var ids []string
	for _, i := range marked {
		ids = append(ids, m.cur().items[i].ID)
	}
	_, cmd := m.Update(uitest.Key("ctrl+s"))
	firstFrame(base, m, cmd, func(m *Model) bool { return !m.eng.Editing() })
	for _, id := range ids {
		got, err := client.Get(base, 10022001, api.Story, id)
		if err != nil || got.PriorityLabel != "Middle" {
			t.Errorf("%s has %q, %v; want Middle", id, got.PriorityLabel, err)
		}
		comments, err := client.Comments(base, 10022001, api.Story, id)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, cm := range comments {
			if cm.Description == "<p>why</p>" {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s has the why %d times, want once", id, n)
		}
	}
	for _, label := range m.ctx.Tasks.Busy() {
		if strings.HasPrefix(label, "saving") {
			t.Errorf("%q is still busy after the move and its why were answered", label)
		}
	}
	if m.eng.OnTheirWay() {
		t.Error("edits are on their way after the move and its why were answered")
	}
	if steps := m.eng.Steps(); len(steps) != 1 || len(steps[0].Seqs) != 2 {
		t.Errorf("steps %+v, want the move of the two as one", steps)
	}
}

// sandboxBoard is a board of the demo user on a sandbox of its own, at
// 120x40, with workspace 10022001's stories loaded; client and base reach
// the same service, to read back what the board wrote.
func sandboxBoard(t *testing.T) (*Model, *api.Client, context.Context) {
	t.Helper()
	return sandboxBoardWith(t, sandbox.Options{})
}

// sandboxBoardWith is sandboxBoard on a sandbox started with opts.
func sandboxBoardWith(t *testing.T, opts sandbox.Options) (*Model, *api.Client, context.Context) {
	t.Helper()
	srv, err := sandbox.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))
	base, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	c := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
	c.Base, c.ServiceURL, c.User = base, srv.URL, "demo"
	c.Edits = uitest.NewEdits(t, client, srv.URL)
	m := newBoard(c)
	m.SetSize(120, 40)
	firstFrame(base, m, m.openWorkspace(10022001), func(m *Model) bool { return len(m.cur().items) >= 240 && m.cur().fields != nil })
	return m, client, base
}
