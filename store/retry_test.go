package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
)

// TestRetryWithBackoff: when the service cannot be reached, fails or
// rate-limits, the edit stays queued and is retried later, first reading the
// service; meanwhile no call is made.
func TestRetryWithBackoff(t *testing.T) {
	rateLimited := &api.Error{Kind: api.ErrRateLimited, Op: "update story", HTTPStatus: 429, Info: "To many requests", RetryAfter: 2 * time.Minute}
	tests := []struct {
		name      string
		err       func(*testing.T) error
		applied   bool
		wantState EditState
		wantWait  time.Duration
	}{
		{"connection refused", refusedError, false, StateWaiting, 1500 * time.Millisecond},
		{"503", func(t *testing.T) error { return writeError(t, 503) }, false, StateMaybeApplied, 1500 * time.Millisecond},
		{"connection dropped after sending", resetError, true, StateMaybeApplied, 1500 * time.Millisecond},
		{"429 with Retry-After", func(*testing.T) error { return rateLimited }, false, StateWaiting, 2 * time.Minute},
		{"429 from the real client", func(t *testing.T) error { return writeError(t, 429) }, false, StateWaiting, 1500 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t, story(itemA, "Middle", "m1"))
			cause := tt.err(t)
			if !tt.applied && api.MaybeApplied(cause) && tt.wantState == StateWaiting {
				t.Fatalf("the test error %v may have been applied", cause)
			}
			f.remote.failNext("priority", cause, tt.applied)
			e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
			res, err := f.r.Send(context.Background(), e)
			if err != nil || res.Outcome != OutcomeQueued || res.Err == nil {
				t.Fatalf("Send = %+v, %v", res, err)
			}
			if res.Edit.State != tt.wantState || !res.Edit.NextAttempt.Equal(testNow.Add(tt.wantWait)) || res.Edit.LastError == "" {
				t.Errorf("queued as %s until +%v (%q); want %s until +%v", res.Edit.State,
					res.Edit.NextAttempt.Sub(testNow), res.Edit.LastError, tt.wantState, tt.wantWait)
			}
			if strings.Contains(res.Edit.LastError, "t0ken") {
				t.Errorf("the reason shows the token: %q", res.Edit.LastError)
			}
			if next, ok, err := f.r.NextFlush(); err != nil || !ok || !next.Equal(res.Edit.NextAttempt) {
				t.Errorf("NextFlush = %v, %v, %v; want %v", next, ok, err, res.Edit.NextAttempt)
			}

			f.remote.forgetCalls()
			f.clock.advance(tt.wantWait - time.Millisecond)
			if results, err := f.r.Flush(context.Background()); len(results) != 0 || err != nil {
				t.Errorf("Flush before the wait is over = %+v, %v", results, err)
			}
			if len(f.remote.callLog()) != 0 {
				t.Errorf("calls before the wait is over: %v", f.remote.callLog())
			}
			f.clock.advance(time.Millisecond)
			results, err := f.r.Flush(context.Background())
			if err != nil || len(results) != 1 || results[0].Edit.State != StateSent {
				t.Fatalf("Flush after the wait = %+v, %v", results, err)
			}
			wantOutcome, wantCalls := OutcomeSent, []string{"get", "priority"}
			if tt.applied {
				wantOutcome, wantCalls = OutcomeApplied, []string{"get"}
			}
			if results[0].Outcome != wantOutcome || !slices.Equal(f.remote.callLog(), wantCalls) {
				t.Errorf("retry: %s with calls %v; want %s with %v", results[0].Outcome, f.remote.callLog(), wantOutcome, wantCalls)
			}
		})
	}
}

