package preview

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
)

// fileReader is a fakeReader with attachments: it counts the lists asked
// and records what was opened and saved.
type fileReader struct {
	fakeReader
	files         map[Key]engine.Attachments
	listReads     []Key
	opened, saved []string
}

func (r *fileReader) Attachments(kind api.Kind, id string) (engine.Attachments, bool) {
	a, ok := r.files[Key{kind, id}]
	return a, ok
}

func (r *fileReader) ReadAttachments(kind api.Kind, id string) tea.Cmd {
	if _, ok := r.files[Key{kind, id}]; !ok {
		r.listReads = append(r.listReads, Key{kind, id})
	}
	return nil
}

func (r *fileReader) OpenAttachment(a api.Attachment) tea.Cmd {
	r.opened = append(r.opened, a.Filename)
	return nil
}

func (r *fileReader) SaveAttachment(a api.Attachment) tea.Cmd {
	r.saved = append(r.saved, a.Filename)
	return nil
}

// TestPaneListsAttachments: the pane lists an item's files (name, size once
// known, else the type, who, when) under a head naming the keys; the first
// is chosen, F chooses the next, O opens it and K saves it; the list is
// asked where the cursor rests, with the item.
func TestPaneListsAttachments(t *testing.T) {
	key := Key{api.Bug, "1110022001000000001"}
	r := &fileReader{fakeReader: fakeReader{whole: map[Key]engine.Whole{}}, files: map[Key]engine.Attachments{}}
	ctx := common.NewContext(nil, true)
	ctx.Zone = time.UTC
	p := New(ctx, r)
	p.After = func(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	p.FileKeys = "F choose · O open · K save"
	p.Toggle()
	tick := p.Follow(key, true)
	p.OnTick(tick().(TickMsg))
	if len(r.reads) != 1 || len(r.listReads) != 1 || r.listReads[0] != key {
		t.Fatalf("resting on the bug read %v whole and %v's attachments; want it once each", r.reads, r.listReads)
	}

	r.whole[key] = engine.Whole{Item: api.Item{ID: key.ID, Kind: api.Bug, Title: "Checkout fails", Description: "<p>It fails.</p>"}}
	r.files[key] = engine.Attachments{
		List: []api.Attachment{
			{ID: "a1", Filename: "screenshot.png", ContentType: "image/png", Owner: "alice", Created: "2026-11-20 18:00:00"},
			{ID: "a2", Filename: "console.log", ContentType: "text/plain", Owner: "bob", Created: "2026-11-21 09:30:00"},
		},
		Sizes: map[string]int64{"a2": 2150},
	}
	name := func(api.Item) Names { return Names{} }
	out := p.View(90, 30, api.Item{ID: key.ID, Kind: api.Bug, Title: "Checkout fails"}, true, name)
	for _, want := range []string{
		"Attachments (2) · F choose · O open · K save",
		"▸ screenshot.png · image/png · alice · 2026-11-20 10:00",
		"  console.log · 2.1 KiB · bob · 2026-11-21 01:30",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the pane does not show %q:\n%s", want, out)
		}
	}
	p.OpenFile()
	p.NextFile()
	p.SaveFile()
	p.NextFile()
	p.OpenFile()
	if strings.Join(r.opened, ",") != "screenshot.png,screenshot.png" || strings.Join(r.saved, ",") != "console.log" {
		t.Errorf("opened %v and saved %v; want screenshot.png, then console.log saved, then screenshot.png again", r.opened, r.saved)
	}
	if p.Follow(key, true); len(r.listReads) != 1 {
		t.Errorf("following the same item asked its attachments again: %v", r.listReads)
	}
}

// TestFileKeysSayWhyNothingHappens: the keys of attachments say why they did
// nothing: the pane closed, the list not read yet, no file.
func TestFileKeysSayWhyNothingHappens(t *testing.T) {
	key := Key{api.Story, "7"}
	r := &fileReader{fakeReader: fakeReader{whole: map[Key]engine.Whole{key: {}}}, files: map[Key]engine.Attachments{}}
	p := New(common.NewContext(nil, true), r)
	said := func(cmd tea.Cmd) string { return cmd().(common.StatusMsg).Text }
	if got := said(p.OpenFile()); !strings.Contains(got, "open the preview (P)") {
		t.Errorf("closed pane: %q", got)
	}
	p.Toggle()
	p.Follow(key, true)
	if got := said(p.SaveFile()); !strings.Contains(got, "still being read") {
		t.Errorf("list not read: %q", got)
	}
	r.files[key] = engine.Attachments{}
	if got := said(p.NextFile()); got != "this item has no attachments" {
		t.Errorf("no files: %q", got)
	}
}

// TestPaneRendersRichDescriptions: the pane draws a description's link as
// a terminal hyperlink (OSC 8), its code verbatim and its image with the
// address, read against the web app's.
func TestPaneRendersRichDescriptions(t *testing.T) {
	key := Key{api.Story, "9"}
	desc := `<p>See <a href="https://www.tapd.cn/10022001/prong/stories/view/1">the design</a>.</p><pre><code>GET /x?a=1</code></pre><p><img src="/tfl/captures/a.png"/></p>`
	r := &fakeReader{whole: map[Key]engine.Whole{key: {Item: api.Item{ID: "9", Kind: api.Story, Title: "Rich", Description: desc}}}}
	ctx := common.NewContext(nil, true)
	ctx.WebURL = "https://www.tapd.cn"
	p := New(ctx, r)
	p.Toggle()
	p.Follow(key, true)
	out := p.View(100, 30, api.Item{ID: "9", Kind: api.Story, Title: "Rich"}, true, func(api.Item) Names { return Names{} })
	for _, want := range []string{
		"See \x1b]8;;https://www.tapd.cn/10022001/prong/stories/view/1\x1b\\the design\x1b]8;;\x1b\\.",
		"│     GET /x?a=1",
		"[image: a.png https://www.tapd.cn/tfl/captures/a.png]",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the pane does not draw %q:\n%q", want, out)
		}
	}
}
