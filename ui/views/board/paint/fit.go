package paint

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// WriteSides writes left and right (both styled) on one line of width cells,
// cutting left to make room.
func WriteSides(b *strings.Builder, left, right string, width int) {
	rw := ansi.StringWidth(right)
	if rw+1 >= width {
		right, rw = "", 0
	}
	room := width - rw
	if rw > 0 {
		room--
	}
	b.WriteString(common.Fit(left, room))
	if rw > 0 {
		b.WriteByte(' ')
		b.WriteString(right)
	}
}

// WriteFit writes plain text fitted to exactly w cells: truncated with "…" by
// display width (wide characters count two), control characters shown as
// spaces, then padded.
func WriteFit(b *strings.Builder, text string, w int) {
	if w <= 0 {
		return
	}
	tw, plain := asciiWidth(text)
	if !plain {
		text = common.Sanitize(text)
		tw = ansi.StringWidth(text)
	}
	if tw > w {
		text = ansi.Truncate(text, w, "…")
		tw = ansi.StringWidth(text)
	}
	b.WriteString(text)
	Pad(b, w-tw)
}

// SplitTitle cuts a title into the part that fills a line of w cells and
// the rest, broken where a word ends: at the last space that fits, or
// beside a wide (CJK) character, which may break anywhere. Only a word
// longer than the whole line is cut inside.
func SplitTitle(text string, w int) (first, rest string) {
	if w <= 0 {
		return "", text
	}
	tw, plain := asciiWidth(text)
	if !plain {
		text = common.Sanitize(text)
		tw = ansi.StringWidth(text)
	}
	if tw <= w {
		return text, ""
	}
	cut := text[:min(w, len(text))]
	if !plain {
		if cut = ansi.Truncate(text, w, ""); !strings.HasPrefix(text, cut) {
			return cut, ""
		}
	}
	if at := wordBreak(text, len(cut)); at > 0 {
		cut = text[:at]
	}
	return strings.TrimRight(cut, " "), strings.TrimLeft(text[len(cut):], " ")
}

// wordBreak is the last place at or before byte n where text may break
// between words: before a space or after one, or beside a wide
// character; 0 for none.
func wordBreak(text string, n int) int {
	for at := n; at > 0; {
		before, size := utf8.DecodeLastRuneInString(text[:at])
		after, _ := utf8.DecodeRuneInString(text[at:])
		if at == len(text) || before == ' ' || after == ' ' || wide(before) || wide(after) {
			return at
		}
		at -= size
	}
	return 0
}

// wide reports whether r takes two cells (CJK and the like).
func wide(r rune) bool { return r >= 0x1100 && ansi.StringWidth(string(r)) > 1 }

// asciiWidth returns the width of printable ASCII text, and false when text
// has anything else.
func asciiWidth(s string) (int, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return 0, false
		}
	}
	return len(s), true
}

// Pad writes n spaces.
func Pad(b *strings.Builder, n int) {
	const spaces = "                                                                "
	for n > 0 {
		k := min(n, len(spaces))
		b.WriteString(spaces[:k])
		n -= k
	}
}
