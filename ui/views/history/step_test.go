package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// stepped is a session of three steps, oldest first: a bulk move of 5
// stories (seqs 1-5), an editor save of #10 (6-7), and a key press (8).
func stepped() ([]store.Edit, []engine.Step) {
	var edits []store.Edit
	for i := range 5 {
		edits = append(edits, store.Edit{Seq: uint64(i + 1), Kind: api.Story, Op: store.OpPriority,
			ItemID: fmt.Sprintf("1010022001%09d", i+1), From: "High", To: "Low", State: store.StateSent, CreatedAt: at(-10 * time.Minute)})
	}
	edits[4].State, edits[4].Theirs = store.StateConflict, "Middle"
	edits = append(edits,
		store.Edit{Seq: 6, Kind: api.Story, Op: store.OpTitle, ItemID: "1010022001000000010", From: "Saved searches",
			To: "Saved searches for teams", State: store.StateSent, CreatedAt: at(-5 * time.Minute)},
		store.Edit{Seq: 7, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000000010", From: "High",
			To: "Low", State: store.StateSent, CreatedAt: at(-5 * time.Minute)},
		store.Edit{Seq: 8, Kind: api.Bug, Op: store.OpPriority, ItemID: "1110022001000000007", From: "high",
			To: "urgent", State: store.StateWaiting, CreatedAt: at(-time.Minute)},
	)
	steps := []engine.Step{{Seqs: []uint64{1, 2, 3, 4, 5}, Undoable: true}, {Seqs: []uint64{6, 7}, Undoable: true}, {Seqs: []uint64{8}}}
	return edits, steps
}

// TestHistoryListsSteps: one row per step, newest first, saying what the

// TestHistoryGroupsAnEarlierSessionsSteps: after a restart, the changes of
// an earlier session are listed one row per step it recorded with them (a
// bulk of 5 as one row), and a change without a step as a row of its own.
func TestHistoryGroupsAnEarlierSessionsSteps(t *testing.T) {
	edits, _ := stepped()
	for i := range edits {
		edits[i].Session = "20261125T090000Z-0001"
		edits[i].Step = 1
	}
	edits[5].Step, edits[6].Step, edits[7].Step = 2, 2, 0
	m, _ := newHistory(t, edits, 24)
	if got := len(m.groups); got != 3 {
		t.Fatalf("%d rows, want 3: the bulk, the editor save, the change of no step", got)
	}
	if got := len(m.groups[2]); got != 5 {
		t.Errorf("the earlier bulk is a row of %d changes, want 5", got)
	}
	if screen := flat(m.View()); !strings.Contains(screen, "5 stories High → Low") {
		t.Errorf("the earlier bulk is not one row:\n%s", ansi.Strip(m.View()))
	}
}

// step changed; enter undoes the selected step.
func TestHistoryListsSteps(t *testing.T) {
	edits, steps := stepped()
	m, d := newHistory(t, edits, 24)
	m.SetSteps(steps)
	if got := len(m.groups); got != 3 {
		t.Fatalf("%d rows, want one per step (3)", got)
	}
	screen := flat(m.View())
	for _, want := range []string{
		"8 changes in 3 steps · 1 waiting · 1 conflict",
		"bug #7 high → urgent",
		`story #10 renamed "Saved searches" → "Saved searches for teams", prio…`,
		"5 stories High → Low ! conflict",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("screen lacks %q:\n%s", want, ansi.Strip(m.View()))
		}
	}
	d.Press("j")
	d.Settle()
	if got := len(m.SelectedStep()); got != 2 {
		t.Errorf("the editor save's row holds %d changes, want 2", got)
	}
	if !strings.Contains(flat(m.View()), "Enter undoes this step: its 2 changes as one.") {
		t.Errorf("the detail does not say enter undoes the step:\n%s", ansi.Strip(m.View()))
	}
	d.Press("j", "enter")
	d.Settle()
	undo := uitest.DriverSeen[engine.UndoStepMsg](d)
	if len(undo) != 1 || undo[0].Seq < 1 || undo[0].Seq > 5 {
		t.Errorf("enter on the bulk asks %v, want an undo of a change of the bulk", undo)
	}
	if got := flat(m.View()); !strings.Contains(got, "#1 High → Low, #2 High → Low") {
		t.Errorf("the detail does not list the bulk's changes:\n%s", ansi.Strip(m.View()))
	}

	m.SetSteps(nil)
	if got := len(m.groups); got != 8 {
		t.Errorf("without steps %d rows, want one per change (8)", got)
	}
}

func TestHistoryStepScreens(t *testing.T) {
	edits, steps := stepped()
	uitest.Goldens(t,
		historyCase("steps", edits, steps, nil, "3 steps"),
		historyCase("bulk selected", edits, steps, []string{"G"}, "#1 High"),
	)
}
