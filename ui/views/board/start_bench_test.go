package board

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// The start benchmarks' boards: the cache holds 100,000 stories, the
// service 10,000 (a 100,000 load is BenchmarkRefresh's).
const (
	cachedItems = 100_000
	startItems  = 10_000
)

// startWorld is a sandbox answering each request after 50 ms with 10,000
// extra stories, and a client of it.
type startWorld struct {
	srv    *sandbox.Running
	client *api.Client
}

const startWorkspace = 10022001

func newStartWorld(b *testing.B, n int) startWorld {
	b.Helper()
	srv, err := sandbox.Start(sandbox.Options{Latency: 50 * time.Millisecond, ExtraItems: n})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = srv.Close() })
	return startWorld{srv: srv, client: api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))}
}

// storyCount is how many stories the workspace has.
func (w startWorld) storyCount(b *testing.B) int {
	b.Helper()
	n, err := w.client.Count(context.Background(), startWorkspace, api.Story, nil)
	if err != nil {
		b.Fatal(err)
	}
	return n
}

// cacheOf lists the stories of a sandbox of n extra stories, saves them in a
// new cache file as w's, with their sync point as a board saves it, and
// closes that sandbox, so that only w's service runs while the board starts.
// It returns the file and how many stories it holds.
func (w startWorld) cacheOf(b *testing.B, n int) (string, int) {
	b.Helper()
	big := newStartWorld(b, n)
	ctx := context.Background()
	items, err := big.client.List(ctx, api.ListRequest{WorkspaceID: startWorkspace, Kind: api.Story, Fields: api.ListFields(api.Story)})
	if err != nil {
		b.Fatal(err)
	}
	fields, err := big.client.FieldInfo(ctx, startWorkspace, api.Story)
	if err != nil {
		b.Fatal(err)
	}
	_ = big.srv.Close()
	synced := ""
	for _, it := range items {
		synced = max(synced, it.Modified)
	}
	file := filepath.Join(b.TempDir(), store.CacheFile)
	cache, err := store.OpenCache(file)
	if err != nil {
		b.Fatal(err)
	}
	if err := cache.Save(w.srv.URL, "demo", startWorkspace, api.Story, store.Snapshot{Items: items, Fields: fields, Synced: synced}); err != nil {
		b.Fatal(err)
	}
	if err := cache.Close(); err != nil {
		b.Fatal(err)
	}
	runtime.GC()
	return file, len(items)
}

// start opens the board b.N times, with the cache file if any, until done
// holds after a frame.
func (w startWorld) start(b *testing.B, cacheFile string, done func(*Model) bool) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	cpu := uitest.CPUTime()
	for range b.N {
		run, cancel := context.WithCancel(context.Background())
		c := uitest.Context(w.client, uitest.Theme{Dark: true}, 120, 40)
		c.Base, c.ServiceURL, c.User = run, w.srv.URL, "demo"
		var opened *store.Cache
		if cacheFile != "" {
			var err error
			opened, err = store.OpenCache(cacheFile)
			if err != nil {
				b.Fatal(err)
			}
			c.Cache = opened
		}
		m := newBoard(c)
		m.SetSize(120, 40)
		firstFrame(run, m, m.openWorkspace(startWorkspace), done)
		cancel()
		if opened != nil {
			_ = opened.Close()
		}
	}
	b.StopTimer()
	// The processor time of the process (the service in it included), which
	// other processes on the machine do not inflate.
	b.ReportMetric(float64((uitest.CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkStart measures the time from the start of the board (the cache
// opened, the board made and loaded) to its first frame with the stories,
// against the sandbox answering each request after 50 ms with 10,000 stories:
//
//   - cache: the first frame draws the cached board, 100,000 stories, while
//     the refresh runs;
//   - service_first_page: without a cache, the first frame with the first
//     page of stories;
//   - service_all: without a cache, the frame with every story.
//
// Run: go test ./ui/views/board -run '^$' -bench BenchmarkStart -benchtime 10x
func BenchmarkStart(b *testing.B) {
	w := newStartWorld(b, startItems)
	b.Run("cache", func(b *testing.B) {
		file, n := w.cacheOf(b, cachedItems)
		w.start(b, file, func(m *Model) bool { return len(m.cur().items) >= n })
	})
	n := w.storyCount(b)
	b.Run("service_first_page", func(b *testing.B) {
		w.start(b, "", func(m *Model) bool { return len(m.cur().items) > 0 })
	})
	b.Run("service_all", func(b *testing.B) {
		w.start(b, "", func(m *Model) bool { return len(m.cur().items) >= n })
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
