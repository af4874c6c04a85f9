package board

import (
	"context"
	"runtime"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/internal/uitest"
)

// BenchmarkRefresh measures a board of the 100,240 stories of a workspace
// against the sandbox answering each request after 50 ms. Loading it whole
// (through windows of created, as the service lists at most 20,000 a query)
// is timed once, reported as load-ns and items/s with the heap the loaded
// board keeps per item (B/item, strings included). Then:
//
//   - delta: 10 stories are changed by someone else, and r refreshes the
//     board by delta (what changed since the sync point, and a count); it
//     reports how many times faster that is than the whole load (x-faster);
//   - full: the board is listed whole again, as every refresh did before.
//
// Run: go test ./ui/views/board -run '^$' -bench BenchmarkRefresh -benchtime 5x
func BenchmarkRefresh(b *testing.B) {
	srv, err := sandbox.Start(sandbox.Options{Latency: 50 * time.Millisecond, ExtraItems: 100_000})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))
	ctx := context.Background()
	const ws = 10022001
	total, err := client.Count(ctx, ws, api.Story, nil)
	if err != nil {
		b.Fatal(err)
	}
	c := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
	c.Base, c.ServiceURL, c.User = ctx, srv.URL, "demo"
	m := newBoard(c)
	m.SetSize(120, 40)
	loaded := func(m *Model) bool { return !m.eng.Progress(api.Story).Busy && len(m.sets[api.Story].items) >= total }

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	firstFrame(ctx, m, m.openWorkspace(ws), loaded)
	full := time.Since(start)
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	perItem := float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)) / float64(total)
	if n := len(m.sets[api.Story].items); n != total || m.eng.Items(api.Story).Synced == "" {
		b.Fatalf("board holds %d stories (sync point %q), want all %d", n, m.eng.Items(api.Story).Synced, total)
	}
	b.Logf("%d stories loaded whole in %v", total, full)

	b.Run("delta", func(b *testing.B) {
		for n := range b.N {
			b.StopTimer()
			items := m.sets[api.Story].items
			for k := range 10 {
				it := items[(n*10+k)*997%len(items)]
				to := "High" // a real change: another priority than the story has
				if it.PriorityLabel == to {
					to = "Low"
				}
				if _, err := client.UpdatePriority(ctx, ws, api.Story, it.ID, to, "bob"); err != nil {
					b.Fatal(err)
				}
			}
			b.StartTimer()
			firstFrame(ctx, m, m.eng.Load(api.Story), loaded) // the load is busy from its start
			b.StopTimer()
			if got := len(m.changed[api.Story]); got != 10 {
				b.Fatalf("refresh found %d changed stories, want 10", got)
			}
			b.StartTimer()
		}
		b.StopTimer()
		b.ReportMetric(float64(full.Nanoseconds()), "load-ns")
		b.ReportMetric(float64(total)/full.Seconds(), "items/s")
		b.ReportMetric(perItem, "B/item")
		b.ReportMetric(float64(full.Nanoseconds())/(float64(b.Elapsed().Nanoseconds())/float64(b.N)), "x-faster")
	})
	b.Run("full", func(b *testing.B) {
		for range b.N {
			m.eng.Items(api.Story).Synced = "" // no sync point: the load lists the kind whole
			firstFrame(ctx, m, m.eng.Load(api.Story), loaded)
		}
	})
}
