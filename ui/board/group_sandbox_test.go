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
	srv, err := sandbox.Start(sandbox.Options{})
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
