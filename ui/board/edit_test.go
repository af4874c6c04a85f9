package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func TestOptimisticMoveShowsPending(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 80, 23).load().keys("tab")
	_, cmd := h.m.Update(uitest.Key("]"))
	if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
		t.Fatalf("before the answer the card is in %q, want 紧急", got)
	}
	if !strings.Contains(h.screen(), "▶*#1008") {
		t.Errorf("pending card not marked:\n%s", h.screen())
	}
	if h.ctx.Tasks.Idle() {
		t.Error("no task while the edit is in flight")
	}
	h.run(cmd)
	if strings.Contains(h.screen(), "*#1008") || !h.ctx.Tasks.Idle() {
		t.Errorf("still pending after the answer:\n%s", h.screen())
	}
}

func TestFailedMoveReturnsAndRetries(t *testing.T) {
	refused := &api.Error{Kind: api.ErrValidation, Op: "update bug", HTTPStatus: 422, Info: "priority_label 紧急 is not allowed"}
	tests := []struct {
		name string
		err  error
		hint string
	}{
		{"refused", refused, "press R to send it again"},
		{"maybe applied", &api.Error{Kind: api.ErrServer, Op: "update bug", HTTPStatus: 502}, "press R to send it again"},
		{"network", errors.New("connection reset"), "press R"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = []error{tt.err}
			h := newHarness(t, svc, true, 80, 23).load().keys("tab")
			h.takeOut()
			h.keys("]")
			if got := h.columnOf(api.Bug, "1008"); got != noPriority {
				t.Errorf("after the failure the card is in %q, want it back in %q", got, noPriority)
			}
			if e := h.m.edits["1110022001000001008"]; e == nil || e.state != editFailed {
				t.Fatalf("edit not kept as failed: %+v", e)
			}
			if !strings.Contains(h.screen(), "✗#1008") {
				t.Errorf("failed card not marked:\n%s", h.screen())
			}
			st := statuses(h.takeOut())
			if len(st) != 1 || st[0].Err == nil || !strings.Contains(st[0].Err.Error(), tt.hint) ||
				!strings.Contains(st[0].Err.Error(), tt.err.Error()) {
				t.Errorf("status %v, want an error saying %q and why", st, tt.hint)
			}
			if !strings.Contains(h.m.Status(), "#1008") {
				t.Errorf("Status() = %q, want the last error", h.m.Status())
			}
			h.keys("R")
			if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
				t.Errorf("after R the card is in %q, want 紧急", got)
			}
			want := []string{"priority 1110022001000001008=urgent", "priority 1110022001000001008=urgent"}
			if !slices.Equal(svc.writes, want) {
				t.Errorf("writes %q, want %q", svc.writes, want)
			}
			if len(h.m.edits) != 0 {
				t.Errorf("edits left after the retry succeeded: %v", h.m.edits)
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
			if e := h.m.edits["1110022001000001008"]; e == nil || e.state != editPending {
				t.Fatalf("edit not kept pending: %+v", e)
			}
			h.send(common.ReauthenticatedMsg{})
			h.run(expired[0].Retry)
			want := []string{"priority 1110022001000001008=urgent", "priority 1110022001000001008=urgent"}
			if !slices.Equal(svc.writes, want) {
				t.Errorf("writes %q, want %q (the Retry resends)", svc.writes, want)
			}
			if len(h.m.edits) != 0 || h.columnOf(api.Bug, "1008") != "紧急" {
				t.Errorf("after the retry: edits %v, column %q", h.m.edits, h.columnOf(api.Bug, "1008"))
			}
		})
	}
}
