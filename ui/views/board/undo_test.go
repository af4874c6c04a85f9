package board

import (
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestUndoWalksBack: u puts back the priority of the last change of the
// session as a new edit, and each u goes one change further back.
func TestUndoWalksBack(t *testing.T) {
	const id = "1110022001000001001"
	svc := newFakeService()
	// ] moves #1001 and the cursor stays in 紧急; l follows it to 高.
	h := newHarness(t, svc, true, 100, 30).load().keys("tab", "l", "]", "l", "]")
	if got := h.columnOf(api.Bug, "1001"); got != "中" {
		t.Fatalf("after ] ] #1001 is in %q, want 中", got)
	}
	h.takeOut()
	steps := []struct {
		column, status string
	}{
		{"高", "undid #1001: 中 → 高"},
		{"紧急", "undid #1001: 高 → 紧急"},
		{"紧急", "nothing to undo"},
	}
	for _, st := range steps {
		h.keys("u")
		if got := h.columnOf(api.Bug, "1001"); got != st.column {
			t.Errorf("after u #1001 is in %q, want %q", got, st.column)
		}
		notes := statuses(h.takeOut())
		if len(notes) == 0 || !strings.Contains(notes[len(notes)-1].Text, st.status) {
			t.Errorf("after u the status says %v, want %q", notes, st.status)
		}
		if sel, _ := h.selectedCard(); sel != "1001" {
			t.Errorf("the cursor is on #%s, want it to follow #1001", sel)
		}
	}
	want := []string{"priority " + id + "=high", "priority " + id + "=medium", "priority " + id + "=high", "priority " + id + "=urgent"}
	if !slices.Equal(svc.written(), want) {
		t.Errorf("writes %q, want %q", svc.written(), want)
	}
	hist, err := h.edits.History(uitest.Session)
	if err != nil || len(hist) != 4 || hist[2].Undoes != hist[1].Seq || hist[3].Undoes != hist[0].Seq {
		t.Errorf("session log %+v (%v), want two changes and their undos, newest first undone", hist, err)
	}
}

// TestUndoFromNoPriority: undoing a first priority clears it again.
func TestUndoFromNoPriority(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, true, 100, 30).load().keys("tab", "]")
	h.takeOut()
	h.keys("u")
	st := statuses(h.takeOut())
	if len(st) == 0 || st[0].Err != nil || !strings.Contains(st[0].Text, "undid #1008: 紧急 → none") {
		t.Errorf("status %v, want the undo to none", st)
	}
	if got := h.columnOf(api.Bug, "1008"); got != noPriority {
		t.Errorf("#1008 is in %q, want it back in %s", got, noPriority)
	}
	if w := svc.written(); len(w) != 2 || w[1] != "priority 1110022001000001008=" {
		t.Errorf("writes %q, want the move then the clearing", w)
	}
}

// TestHistoryOpensWithTheSession: U asks the root for this session's changes.
func TestHistoryOpensWithTheSession(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 100, 30).load().keys("tab", "]", "l", "]")
	h.takeOut()
	h.keys("U")
	var got []common.OpenHistoryMsg
	for _, m := range h.takeOut() {
		if o, ok := m.(common.OpenHistoryMsg); ok {
			got = append(got, o)
		}
	}
	if len(got) != 1 || len(got[0].Edits) != 2 || got[0].Edits[0].ItemID != "1110022001000001008" || got[0].Edits[0].State != store.StateSent {
		t.Fatalf("history opened with %+v, want the two changes, sent", got)
	}
	if title := got[0].Titles[common.ItemRef{Kind: api.Bug, ID: "1110022001000001008"}]; title != "Typo in the welcome e-mail" {
		t.Errorf("title of #1008 %q", title)
	}
}

// TestHelpListsTheNewKeys: the help view builds itself from the key map.
func TestHelpListsTheNewKeys(t *testing.T) {
	listed := helpListed()
	for _, want := range []string{"space mark / unmark", "V mark the column", "u undo last change", "U this session's changes", "t triage queue"} {
		if !slices.Contains(listed, want) {
			t.Errorf("help lacks %q: %q", want, listed)
		}
	}
}
