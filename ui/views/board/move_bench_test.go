package board

import (
	"context"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/internal/uitest"
)

// BenchmarkMove measures one move of a card, from the key press to the
// service's confirmation on the card, through the outbox and the client,
// against the sandbox answering each request after 50 ms. The move reads
// the item before it writes, to compare it with what the board showed.
//
// Run: go test ./ui/views/board -run '^$' -bench BenchmarkMove -benchtime 20x -benchmem
func BenchmarkMove(b *testing.B) {
	srv, err := sandbox.Start(sandbox.Options{Latency: 50 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))
	base, stop := context.WithCancel(context.Background())
	b.Cleanup(stop)
	const ws = 10022001
	n, err := client.Count(base, ws, api.Story, nil)
	if err != nil {
		b.Fatal(err)
	}

	c := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
	c.Base, c.ServiceURL, c.User = base, srv.URL, "demo"
	c.Edits = uitest.NewEdits(b, client, srv.URL)
	m := newBoard(c)
	m.SetSize(120, 40)
	firstFrame(base, m, m.openWorkspace(ws), func(m *Model) bool { return len(m.cur().items) >= n })
	m.Update(uitest.Keys("l")[0])

	keys := uitest.Keys("2", "3") // Middle, Low, Middle, …
	b.ResetTimer()
	for i := range b.N {
		run, cancel := context.WithCancel(base)
		_, cmd := m.Update(keys[i%2])
		firstFrame(run, m, cmd, func(m *Model) bool { return !m.eng.Editing() })
		cancel()
	}
	b.StopTimer()
	if m.lastErr != nil {
		b.Fatalf("a move failed: %v", m.lastErr)
	}
}