func TestBackoffGrows(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	var waits []time.Duration
	for range 3 {
		f.remote.failNext("priority", &api.Error{Kind: api.ErrServer, HTTPStatus: 502}, false)
		results, err := f.r.Flush(context.Background())
		if err != nil || len(results) != 1 {
			t.Fatalf("Flush = %+v, %v", results, err)
		}
		wait := results[0].Edit.NextAttempt.Sub(f.clock.now())
		waits = append(waits, wait)
		f.clock.advance(wait)
	}
	if want := []time.Duration{1500 * time.Millisecond, 3 * time.Second, 6 * time.Second}; !slices.Equal(waits, want) {
		t.Errorf("waits %v, want %v", waits, want)
	}
	if got, _ := f.outbox.Get(e.Seq); got.Attempts != 3 {
		t.Errorf("attempts %d, want 3", got.Attempts)
	}
}

func TestBackoffDelay(t *testing.T) {
	tests := []struct {
		name    string
		b       Backoff
		attempt int
		want    time.Duration
	}{
		{"first, least", Backoff{Rand: func() float64 { return 0 }}, 1, time.Second},
		{"first, most", Backoff{Rand: func() float64 { return 0.999999999 }}, 1, 2*time.Second - 1},
		{"fourth", Backoff{Rand: func() float64 { return 0 }}, 4, 8 * time.Second},
		{"capped", Backoff{Rand: func() float64 { return 0 }}, 40, DefaultBackoffMax / 2},
		{"custom", Backoff{Base: time.Millisecond, Max: 3 * time.Millisecond, Rand: func() float64 { return 0 }}, 9, 1500 * time.Microsecond},
		{"zero attempts", Backoff{Rand: func() float64 { return 0 }}, 0, time.Second},
	}
	for _, tt := range tests {
		if got := tt.b.Delay(tt.attempt); got != tt.want {
			t.Errorf("%s: Delay(%d) = %v, want %v", tt.name, tt.attempt, got, tt.want)
		}
	}
	for attempt := range 30 {
		if d := (Backoff{}).Delay(attempt); d < time.Second || d > DefaultBackoffMax {
			t.Errorf("Delay(%d) = %v, out of [1s, 5m]", attempt, d)
		}
	}
}

// TestRefusedEditsFail: what the service refuses fails for good, with the
// reason, and stays in the history.
func TestRefusedEditsFail(t *testing.T) {
	tests := []struct {
		name    string
		op      string
		err     error
		replay  bool
		missing bool
		want    string
	}{
		{"validation", "priority", validationError(), false, false, "not one of High"},
		{"forbidden", "priority", &api.Error{Kind: api.ErrForbidden, HTTPStatus: 403, Info: "access to workspace 10022001 is not granted"}, false, false, "not granted"},
		{"workspace gone", "priority", &api.Error{Kind: api.ErrNotFound, HTTPStatus: 404, Info: "workspace 10022001 not existed"}, false, false, "not existed"},
		{"item deleted, seen on replay", "", nil, true, true, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var items []api.Item
			if !tt.missing {
				items = append(items, story(itemA, "Middle", "m1"))
			}
			f := newReplayFixture(t, items...)
			if tt.err != nil {
				f.remote.failNext(tt.op, tt.err, false)
			}
			e := priorityEdit(itemA, "Middle", "High", "m1")
			if tt.replay {
				e.Session = earlier
			}
			e = f.add(t, e)
			results, err := f.r.Flush(context.Background())
			if err != nil || len(results) != 1 || results[0].Outcome != OutcomeFailed || results[0].Err == nil {
				t.Fatalf("Flush = %+v, %v", results, err)
			}
			h, err := f.outbox.History(time.Time{}, e.Session)
			if err != nil || len(h) != 1 {
				t.Fatalf("History = %+v, %v", h, err)
			}
			if h[0].State != StateFailed || !strings.Contains(h[0].LastError, tt.want) {
				t.Errorf("history: %s %q, want failed with %q", h[0].State, h[0].LastError, tt.want)
			}
			if n, _ := f.outbox.PendingCount(testService, testUser); n != 0 {
				t.Errorf("a failed edit is still pending")
			}
		})
	}
}

