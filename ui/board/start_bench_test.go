package board

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// startItems is how many stories the start benchmarks show.
const startItems = 10_000

// BenchmarkStart measures the time from the start of the board (the cache
// opened, the board made and loaded) to its first frame with the stories,
// against the sandbox answering each request after 50 ms:
//
//   - cache: the first frame draws the cached board (10,000 stories) while
//     the refresh runs;
//   - service_first_page: without a cache, the first frame with the first
//     page of stories;
//   - service_all: without a cache, the frame with every story.
//
// Run: go test ./ui/board -run '^$' -bench BenchmarkStart -benchtime 10x
func BenchmarkStart(b *testing.B) {
	srv, err := sandbox.Start(sandbox.Options{Latency: 50 * time.Millisecond, ExtraItems: startItems})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))
	ctx := context.Background()
	const ws = 10022001
	items, err := client.List(ctx, api.ListRequest{WorkspaceID: ws, Kind: api.Story, Fields: api.ListFields(api.Story)})
	if err != nil {
		b.Fatal(err)
	}
	fields, err := client.FieldInfo(ctx, ws, api.Story)
	if err != nil {
		b.Fatal(err)
	}
	cacheFile := filepath.Join(b.TempDir(), store.CacheFile)
	cache, err := store.OpenCache(cacheFile)
	if err != nil {
		b.Fatal(err)
	}
	if err := cache.Save(srv.URL, "demo", ws, api.Story, store.Snapshot{Items: items, Fields: fields}); err != nil {
		b.Fatal(err)
	}
	if err := cache.Close(); err != nil {
		b.Fatal(err)
	}
	n := len(items)
	b.Logf("%d stories cached", n)

	start := func(b *testing.B, withCache bool, done func(*Model) bool) {
		b.Helper()
		for range b.N {
			run, cancel := context.WithCancel(ctx)
			c := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
			c.Base, c.ServiceURL, c.User = run, srv.URL, "demo"
			var opened *store.Cache
			if withCache {
				opened, err = store.OpenCache(cacheFile)
				if err != nil {
					b.Fatal(err)
				}
				c.Cache = opened
			}
			m := newBoard(c)
			m.SetSize(120, 40)
			firstFrame(run, m, m.openWorkspace(ws), done)
			cancel()
			if opened != nil {
				_ = opened.Close()
			}
		}
	}
	b.Run("cache", func(b *testing.B) {
		start(b, true, func(m *Model) bool { return len(m.cur().items) >= n })
	})
	b.Run("service_first_page", func(b *testing.B) {
		start(b, false, func(m *Model) bool { return len(m.cur().items) > 0 })
	})
	b.Run("service_all", func(b *testing.B) {
		start(b, false, func(m *Model) bool { return len(m.cur().items) >= n })
	})
}

// firstFrame runs a board as Bubble Tea would (each command in its own
// goroutine, each message given to Update and followed by a frame) until
// done holds after a frame.
func firstFrame(ctx context.Context, m *Model, cmd tea.Cmd, done func(*Model) bool) {
	msgs := make(chan tea.Msg, 64)
	run := func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			select {
			case msgs <- c():
			case <-ctx.Done():
			}
		}()
	}
	run(cmd)
	for msg := range msgs {
		switch msg := msg.(type) {
		case nil:
			continue
		case tea.BatchMsg:
			for _, c := range msg {
				run(c)
			}
			continue
		case common.StatusMsg:
			continue
		}
		next, ok := m.eng.Update(msg) // the engine's messages, as the root routes them
		if !ok {
			_, next = m.Update(msg)
		}
		_ = m.View()
		if done(m) {
			return
		}
		run(next)
	}
}
