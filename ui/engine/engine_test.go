package engine

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// rig drives an engine alone: its own messages go back to it, the others
// (for the views) are kept.
type rig struct {
	t   *testing.T
	g   *Engine
	svc *uitest.Service
	out []tea.Msg
}

func newRig(t *testing.T) *rig {
	svc := uitest.NewService()
	ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 80, 24)
	ctx.Edits = uitest.NewEdits(t, svc, ctx.ServiceURL)
	g := New(ctx)
	g.After = func(time.Duration, tea.Msg) tea.Cmd { return nil } // no flush timers
	r := &rig{t: t, g: g, svc: svc}
	r.run(g.Open(10022001))
	g.SetFields(api.Story, uitest.PriorityFields(api.Story))
	return r
}

func (r *rig) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			r.run(c)
		}
	default:
		if next, ok := r.g.Update(msg); ok {
			r.run(next)
			return
		}
		r.out = append(r.out, msg)
	}
}

// said is the text of the status messages out, in order.
func (r *rig) said() string {
	var b strings.Builder
	for _, m := range r.out {
		if s, ok := m.(common.StatusMsg); ok {
			b.WriteString(s.Text)
			if s.Err != nil {
				b.WriteString(s.Err.Error())
			}
			b.WriteString("\n")
		}
	}
	r.out = nil
	return b.String()
}

func (r *rig) story(n int) api.Item {
	it, err := r.svc.Get(context.Background(), 10022001, api.Story, "101002200100000000"+string(rune('0'+n)))
	if err != nil {
		r.t.Fatal(err)
	}
	it.Kind = api.Story
	return it
}

// TestStepsOfTwoFields: an editor save of title and priority is one step,
// undone whole by one u and made again by ctrl+r.
func TestStepsOfTwoFields(t *testing.T) {
	r := newRig(t)
	orig := r.story(1)
	r.run(r.g.onSave(common.SaveItemMsg{Kind: api.Story, ID: orig.ID, Title: "Renamed", PriorityLabel: "Low", Original: orig}))
	if it := r.story(1); it.Title != "Renamed" || it.PriorityLabel != "Low" {
		t.Fatalf("after the save the service holds %q %q", it.Title, it.PriorityLabel)
	}
	r.said()
	r.run(r.g.Undo())
	if it := r.story(1); it.Title != orig.Title || it.PriorityLabel != orig.PriorityLabel {
		t.Errorf("after u the service holds %q %q, want %q %q", it.Title, it.PriorityLabel, orig.Title, orig.PriorityLabel)
	}
	if s := r.said(); !strings.Contains(s, "undid 2 changes: #1, #1") {
		t.Errorf("u says %q", s)
	}
	r.run(r.g.Redo())
	if it := r.story(1); it.Title != "Renamed" || it.PriorityLabel != "Low" {
		t.Errorf("after ctrl+r the service holds %q %q", it.Title, it.PriorityLabel)
	}
	r.said()
	r.run(r.g.Redo())
	if s := r.said(); !strings.Contains(s, "nothing to redo") {
		t.Errorf("a second ctrl+r says %q", s)
	}
}

// TestUndoWaitsForTheQueuing: u pressed while the step's edits are still on
// their way (the outbox has not answered) is kept and done once the
// service took them, never before (its undo could reach the outbox
// first); a change the service did not take is not undone, and u says so.
func TestUndoWaitsForTheQueuing(t *testing.T) {
	r := newRig(t)
	_, cmd := r.g.Apply(api.Story, Change{Item: r.story(2), Field: Priority, To: "Low"})
	r.run(r.g.Undo())
	if s := r.said(); !strings.Contains(s, "#2: High → Low is being saved: u undoes it as soon as it is") {
		t.Errorf("u before the queuing says %q", s)
	}
	if it := r.story(2); it.PriorityLabel != "High" {
		t.Fatalf("before the change is sent the service holds %q, want High", it.PriorityLabel)
	}
	r.run(cmd)
	if it := r.story(2); it.PriorityLabel != "High" {
		t.Errorf("once the change is saved, the u kept leaves %q, want High back", it.PriorityLabel)
	}
	if s := r.said(); !strings.Contains(s, "undid #2: Low → High") {
		t.Errorf("the u kept says %q", s)
	}

	_, cmd = r.g.Apply(api.Story, Change{Item: r.story(3), Field: Priority, To: "Low"})
	r.run(r.g.Undo())
	r.svc.SetItem(api.Story, r.story(3).ID, func(it *api.Item) { it.PriorityLabel, it.Modified = "Middle", "2026-01-06 18:00:00" })
	r.run(cmd)
	if s := r.said(); !strings.Contains(s, "#3 was not saved, so u undid nothing (U says why)") {
		t.Errorf("u kept for a change in conflict says %q", s)
	}
	if it := r.story(3); it.PriorityLabel != "Middle" {
		t.Errorf("the service holds %q, want the other change, Middle", it.PriorityLabel)
	}
}

// TestUndoKeptForAChangeThatWaits: u pressed before the queuing of a change
// the service cannot take yet (unreachable) is done once it is queued: the
// undo waits behind it, and once the service answers, the item is as it was.
func TestUndoKeptForAChangeThatWaits(t *testing.T) {
	r := newRig(t)
	_, cmd := r.g.Apply(api.Story, Change{Item: r.story(2), Field: Priority, To: "Low"})
	r.run(r.g.Undo())
	r.svc.SetErr(errors.New("dial tcp 127.0.0.1:1: connect: connection refused"))
	r.run(cmd)
	if s := r.said(); !strings.Contains(s, "undid #2: Low → High") {
		t.Errorf("the u kept for a waiting change says %q", s)
	}
	r.svc.SetErr(nil)
	r.run(r.g.FlushNow())
	if it := r.story(2); it.PriorityLabel != "High" {
		t.Errorf("once the service answers it holds %q, want High", it.PriorityLabel)
	}
}

// TestUndoStepUnknown: enter in U on a change that is no step of the
// session says so.
func TestUndoStepUnknown(t *testing.T) {
	r := newRig(t)
	r.run(r.g.UndoStep(42))
	if s := r.said(); !strings.Contains(s, "cannot be undone") {
		t.Errorf("says %q", s)
	}
}

// TestFieldsOfAnItem: each field reads and writes its own value of an item,
// and a priority cleared takes the legacy value with it.
func TestFieldsOfAnItem(t *testing.T) {
	it := api.Item{Title: "t", PriorityLabel: "High", Priority: "3", Status: "open", Owner: "bob;", IterationID: "7", Severity: "fatal"}
	for _, tt := range []struct {
		f          Field
		was, write string
	}{
		{Priority, "High", ""}, {Title, "t", "u"}, {Status, "open", "done"},
		{Owner, "bob;", "alice;"}, {Iteration, "7", "8"}, {Severity, "fatal", "minor"},
	} {
		got := it
		if v := tt.f.Value(got); v != tt.was {
			t.Errorf("%s reads %q, want %q", tt.f, v, tt.was)
		}
		tt.f.set(&got, tt.write)
		if v := tt.f.Value(got); v != tt.write {
			t.Errorf("%s after set reads %q, want %q", tt.f, v, tt.write)
		}
		if fieldOf(tt.f.op()) != tt.f {
			t.Errorf("%s does not come back from its operation %q", tt.f, tt.f.op())
		}
	}
	cleared := it
	Priority.set(&cleared, "")
	if cleared.Priority != "" || cleared.DisplayPriority() != "" {
		t.Errorf("a cleared priority leaves %q / %q", cleared.Priority, cleared.DisplayPriority())
	}
}