// TestCredentialsRefused: the edit stays queued, the error goes to the
// caller (which logs in again), and the next flush sends it.
func TestCredentialsRefused(t *testing.T) {
	tests := []struct {
		name string
		err  error
	}{
		{"401", &api.Error{Kind: api.ErrCredentials, HTTPStatus: 401, Info: "401 Unauthorized"}},
		{"token expired", &api.Error{Kind: api.ErrTokenExpired, HTTPStatus: 422, Info: "The access token provided has expired"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t, story(itemA, "Middle", "m1"))
			f.remote.failNext("priority", tt.err, false)
			e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
			res, err := f.r.Send(context.Background(), e)
			if k := api.KindOf(err); k != api.KindOf(tt.err) {
				t.Fatalf("Send error = %v (kind %v), want kind %v", err, k, api.KindOf(tt.err))
			}
			if res.Outcome != OutcomeQueued || res.Edit.State != StateWaiting || !res.Edit.NextAttempt.Equal(testNow) {
				t.Errorf("after refused credentials: %+v", res)
			}
			results, err := f.r.Flush(context.Background())
			if err != nil || len(results) != 1 || results[0].Outcome != OutcomeSent {
				t.Fatalf("Flush after logging in again = %+v, %v", results, err)
			}
		})
	}
}

