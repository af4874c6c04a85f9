package preview

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
)

// TestViewSaysMoreFollowsAndScrolls: an item longer than the pane ends in
// a sign of how many lines follow, naming the keys that scroll; Scroll
// moves it down (a sign of the lines above at the top) until the last
// comment's last line shows and no more; another item starts at its top.
func TestViewSaysMoreFollowsAndScrolls(t *testing.T) {
	long := engine.Whole{Item: api.Item{Kind: api.Story, ID: "3", Title: "Rework project templates", Description: "<p>Why.</p>"}}
	for n := 1; n <= 2; n++ {
		long.Comments = append(long.Comments, api.Comment{Author: "alice", Created: "2026-11-26 10:00:00",
			Description: fmt.Sprintf("<p>Comment %d starts.</p><p>Its middle.</p><p>Comment %d ends.</p>", n, n)})
	}
	r := &fakeReader{whole: map[Key]engine.Whole{{api.Story, "3"}: long, {api.Story, "4"}: long}}
	p := New(common.NewContext(nil, true), r)
	p.ScrollKeys = "ctrl+d/ctrl+u"
	p.Toggle()
	p.Follow(Key{api.Story, "3"}, true)
	name := func(api.Item) Names { return Names{Status: "Planning"} }
	view := func() string { return ansi.Strip(p.View(80, 14, long.Item, true, name)) }

	first := view()
	if !strings.Contains(first, "↓ 8 more lines · ctrl+d/ctrl+u scroll") || strings.Contains(first, "Comment 2 ends.") || strings.Contains(first, "above") {
		t.Fatalf("the pane's first screen of a long item:\n%s", first)
	}
	p.Scroll(Step)
	if down := view(); !strings.Contains(down, "↑ 5 lines above") || !strings.Contains(down, "↓ 4 more lines") {
		t.Errorf("scrolled down %d lines:\n%s", Step, down)
	}
	for range 10 {
		p.Scroll(Step)
	}
	last := view()
	if !strings.Contains(last, "Comment 2 ends.") || strings.Contains(last, "more line") || !strings.Contains(last, "↑ 8 lines above") {
		t.Errorf("scrolled to the end:\n%s", last)
	}
	p.Scroll(-Step)
	if up := view(); !strings.Contains(up, "↑ 3 lines above") {
		t.Errorf("scrolled back up %d lines from the end:\n%s", Step, up)
	}
	p.Follow(Key{api.Story, "4"}, true)
	if other := view(); !strings.Contains(other, "↓ 8 more lines") || strings.Contains(other, "above") {
		t.Errorf("another item does not start at its top:\n%s", other)
	}
}
