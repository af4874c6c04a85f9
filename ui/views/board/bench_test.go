package board

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// Run with: go test ./ui/views/board -run '^$' -bench . -benchmem
//
// Every frame benchmark measures a key press to its drawn frame (Update then
// View) with one kind of 100,000 items, and reports the median as ns/p50.

const benchItems = 100_000

// benchWorld makes n bugs, each string allocated on its own as the JSON
// decoder does, spread over the priorities: options, none, legacy-only and
// unknown values. It returns the pages of 200 and the bytes of the items'
// strings.
func benchWorld(n int) ([]api.Page, int) {
	statuses := []string{"new", "in_progress", "resolved", "reopened", "closed"}
	owners := []string{"anyechen;", "lily;", "王小明;", "bob;", ""}
	labels := []string{"urgent", "high", "medium", "low", "insignificant", "", "非常高"}
	var pages []api.Page
	strBytes := 0
	for p := 0; p*api.PageSize < n; p++ {
		size := min(api.PageSize, n-p*api.PageSize)
		items := make([]api.Item, size)
		for k := range items {
			j := p*api.PageSize + k
			it := &items[k]
			it.Kind = api.Bug
			it.ID = fmt.Sprintf("1110022001%09d", j+1)
			it.WorkspaceID = strings.Clone("10022001")
			if j%3 == 0 {
				it.Title = fmt.Sprintf("导出报表 %d 时中文乱码，页面 %d 无响应", j, j%97)
			} else {
				it.Title = fmt.Sprintf("Payment callback %d retries forever when the gateway times out (%d)", j, j%89)
			}
			it.PriorityLabel = strings.Clone(labels[j%len(labels)])
			if j%20 == 0 {
				it.PriorityLabel, it.Priority = "", strings.Clone("high")
			}
			it.Status = strings.Clone(statuses[j%len(statuses)])
			it.Owner = strings.Clone(owners[j%len(owners)])
			it.Modified = fmt.Sprintf("2026-01-%02d %02d:%02d:%02d", 1+j%28, j%24, j%60, (j/60)%60)
			it.Created = strings.Clone(it.Modified)
			for _, s := range []string{it.ID, it.WorkspaceID, it.Title, it.PriorityLabel, it.Priority, it.Status, it.Owner, it.Modified, it.Created} {
				strBytes += len(s)
			}
		}
		pages = append(pages, api.Page{Items: items, Number: p + 1, Loaded: min((p+1)*api.PageSize, n), Total: n})
	}
	return pages, strBytes
}

// feed delivers field information and pages to a board as its load does:
// the engine loads the bugs from a service that lists these pages.
func feed(m *Model, pages []api.Page) {
	k := api.Bug
	m.tab = k
	svc, after := m.ctx.Service, m.prev.After
	m.ctx.Service = pagedService{Service: svc, pages: pages}
	m.prev.After = func(time.Duration, tea.Msg) tea.Cmd { return nil } // the preview's timer waits for no load
	defer func() { m.ctx.Service, m.prev.After = svc, after }()
	drive(m, m.eng.Load(k))
}

// pagedService lists the pages it holds, in order.
type pagedService struct {
	common.Service
	pages []api.Page
}

func (s pagedService) ListPages(_ context.Context, _ api.ListRequest, onPage func(api.Page)) error {
	for _, p := range s.pages {
		onPage(p)
	}
	return nil
}

// drive runs a command and everything it leads to, each message given to
// the engine or the board as the root routes it.
func drive(m *Model, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			next, ok := m.eng.Update(msg)
			if !ok {
				_, next = m.Update(msg)
			}
			queue = append(queue, next)
		}
	}
}

// benchBoard is a board of n bugs at a terminal size.
func benchBoard(b *testing.B, n, w, h int) *Model {
	b.Helper()
	pages, _ := benchWorld(n)
	ctx := uitest.Context(newFakeService(), uitest.Theme{Dark: true}, w, h)
	m := newBoard(ctx)
	m.SetSize(w, h)
	feed(m, pages)
	if got := len(m.cur().items); got != n {
		b.Fatalf("board has %d items, want %d", got, n)
	}
	return m
}

