package ui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/internal/uitest"
)

// BenchmarkKeyToTerminal is a key press at 100,000 stories and 120×40, from
// the root model to the bytes a terminal receives: the root routes the key
// to the real board, draws its frame, and Bubble Tea's renderer (its cell
// buffer and ultraviolet's terminal renderer, as in the alternate screen)
// turns the frame into output, into a buffer. The keys walk down and up a
// column and across the columns. It reports the median and 99th percentile
// (ns/p50, ns/p99), the median of the app's own part, the key and the
// frame before the renderer (view-ns/p50), the processor time per key of
// the whole process (cpu-ns/op, which other processes on the machine do
// not inflate) and the bytes written per key (out-B/op).
// BenchmarkTerminalFloor in ui/internal/uitest is the renderer alone on
// plain frames: what no frame the app draws can go under.
// BenchmarkFrameToTerminal is the renderer alone on the board's own frames:
// the app's part of a key is what this benchmark adds to it.
//
//   - chinese=1in3: one title in three is Chinese, as in the board benchmarks;
//   - chinese=none: every title is English. The renderer repaints every
//     line that holds a wide character whole, on every frame, changed or
//     not; the owner of one card in five is 王小明, so that card's last
//     line is still repainted (most of the 2 KB written per key), and every
//     other line is compared.
//
// Run it with
//
//	go test -run '^$' -bench BenchmarkKeyToTerminal -benchmem ./ui/
func BenchmarkKeyToTerminal(b *testing.B) {
	for _, tc := range []struct {
		name    string
		chinese int
	}{{"chinese=1in3", 3}, {"chinese=none", 0}} {
		b.Run(tc.name+"/items=100000/120x40", func(b *testing.B) {
			keyToTerminal(b, uitest.ManyItems(api.Story, 100_000, tc.chinese))
		})
	}
}

func keyToTerminal(b *testing.B, stories []api.Item) {
	m := bigBoard(b, stories)
	term := uitest.NewTerminal(120, 40)
	if _, err := term.Frame(m.View().Content); err != nil {
		b.Fatal(err)
	}
	keys := walkKeys()
	took := make([]time.Duration, 0, b.N)
	viewTook := make([]time.Duration, 0, b.N)
	written := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu := uitest.CPUTime()
	for i := range b.N {
		start := time.Now()
		m.Update(keys[i%len(keys)])
		frame := m.View().Content
		viewTook = append(viewTook, time.Since(start))
		out, err := term.Frame(frame)
		took = append(took, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		written += len(out)
	}
	b.StopTimer()
	b.ReportMetric(float64((uitest.CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
	slices.Sort(took)
	slices.Sort(viewTook)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "ns/p50")
	b.ReportMetric(float64(took[len(took)*99/100].Nanoseconds()), "ns/p99")
	b.ReportMetric(float64(viewTook[len(viewTook)/2].Nanoseconds()), "view-ns/p50")
	b.ReportMetric(float64(written)/float64(b.N), "out-B/op")
}

// bigBoard is the root model showing the board of stories at 120×40.
func bigBoard(b *testing.B, stories []api.Item) *Model {
	svc := uitest.NewService()
	svc.Items[api.Story] = stories
	ctx := uitest.Context(svc, uitest.Themes[0], 120, 40)
	m := New(ctx, Options{Auth: fakeAuth{}, Session: token(), WorkspaceID: 10022001})
	d := uitest.NewModelDriver(b, m)
	d.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	d.Run(m.Init())
	d.Until("the board shows 100,000 stories", func() bool {
		return ctx.Tasks.Idle() && strings.Contains(ansi.Strip(m.View().Content), "Stories 100,000")
	})
	return m
}

// walkKeys walk down and up a column and across the columns, back to where
// they started.
func walkKeys() []tea.Msg {
	var names []string
	for range 12 {
		names = append(names, "j")
	}
	names = append(names, "l", "l", "pgdown", "G")
	for range 12 {
		names = append(names, "k")
	}
	names = append(names, "h", "h", "pgup", "g")
	return uitest.Keys(names...)
}
