package uitest

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkTerminalFloor is Bubble Tea v2.1.1's renderer alone, as
// Terminal.Frame drives it, on 120×40 frames no app could make cheaper:
// no styles, no wide or non-ASCII glyph, nothing but plain letters or
// nothing at all. It is the floor under BenchmarkKeyToTerminal in ./ui/:
// each frame the renderer clears its cell buffer, parses the frame into it
// and, for every one of the 4,800 cells, compares it and hashes it (the
// scroll optimisation), changed or not. It is a floor, not the renderer's
// cost on an app's frame: the same renderer on the board's own frames
// (BenchmarkFrameToTerminal in ./ui/) takes about 1.5 times as long before
// the app does anything, for what is on the screen, not how the frame
// spells it. A line that holds a wide character is repainted whole every
// frame; every other non-ASCII cell has its width measured twice on each
// side of the diff; blank runs and coloured cells cost more to compare than
// letters; the walk's keys change lines. Its colour sequences, which the
// app could spell differently, are a few microseconds of it.
//
//   - blank: forty empty lines;
//   - ascii/same: forty lines of 120 letters, the same each frame;
//   - ascii/oneline: the same, but one line differs from the frame before.
//
// Run it with
//
//	go test -run '^$' -bench BenchmarkTerminalFloor -benchmem ./ui/internal/uitest/
func BenchmarkTerminalFloor(b *testing.B) {
	const w, h = 120, 40
	row := strings.Repeat("abcdefghij", w/10)
	ascii := strings.TrimSuffix(strings.Repeat(row+"\n", h), "\n")
	oneline := []string{ascii, strings.Replace(ascii, row, strings.Repeat("z", w), 1)}
	for _, tc := range []struct {
		name   string
		frames []string
	}{
		{"blank", []string{strings.Repeat("\n", h-1)}},
		{"ascii/same", []string{ascii}},
		{"ascii/oneline", oneline},
	} {
		b.Run(tc.name+"/120x40", func(b *testing.B) {
			terminalFrames(b, NewTerminal(w, h), tc.frames)
		})
	}
}

// terminalFrames draws the frames in turn and reports the median frame
// (ns/p50), the processor time per frame (cpu-ns/op, as
// BenchmarkKeyToTerminal reports it per key, so the two compare on a busy
// machine) and the bytes written per frame (out-B/op).
func terminalFrames(b *testing.B, term *Terminal, frames []string) {
	if _, err := term.Frame(frames[len(frames)-1]); err != nil {
		b.Fatal(err)
	}
	took := make([]time.Duration, 0, b.N)
	written := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu := CPUTime()
	for i := range b.N {
		start := time.Now()
		out, err := term.Frame(frames[i%len(frames)])
		took = append(took, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
		written += len(out)
	}
	b.StopTimer()
	b.ReportMetric(float64((CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Nanoseconds()), "ns/p50")
	b.ReportMetric(float64(written)/float64(b.N), "out-B/op")
}
