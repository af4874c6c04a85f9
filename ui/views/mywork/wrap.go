package mywork

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// wrap breaks text into lines of at most width cells: at spaces, and
// between two Chinese characters or next to one, as Chinese is written
// without spaces (a Chinese character takes two cells). A word wider than
// the width is cut.
func wrap(text string, width int) []string {
	var (
		lines []string
		line  strings.Builder
		used  int
	)
	flush := func() {
		lines = append(lines, strings.TrimRight(line.String(), " "))
		line.Reset()
		used = 0
	}
	for _, unit := range units(text) {
		w := ansi.StringWidth(unit)
		if unit == " " {
			if used > 0 && used < width {
				line.WriteString(unit)
				used++
			}
			continue
		}
		if used > 0 && used+w > width {
			flush()
		}
		for w > width {
			head := ansi.Truncate(unit, width, "")
			lines = append(lines, head)
			unit = strings.TrimPrefix(unit, head)
			w = ansi.StringWidth(unit)
		}
		line.WriteString(unit)
		used += w
	}
	return append(lines, strings.TrimRight(line.String(), " "))
}

// closing are the marks a Chinese line does not start with: they stay
// with the character before them.
const closing = "。，、：；！？）」』》"

// units splits text where a line may break: each space, each wide
// character, and the runs of other characters between them.
func units(text string) []string {
	var (
		out []string
		run strings.Builder
	)
	end := func() {
		if run.Len() > 0 {
			out = append(out, run.String())
			run.Reset()
		}
	}
	for _, r := range text {
		switch {
		case r == ' ':
			end()
			out = append(out, " ")
		case strings.ContainsRune(closing, r) && run.Len() > 0:
			run.WriteRune(r)
			end()
		case strings.ContainsRune(closing, r) && len(out) > 0 && out[len(out)-1] != " ":
			out[len(out)-1] += string(r)
		case ansi.StringWidth(string(r)) == 2 || unicode.Is(unicode.Han, r):
			end()
			out = append(out, string(r))
		default:
			run.WriteRune(r)
		}
	}
	end()
	return out
}
