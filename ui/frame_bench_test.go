package ui

import (
	"regexp"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/internal/uitest"
)

// BenchmarkFrameToTerminal is Bubble Tea's renderer alone (as in
// BenchmarkKeyToTerminal) on the frames the board draws for the keys of
// that benchmark, at 100,000 stories and 120×40, one title in three
// Chinese, and on the same frames changed in one way each. It shows how
// much of the renderer's work depends on what the app sends:
//
//   - drawn: the frames as the app draws them;
//   - same: the first of them every time, so no line changes;
//   - untrailed: without the spaces that pad each line to the width (the
//     same screen: the renderer clears every cell before it draws);
//   - unstyled: without any colour or attribute (not the same screen: it
//     bounds what styled runs cost).
//
// It reports the processor time per frame (cpu-ns/op) as
// BenchmarkKeyToTerminal/chinese=1in3 does per key: the difference is the
// app's part.
// BenchmarkTerminalFloor in ui/internal/uitest is the same renderer on
// plain frames. Run it with
//
//	go test -run '^$' -bench BenchmarkFrameToTerminal -benchmem ./ui/
func BenchmarkFrameToTerminal(b *testing.B) {
	m := bigBoard(b, uitest.ManyItems(api.Story, 100_000, 3))
	var drawn []string
	for _, k := range walkKeys() {
		m.Update(k)
		drawn = append(drawn, m.View().Content)
	}
	sgr := regexp.MustCompile("\x1b\\[[0-9;:]*m")
	for _, tc := range []struct {
		name   string
		frames []string
	}{
		{"drawn", drawn},
		{"same", drawn[:1]},
		{"untrailed", eachLine(drawn, func(l string) string { return strings.TrimRight(l, " ") })},
		{"unstyled", eachLine(drawn, func(l string) string { return sgr.ReplaceAllString(l, "") })},
	} {
		b.Run(tc.name+"/items=100000/120x40", func(b *testing.B) {
			term := uitest.NewTerminal(120, 40)
			if _, err := term.Frame(tc.frames[len(tc.frames)-1]); err != nil {
				b.Fatal(err)
			}
			written := 0
			b.ReportAllocs()
			b.ResetTimer()
			cpu := uitest.CPUTime()
			for i := range b.N {
				out, err := term.Frame(tc.frames[i%len(tc.frames)])
				if err != nil {
					b.Fatal(err)
				}
				written += len(out)
			}
			b.ReportMetric(float64((uitest.CPUTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(written)/float64(b.N), "out-B/op")
		})
	}
}

// eachLine changes every line of every frame with f.
func eachLine(frames []string, f func(string) string) []string {
	out := make([]string, len(frames))
	for i, frame := range frames {
		lines := strings.Split(frame, "\n")
		for j, l := range lines {
			lines[j] = f(l)
		}
		out[i] = strings.Join(lines, "\n")
	}
	return out
}