// TestEditsOfAnItemKeepTheirOrder: an edit waits while an older edit of the
// same item is pending; edits of other items go on.
func TestEditsOfAnItemKeepTheirOrder(t *testing.T) {
	const itemB = "1010022001000000002"
	f := newReplayFixture(t, story(itemA, "Low", "m2"), story(itemB, "Low", "m1"))
	ctx := context.Background()
	first := priorityEdit(itemA, "Middle", "High", "m1")
	first.Session = earlier
	first = f.add(t, first) // will conflict: the service has Low
	second := f.add(t, priorityEdit(itemA, "High", "Nice To Have", "m1"))
	other := f.add(t, priorityEdit(itemB, "Low", "High", "m1"))

	if res, err := f.r.Send(ctx, second); err != nil || res.Outcome != OutcomeQueued || res.Err == nil {
		t.Fatalf("Send behind an older edit = %+v, %v", res, err)
	}
	results, err := f.r.Flush(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range results {
		got = append(got, fmt.Sprintf("%d:%s", r.Edit.Seq, r.Outcome))
	}
	want := []string{fmt.Sprintf("%d:conflict", first.Seq), fmt.Sprintf("%d:sent", other.Seq)}
	if !slices.Equal(got, want) {
		t.Errorf("first flush = %v, want %v", got, want)
	}
	if _, err := f.outbox.KeepMine(first.Seq); err != nil {
		t.Fatal(err)
	}
	if results, err := f.r.Flush(ctx); err != nil || len(results) != 2 {
		t.Fatalf("second flush = %+v, %v", results, err)
	}
	if v := f.remote.item(itemA).PriorityLabel; v != "Nice To Have" {
		t.Errorf("itemA ends %q: the edits were sent out of order", v)
	}
}

func TestSendWhileAnotherCallSends(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	if _, _, err := f.outbox.Claim(e.Seq); err != nil {
		t.Fatal(err)
	}
	res, err := f.r.Send(context.Background(), e)
	if err != nil || res.Outcome != OutcomeBusy || len(f.remote.callLog()) != 0 {
		t.Errorf("Send of an edit being sent = %+v, %v, calls %v", res, err, f.remote.callLog())
	}
}

func TestSendWaitsWhileTheServiceRests(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"), story("1010022001000000002", "Low", "m1"))
	f.remote.failNext("priority", &api.Error{Kind: api.ErrRateLimited, HTTPStatus: 429, RetryAfter: time.Minute}, false)
	first := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	if res, _ := f.r.Send(context.Background(), first); res.Outcome != OutcomeQueued {
		t.Fatalf("first Send = %+v", res)
	}
	f.remote.forgetCalls()
	second := f.add(t, priorityEdit("1010022001000000002", "Low", "High", "m1"))
	res, err := f.r.Send(context.Background(), second)
	if err != nil || res.Outcome != OutcomeQueued || len(f.remote.callLog()) != 0 {
		t.Errorf("Send while rate-limited = %+v, %v, calls %v", res, err, f.remote.callLog())
	}
}

func TestSendCancelled(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	f.remote.failNext("priority", &api.Error{Kind: api.ErrCanceled, Err: context.Canceled}, false)
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	res, err := f.r.Send(ctx, e)
	if !errors.Is(err, context.Canceled) || res.Edit.State != StateWaiting || !res.Edit.NextAttempt.Equal(testNow) {
		t.Errorf("cancelled Send = %+v, %v", res, err)
	}
	if results, err := f.r.Flush(ctx); !errors.Is(err, context.Canceled) || len(results) != 0 {
		t.Errorf("cancelled Flush = %+v, %v", results, err)
	}
}

// TestConcurrentSendAndFlush: sends from the UI and background flushes race;
// every edit reaches the service exactly once.
func TestConcurrentSendAndFlush(t *testing.T) {
	const n = 20
	var items []api.Item
	for i := range n {
		items = append(items, story(fmt.Sprintf("10100220010000001%02d", i), "Low", "m1"))
	}
	f := newReplayFixture(t, items...)
	ctx := context.Background()
	var wg sync.WaitGroup
	for _, it := range items {
		e := f.add(t, priorityEdit(it.ID, "Low", "High", "m1"))
		wg.Go(func() {
			if _, err := f.r.Send(ctx, e); err != nil {
				t.Error(err)
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			if _, err := f.r.Flush(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if _, err := f.r.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if writes := f.remote.count("priority"); writes != n {
		t.Errorf("%d writes for %d edits", writes, n)
	}
	if pending, _ := f.outbox.PendingCount(testService, testUser); pending != 0 {
		t.Errorf("%d edits still pending", pending)
	}
}

func TestNewReplayerNeedsAnOwner(t *testing.T) {
	f := newReplayFixture(t)
	tests := []ReplayerConfig{
		{Service: "not a url", User: testUser, Session: testSession},
		{Service: testService, Session: testSession},
		{Service: testService, User: testUser},
	}
	for _, cfg := range tests {
		if _, err := NewReplayer(f.outbox, f.remote, cfg); err == nil {
			t.Errorf("NewReplayer(%+v) succeeded", cfg)
		}
	}
	other := priorityEdit(itemA, "Low", "High", "")
	other.Session, other.Service, other.User, other.WorkspaceID = testSession, testService, "bob", 1
	other, err := f.outbox.Add(other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.r.Send(context.Background(), other); err == nil {
		t.Error("a replayer sent another user's edit")
	}
}

// TestFlushStopsWhenTheServiceIsDown: after one edit meets a down or busy
// service, the others are not tried until the wait is over.
func TestFlushStopsWhenTheServiceIsDown(t *testing.T) {
	const itemB = "1010022001000000002"
	f := newReplayFixture(t, story(itemA, "Middle", "m1"), story(itemB, "Low", "m1"))
	f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	f.add(t, priorityEdit(itemB, "Low", "High", "m1"))
	f.remote.failNext("priority", &api.Error{Kind: api.ErrServer, HTTPStatus: 502, Info: "Bad Gateway"}, false)
	results, err := f.r.Flush(context.Background())
	if err != nil || len(results) != 1 || results[0].Outcome != OutcomeQueued {
		t.Fatalf("Flush = %+v, %v; want one queued edit", results, err)
	}
	if calls := f.remote.callLog(); !slices.Equal(calls, []string{"getmany", "priority"}) {
		t.Errorf("calls = %v, want one read of both items, then one write", calls)
	}
	f.clock.advance(time.Minute)
	if results, err := f.r.Flush(context.Background()); err != nil || len(results) != 2 {
		t.Errorf("Flush after the wait = %+v, %v", results, err)
	}
	if n, _ := f.outbox.PendingCount(testService, testUser); n != 0 {
		t.Errorf("%d edits pending", n)
	}
}
