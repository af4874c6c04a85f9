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

// fakeReader holds the items read whole and counts the reads asked.
type fakeReader struct {
	whole map[Key]engine.Whole
	reads []Key
}

func (r *fakeReader) Whole(kind api.Kind, id string) (engine.Whole, bool, error) {
	w, ok := r.whole[Key{kind, id}]
	return w, ok, nil
}

func (r *fakeReader) WholeCurrent(kind api.Kind, id string) bool {
	_, ok := r.whole[Key{kind, id}]
	return ok
}

func (r *fakeReader) ReadWhole(kind api.Kind, id string) tea.Cmd {
	r.reads = append(r.reads, Key{kind, id})
	return nil
}

// TestFollowReadsOnlyWhereTheCursorRests: a closed pane starts nothing; an
// open one starts a timer per new item, reads only on the latest timer,
// and starts none for an item already read whole.
func TestFollowReadsOnlyWhereTheCursorRests(t *testing.T) {
	r := &fakeReader{whole: map[Key]engine.Whole{{api.Story, "3"}: {}}}
	p := New(common.NewContext(nil, true), r)
	var timers []TickMsg
	p.After = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		timers = append(timers, msg.(TickMsg))
		return nil
	}
	p.Follow(Key{api.Story, "1"}, true)
	if len(timers) != 0 {
		t.Fatal("a closed pane started a timer")
	}
	p.Toggle()
	p.Follow(Key{api.Story, "1"}, true)
	p.Follow(Key{api.Story, "2"}, true)
	p.Follow(Key{api.Story, "2"}, true)
	p.Follow(Key{api.Story, "3"}, true)
	if len(timers) != 2 {
		t.Fatalf("%d timers for two new items not read, want 2", len(timers))
	}
	for _, tick := range timers {
		p.OnTick(tick)
	}
	if len(r.reads) != 0 {
		t.Fatalf("read %v after the cursor moved on to an item read whole", r.reads)
	}
	p.Follow(Key{api.Bug, "1"}, true)
	p.OnTick(timers[len(timers)-1])
	if len(r.reads) != 1 || r.reads[0] != (Key{api.Bug, "1"}) {
		t.Fatalf("reads %v, want the bug the cursor rests on", r.reads)
	}
}

// TestViewNamesTheFieldsAsTheViewDoes: the pane shows the names the view
// gives, and says when nothing is selected.
func TestViewNamesTheFieldsAsTheViewDoes(t *testing.T) {
	p := New(common.NewContext(nil, true), &fakeReader{})
	name := func(api.Item) Names { return Names{Priority: "Urgent!", Status: "In review"} }
	out := p.View(60, 20, api.Item{Kind: api.Story, ID: "1122001000000042", Title: "Fix it"}, true, name)
	for _, want := range []string{"Fix it", "Urgent!", "In review", "reading the description"} {
		if !strings.Contains(out, want) {
			t.Errorf("the pane does not show %q:\n%s", want, out)
		}
	}
	if out := p.View(60, 20, api.Item{}, false, name); !strings.Contains(out, "nothing selected") {
		t.Errorf("with nothing selected the pane shows:\n%s", out)
	}
}
