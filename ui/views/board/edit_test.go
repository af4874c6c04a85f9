package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

func TestOptimisticMoveShowsPending(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 80, 23).load().keys("tab")
	_, cmd := h.m.Update(uitest.Key("]"))
	if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
		t.Fatalf("before the answer the card is in %q, want 紧急", got)
	}
	if !strings.Contains(h.screen(), h.marked(api.Bug, "1008", "*")) {
		t.Errorf("pending card not marked:\n%s", h.screen())
	}
	if h.ctx.Tasks.Idle() {
		t.Error("no task while the edit is in flight")
	}
	h.run(cmd)
	if strings.Contains(h.screen(), h.marked(api.Bug, "1008", "*")) || !h.ctx.Tasks.Idle() {
		t.Errorf("still pending after the answer:\n%s", h.screen())
	}
	pending, err := h.edits.Pending("anyechen")
	if err != nil || len(pending) != 0 {
		t.Errorf("outbox still holds %v (%v) after the service confirmed", pending, err)
	}
	hist, err := h.edits.History(uitest.Session)
	if err != nil || len(hist) != 1 || hist[0].State != store.StateSent || hist[0].From != "" || hist[0].To != "urgent" {
		t.Errorf("session log %+v (%v), want the move as sent", hist, err)
	}
}

// TestEditIsQueuedBeforeItIsSent checks that the edit is in the outbox when
// the service receives it.
func TestEditIsQueuedBeforeItIsSent(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, true, 80, 23).load().keys("tab")
	var seen []store.Edit
	svc.onWrite = func() {
		p, _ := h.edits.Pending("anyechen")
		seen = append(seen, p...)
	}
	h.keys("]")
	if len(seen) != 1 || seen[0].State != store.StateSending || seen[0].ItemID != "1110022001000001008" {
		t.Errorf("the outbox held %+v while the write was made, want the edit, sending", seen)
	}
}

func TestFailedMoveReturnsAndRetries(t *testing.T) {
	refused := &api.Error{Kind: api.ErrValidation, Op: "update bug", HTTPStatus: 422, Info: "priority_label 紧急 is not allowed"}
	svc := newFakeService()
	svc.writeErrs = []error{refused}
	h := newHarness(t, svc, true, 80, 23).load().keys("tab")
	h.takeOut()
	h.keys("]")
	if got := h.columnOf(api.Bug, "1008"); got != noPriority {
		t.Errorf("after the refusal the card is in %q, want it back in %q", got, noPriority)
	}
	if st, ok := h.m.eng.State(api.Bug, "1110022001000001008"); !ok || st != engine.Failed {
		t.Fatalf("edit not kept as failed: %v (%v)", st, ok)
	}
	if !strings.Contains(h.screen(), h.marked(api.Bug, "1008", "✗")) {
		t.Errorf("failed card not marked:\n%s", h.screen())
	}
	st := statuses(h.takeOut())
	if len(st) != 1 || st[0].Err == nil || !strings.Contains(st[0].Err.Error(), "press R to send it again") ||
		!strings.Contains(st[0].Err.Error(), refused.Error()) {
		t.Errorf("status %v, want an error saying press R and why", st)
	}
	if !strings.Contains(h.m.Status(), "#1008") {
		t.Errorf("Status() = %q, want the last error", h.m.Status())
	}
	h.keys("R")
	if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
		t.Errorf("after R the card is in %q, want 紧急", got)
	}
	want := []string{"priority 1110022001000001008=urgent", "priority 1110022001000001008=urgent"}
	if !slices.Equal(svc.written(), want) {
		t.Errorf("writes %q, want %q", svc.written(), want)
	}
	if h.m.eng.Editing() {
		t.Errorf("edits left after the retry succeeded: %v", h.m.eng.Editing())
	}
}

// TestUnreachableServiceQueuesEdits: an edit the service cannot take now
// stays on its card, waits in the outbox (the status line counts it), and
// is sent by a later flush, once.
func TestUnreachableServiceQueuesEdits(t *testing.T) {
	tests := []struct {
		name string
		err  error
	}{
		{"network", errors.New("dial tcp 127.0.0.1:9: connection refused")},
		{"bad gateway after sending", &api.Error{Kind: api.ErrServer, Op: "update bug", HTTPStatus: 502}},
		{"rate limited", &api.Error{Kind: api.ErrRateLimited, Op: "update bug", HTTPStatus: 429}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = []error{tt.err}
			h := newHarness(t, svc, true, 80, 23).load().keys("tab")
			h.takeOut()
			h.keys("]")
			if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
				t.Errorf("a waiting edit's card is in %q, want it kept in 紧急", got)
			}
			if st := statuses(h.takeOut()); len(st) != 1 || !strings.Contains(st[0].Text, "#1008 waits to be sent: "+tt.err.Error()) {
				t.Errorf("status %v, want the edit waiting and why", st)
			}
			if !strings.Contains(h.screen(), h.marked(api.Bug, "1008", "*")) {
				t.Errorf("waiting card not marked pending:\n%s", h.screen())
			}
			if b := h.m.Badges(); !slices.Contains(b, "1 edit waiting") {
				t.Errorf("badges %q, want 1 edit waiting", b)
			}
			h.flush()
			want := []string{"priority 1110022001000001008=urgent", "priority 1110022001000001008=urgent"}
			if !slices.Equal(svc.written(), want) {
				t.Errorf("writes %q, want %q", svc.written(), want)
			}
			if h.m.eng.Editing() || len(h.m.Badges()) != 0 || h.columnOf(api.Bug, "1008") != "紧急" {
				t.Errorf("after the flush: edits %v, badges %q, column %q", h.m.eng.Editing(), h.m.Badges(), h.columnOf(api.Bug, "1008"))
			}
		})
	}
}

