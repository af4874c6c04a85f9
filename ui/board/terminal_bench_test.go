package board

import (
	"testing"
	"time"

	"triage/ui/internal/uitest"
)

func BenchmarkBoardToTerminal(b *testing.B) {
	m := benchBoard(b, benchItems, 120, 40)
	term := uitest.NewTerminal(120, 40)
	keys := moveKeys()
	took := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		m.Update(keys[i%len(keys)])
		if _, err := term.Frame(m.View()); err != nil {
			b.Fatal(err)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	reportPercentiles(b, took)
}
