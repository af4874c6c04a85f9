package engine

import (
	"fmt"
	"runtime"
	"testing"

	"triage/api"
	"triage/ui/internal/uitest"
)

// BenchmarkSeenMarks100k marks the items of a kind of 100,000, a tenth of
// them changed since the user last looked, as the first load does: what
// a marking allocates is what the marks add to the heap (a bit per item;
// the history of the first hundred marked items is not read, the service
// here has none). Run with -benchmem; B/item (B/op over the 100,000
// items) is the figure the issue bounds (at most 8).
func BenchmarkSeenMarks100k(b *testing.B) {
	const n = 100_000
	g := New(uitest.Context(uitest.NewService(), uitest.Theme{Dark: true}, 80, 24))
	s := newItems(api.Bug)
	items := make([]api.Item, n)
	for i := range items {
		items[i] = api.Item{Kind: api.Bug, ID: fmt.Sprintf("11%08d%09d", 1, i), Created: "2026-11-01 09:00:00", Modified: "2026-11-20 09:00:00"}
		if i%10 == 0 {
			items[i].Modified = "2026-11-26 09:00:00"
		}
	}
	for p := 0; p*api.PageSize < n; p++ {
		s.AddPage(p+1, items[p*api.PageSize:min((p+1)*api.PageSize, n)])
	}
	s.Complete, s.Synced = true, "2026-11-26 09:00:00"
	g.sets[api.Bug] = s
	sk := g.kindSeen(api.Bug)
	sk.begun, sk.seen.Since = true, "2026-11-25 00:00:00"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	runs := 0
	for b.Loop() {
		sk.over, sk.marks = nil, nil // marks made afresh, as at the first load
		g.remark(api.Bug)
		runs++
	}
	runtime.ReadMemStats(&after)
	if got := g.MarkCount(api.Bug); got != n/10 {
		b.Fatalf("%d marked, want %d", got, n/10)
	}
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(runs)/n, "B/item")
}

// TestSeenMarksHeapBound: marking 100,000 items, every one of them changed
// since the user last looked, allocates at most 8 bytes an item.
func TestSeenMarksHeapBound(t *testing.T) {
	const n = 100_000
	g := New(uitest.Context(uitest.NewService(), uitest.Theme{Dark: true}, 80, 24))
	s := newItems(api.Task)
	items := make([]api.Item, n)
	for i := range items {
		items[i] = api.Item{Kind: api.Task, ID: fmt.Sprintf("11%08d%09d", 1, i), Created: "2026-11-01 09:00:00", Modified: "2026-11-26 09:00:00"}
	}
	for p := 0; p*api.PageSize < n; p++ {
		s.AddPage(p+1, items[p*api.PageSize:min((p+1)*api.PageSize, n)])
	}
	s.Complete, s.Synced = true, "2026-11-26 09:00:00"
	g.sets[api.Task] = s
	sk := g.kindSeen(api.Task)
	sk.begun, sk.seen.Since = true, "2026-11-25 00:00:00"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	g.remark(api.Task)
	runtime.ReadMemStats(&after)
	if got := g.MarkCount(api.Task); got != n {
		t.Fatalf("%d marked, want every one of %d", got, n)
	}
	if per := float64(after.TotalAlloc-before.TotalAlloc) / n; per > 8 {
		t.Errorf("the marks of %d items allocate %.2f bytes an item; want at most 8", n, per)
	} else {
		t.Logf("the marks of %d items allocate %.3f bytes an item", n, per)
	}
}