func TestExpiryDuringEdit(t *testing.T) {
	for _, kind := range []api.ErrorKind{api.ErrTokenExpired, api.ErrCredentials} {
		t.Run(kind.String(), func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = []error{&api.Error{Kind: kind, Op: "update bug", HTTPStatus: 422}}
			h := newHarness(t, svc, false, 80, 23).load().keys("tab")
			h.takeOut()
			h.keys("]")
			var expired []common.AuthExpiredMsg
			for _, m := range h.takeOut() {
				if e, ok := m.(common.AuthExpiredMsg); ok {
					expired = append(expired, e)
				}
			}
			if len(expired) != 1 || expired[0].Retry == nil {
				t.Fatalf("want one AuthExpiredMsg with a Retry, got %v", expired)
			}
			if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
				t.Errorf("while logging in again the card is in %q, want it kept in 紧急", got)
			}
			if st, ok := h.m.eng.State(api.Bug, "1110022001000001008"); !ok || st != engine.Pending {
				t.Fatalf("edit not kept pending: %v (%v)", st, ok)
			}
			h.send(common.ReauthenticatedMsg{})
			h.run(expired[0].Retry)
			h.flush()
			want := []string{"priority 1110022001000001008=urgent", "priority 1110022001000001008=urgent"}
			if !slices.Equal(svc.written(), want) {
				t.Errorf("writes %q, want %q (the Retry flushes)", svc.written(), want)
			}
			if h.m.eng.Editing() || h.columnOf(api.Bug, "1008") != "紧急" {
				t.Errorf("after the retry: edits %v, column %q", h.m.eng.Editing(), h.columnOf(api.Bug, "1008"))
			}
		})
	}
}

// TestEditsOfAnEarlierRun: edits an earlier run left in the outbox show on
// their cards at once and are sent at the start.
func TestEditsOfAnEarlierRun(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, true, 80, 23)
	earlier := store.Edit{Session: "20260105T080000Z-earlier", Service: h.ctx.ServiceURL, User: "anyechen",
		WorkspaceID: testWS, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000002003",
		From: "Low", To: "High", SeenPriority: "Low", SeenModified: "2026-01-03 09:00:00"}
	if _, err := h.edits.Add(earlier); err != nil {
		t.Fatal(err)
	}
	h.load()
	if got := h.columnOf(api.Story, "2003"); got != "High" {
		t.Errorf("#2003 is in %q, want High (the waiting edit)", got)
	}
	h.flush()
	if !slices.Equal(svc.written(), []string{"priority 1010022001000002003=High"}) || !slices.Contains(svc.reads, "get 1010022001000002003") {
		t.Errorf("writes %q reads %q: want the item read again, then the edit sent once", svc.written(), svc.reads)
	}
	if h.m.eng.Editing() {
		t.Errorf("edits left: %v", h.m.eng.Editing())
	}
}

// TestMoveKeepsYourPlace: after a move the cursor stays in the source
// column, on the card that followed the moved one; the moved card waits
// marked in its new column, and the status line says what changed.
func TestMoveKeepsYourPlace(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 80, 23).load().keys("tab")
	if id, col := h.selectedCard(); id != "1008" || col != "No priority" {
		t.Fatalf("start on #%s in %q, want #1008 in No priority", id, col)
	}
	_, cmd := h.m.Update(uitest.Key("]"))
	if id, col := h.selectedCard(); id != "1011" || col != "No priority" {
		t.Errorf("after ] the cursor is on #%s in %q, want the next card #1011 in No priority", id, col)
	}
	if !strings.Contains(h.screen(), h.marked(api.Bug, "1008", "*")) {
		t.Errorf("the moved card is not marked in its new column:\n%s", h.screen())
	}
	h.takeOut()
	h.run(cmd)
	if st := statuses(h.takeOut()); len(st) == 0 || st[len(st)-1].Text != "#1008 none → 紧急" {
		t.Errorf("status after the service took it: %v, want #1008 none → 紧急", st)
	}
	h.keys("]")
	if got := h.columnOf(api.Bug, "1011"); got != "紧急" {
		t.Errorf("a second ] moved the next card to %q, want 紧急", got)
	}
}

// TestClearingAPriority: p offers "none" last; the service clears the
// priority where it allows an empty one, and where it refuses, the card goes
// back and the status line says the service's reason.
func TestClearingAPriority(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, true, 80, 23).load().keys("tab", "l") // #1001, 紧急
	h.keys("p", "end", "enter")
	if got := h.columnOf(api.Bug, "1001"); got != noPriority {
		t.Errorf("after clearing #1001 is in %q, want %s", got, noPriority)
	}
	if w := svc.written(); len(w) != 1 || w[0] != "priority 1110022001000001001=" {
		t.Errorf("writes %q, want priority_label cleared", w)
	}

	refused := &api.Error{Kind: api.ErrValidation, Op: "update bug", HTTPStatus: 422, Info: "priority_label may not be empty in workspace 10022001"}
	svc = newFakeService()
	svc.writeErrs = []error{refused}
	h = newHarness(t, svc, true, 80, 23).load().keys("tab", "l")
	h.takeOut()
	h.keys("p", "end", "enter")
	if got := h.columnOf(api.Bug, "1001"); got != "紧急" {
		t.Errorf("after the refusal #1001 is in %q, want it back in 紧急", got)
	}
	st := statuses(h.takeOut())
	if len(st) == 0 || st[len(st)-1].Err == nil || !strings.Contains(st[len(st)-1].Err.Error(), "may not be empty") {
		t.Errorf("status %v, want the service's reason", st)
	}
}
