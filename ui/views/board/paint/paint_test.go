package paint

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
)

// TestFitAndSplit: text is fitted to exactly w cells (cut with …, wide
// characters counting two, control characters as spaces), and a title
// breaks after a word in the line's second half.
func TestFitAndSplit(t *testing.T) {
	for _, c := range []struct {
		text string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abc…"},
		{"a\tb", 4, "a b "},
		{"数据库", 5, "数据…"},
		{"x", 0, ""},
	} {
		var b strings.Builder
		WriteFit(&b, c.text, c.w)
		if b.String() != c.want {
			t.Errorf("WriteFit(%q, %d) = %q, want %q", c.text, c.w, b.String(), c.want)
		}
	}
	if first, rest := SplitTitle("fix the login page now", 16); first != "fix the login" || rest != "page now" {
		t.Errorf("SplitTitle: %q, %q", first, rest)
	}
	if first, rest := SplitTitle("short", 16); first != "short" || rest != "" {
		t.Errorf("SplitTitle of a short title: %q, %q", first, rest)
	}
}

// TestPaintAndMemo: a reduced style writes what lipgloss would, and a kept
// line is drawn again only for another key.
func TestPaintAndMemo(t *testing.T) {
	s := lipgloss.NewStyle().Bold(true)
	var b strings.Builder
	New(s).Write(&b, "hi")
	if b.String() != s.Render("hi") {
		t.Errorf("painted %q, lipgloss renders %q", b.String(), s.Render("hi"))
	}
	var m Memo[int]
	draws := 0
	draw := func() string { draws++; return "line" }
	m.Get(1, draw)
	m.Get(1, draw)
	m.Get(2, draw)
	if draws != 2 {
		t.Errorf("drawn %d times for two keys", draws)
	}
}