// frames presses keys in turn, each followed by a frame, and reports the
// median and 99th percentile, and the processor time of the process per key
// (cpu-ns/op: other processes on the machine do not inflate it).
func frames(b *testing.B, m *Model, keys []tea.Msg) {
	b.Helper()
	took := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	runtime.GC() // the boards of the benchmarks before are garbage: not this one's to collect
	b.ResetTimer()
	cpu := uitest.CPUTime()
	for i := range b.N {
		start := time.Now()
		m.Update(keys[i%len(keys)])
		_ = m.View()
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	b.ReportMetric(float64((uitest.CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
	reportPercentiles(b, took)
}

func reportPercentiles(b *testing.B, took []time.Duration) {
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "ns/p50")
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "ns/p99")
}

// moveKeys walks down and up a column, and across the columns.
func moveKeys() []tea.Msg {
	var keys []string
	for range 12 {
		keys = append(keys, "j")
	}
	keys = append(keys, "l", "l", "pgdown", "G")
	for range 12 {
		keys = append(keys, "k")
	}
	keys = append(keys, "h", "h", "pgup", "g")
	return uitest.Keys(keys...)
}

func BenchmarkKeyFrame(b *testing.B) {
	for _, n := range []int{1_000, benchItems} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			b.Run(fmt.Sprintf("columns/items=%d/%dx%d", n, size[0], size[1]), func(b *testing.B) {
				frames(b, benchBoard(b, n, size[0], size[1]), moveKeys())
			})
		}
		b.Run(fmt.Sprintf("list/items=%d/120x40", n), func(b *testing.B) {
			m := benchBoard(b, n, 120, 40)
			m.Update(uitest.Key("v"))
			frames(b, m, moveKeys())
		})
	}
}

// BenchmarkFilterKeystroke types into the filter and takes it back, a frame
// after each key, at 100,000 items:
//
//   - selective: "12345" is typed first (not measured), then a sixth digit
//     is typed and erased, the filter keeping a handful of cards;
//   - broad: words that two thirds ("gat") or a third ("中文") of the items
//     hold are typed and erased letter by letter.
func BenchmarkFilterKeystroke(b *testing.B) {
	cases := []struct {
		name   string
		before []string
		keys   []string
	}{
		{"selective", []string{"1", "2", "3", "4", "5"}, []string{"6", "backspace", "7", "backspace"}},
		{"broad", nil, []string{"g", "a", "t", "backspace", "backspace", "backspace", "中", "文", "backspace", "backspace"}},
	}
	for _, tc := range cases {
		for _, mode := range []string{"columns", "list"} {
			b.Run(tc.name+"/"+mode+"/items=100000/120x40", func(b *testing.B) {
				m := benchBoard(b, benchItems, 120, 40)
				if mode == "list" {
					m.Update(uitest.Key("v"))
				}
				m.Update(uitest.Key("/"))
				for _, k := range uitest.Keys(tc.before...) {
					m.Update(k)
				}
				_ = m.View()
				frames(b, m, uitest.Keys(tc.keys...))
			})
		}
	}
}

func BenchmarkPriorityMove(b *testing.B) {
	for _, mode := range []string{"columns", "list"} {
		b.Run(mode+"/items=100000/120x40", func(b *testing.B) {
			m := benchBoard(b, benchItems, 120, 40)
			m.Update(uitest.Key("l"))
			m.Update(uitest.Key("j"))
			if mode == "list" {
				m.Update(uitest.Key("v"))
			}
			frames(b, m, uitest.Keys("]", "["))
		})
	}
}

// BenchmarkListSort sorts the list by the next column (s), at 100,000 items:
// the orders are sorted once, away from the keys, when the list is shown.
func BenchmarkListSort(b *testing.B) {
	m := benchBoard(b, benchItems, 120, 40)
	_, cmd := m.Update(uitest.Key("v"))
	for _, msg := range runAll(cmd) {
		m.Update(msg)
	}
	frames(b, m, uitest.Keys("s"))
}

// runAll runs a command and the commands of its batches, and returns their
// messages.
func runAll(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if batch, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range batch {
			out = append(out, runAll(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// BenchmarkLoad measures loading 100,000 items page by page, and the heap the
// board keeps per item beyond the items' own strings (B/item).
func BenchmarkLoad(b *testing.B) {
	ctx := uitest.Context(newFakeService(), uitest.Theme{Dark: true}, 120, 40)
	var perItem float64
	b.ReportAllocs()
	for range b.N {
		b.StopTimer()
		m := newBoard(ctx)
		m.SetSize(120, 40)
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		pages, strBytes := benchWorld(benchItems)
		b.StartTimer()
		feed(m, pages)
		_ = m.View()
		b.StopTimer()
		pages = nil
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		perItem = float64(int64(after.HeapAlloc)-int64(before.HeapAlloc)-int64(strBytes)) / benchItems
		runtime.KeepAlive(m)
		runtime.KeepAlive(pages)
		b.StartTimer()
	}
	b.ReportMetric(perItem, "B/item")
}
