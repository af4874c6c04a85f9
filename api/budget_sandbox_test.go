package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
)

// countedSandbox is a sandbox on 127.0.0.1 that counts, on the service's
// side, the requests it answered by HTTP status.
type countedSandbox struct {
	URL  string
	demo sandbox.DemoInfo
	mu   sync.Mutex
	seen map[int]int
}

func startCountedSandbox(t *testing.T, opts sandbox.Options) *countedSandbox {
	t.Helper()
	s, err := sandbox.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	cs := &countedSandbox{demo: s.Demo(), seen: map[int]int{}}
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		s.ServeHTTP(rec, r)
		cs.mu.Lock()
		cs.seen[rec.status]++
		cs.mu.Unlock()
	}))
	t.Cleanup(func() { hs.Close(); _ = s.Close() })
	cs.URL = hs.URL
	return cs
}

// answered is how many requests the service answered with status.
func (cs *countedSandbox) answered(status int) int {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	return cs.seen[status]
}

func (cs *countedSandbox) auth() api.Authorizer {
	return api.BasicAuth{User: cs.demo.APIUser, Password: cs.demo.APIPassword}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

// fakeWaits is a test's clock for a budget: a pause advances the clock at
// once and is recorded.
type fakeWaits struct {
	clock  *webtest.Clock
	mu     sync.Mutex
	pauses []time.Duration
}

func (f *fakeWaits) pause(ctx context.Context, d time.Duration) error {
	f.mu.Lock()
	f.pauses = append(f.pauses, d)
	f.mu.Unlock()
	f.clock.Advance(d)
	return ctx.Err()
}

func (f *fakeWaits) waited() []time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.pauses)
}

// budgetOn is a budget on the fake clock.
func budgetOn(t *testing.T, clock *webtest.Clock, limit int, window time.Duration, opts ...api.BudgetOption) *api.Budget {
	t.Helper()
	b, err := api.NewBudget(limit, window, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	api.SetBudgetClock(b, clock.Now)
	return b
}

// TestRetryAfterIsWaitedWhole: the sandbox's rate spent, it answers 429 with
// Retry-After: 45; the read waits 45s (not the 20s the backoff used to cap it
// at), the hook hears of the wait at once, and the retry is answered: the
// service counts one 429, not two.
func TestRetryAfterIsWaitedWhole(t *testing.T) {
	clock := webtest.NewClock()
	cs := startCountedSandbox(t, sandbox.Options{Clock: clock.Now, Rate: 2, RateWindow: 45 * time.Second})
	waits := &fakeWaits{clock: clock}
	var heard []api.Wait
	c := api.NewClient(cs.URL, cs.auth(), api.WithBudget(budgetOn(t, clock, 0, 0)), api.WithPause(waits.pause),
		api.WithWaitNotices(func(w api.Wait) { heard = append(heard, w) }))
	ctx := context.Background()
	for range 3 {
		if _, err := c.Count(ctx, wsAtlas, api.Story, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := waits.waited(); !slices.Equal(got, []time.Duration{45 * time.Second}) {
		t.Errorf("waited %v, want [45s]", got)
	}
	if len(heard) != 1 || heard[0].Reason != api.WaitService || heard[0].For != 45*time.Second || heard[0].Op != "count stories" {
		t.Fatalf("heard %+v, want one wait of 45s asked by the service", heard)
	}
	if got, want := heard[0].String(), "the service asks to wait 45s (rate limit)"; got != want {
		t.Errorf("the wait says %q, want %q", got, want)
	}
	if ok, limited := cs.answered(http.StatusOK), cs.answered(http.StatusTooManyRequests); ok != 3 || limited != 1 {
		t.Errorf("the service answered %d requests and refused %d, want 3 and 1", ok, limited)
	}
}

// TestA429HoldsTheWholeBudgetOnce: two clients of one account share a
// budget; a 429 answered to one makes the other's write wait the Retry-After
// before it is sent, so the service refuses one request only, and the write
// is sent once.
func TestA429HoldsTheWholeBudgetOnce(t *testing.T) {
	clock := webtest.NewClock()
	cs := startCountedSandbox(t, sandbox.Options{Clock: clock.Now, Rate: 1, RateWindow: 45 * time.Second})
	waits := &fakeWaits{clock: clock}
	budget := budgetOn(t, clock, 0, 0)
	board := api.NewClient(cs.URL, cs.auth(), api.WithBudget(budget), api.WithPause(waits.pause), api.WithMaxRetries(0))
	cli := api.NewClient(cs.URL, cs.auth(), api.WithBudget(budget), api.WithPause(waits.pause))
	ctx := context.Background()
	if _, err := board.Count(ctx, wsAtlas, api.Story, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := board.Count(ctx, wsAtlas, api.Bug, nil); api.KindOf(err) != api.ErrRateLimited {
		t.Fatalf("the second read: %v, want a 429", err)
	}
	created, err := cli.Create(ctx, api.NewItem{Kind: api.Story, WorkspaceID: wsAtlas, Title: "made behind a 429", Creator: "demo"})
	if err != nil {
		t.Fatalf("the other client's write: %v", err)
	}
	if got := waits.waited(); !slices.Equal(got, []time.Duration{45 * time.Second}) {
		t.Errorf("waited %v, want 45s before the write, once", got)
	}
	if ok, limited := cs.answered(http.StatusOK), cs.answered(http.StatusTooManyRequests); ok != 2 || limited != 1 {
		t.Errorf("the service answered %d requests and refused %d, want 2 and 1", ok, limited)
	}
	if created.ID == "" {
		t.Error("the write made no item")
	}
}

// TestClientsSharingABudgetStayUnderTheLimit: two clients of one account,
// reading in turn 12 times against a service that allows 5 a minute, wait
// for their shared budget and never earn a 429.
func TestClientsSharingABudgetStayUnderTheLimit(t *testing.T) {
	clock := webtest.NewClock()
	cs := startCountedSandbox(t, sandbox.Options{Clock: clock.Now, Rate: 5, RateWindow: time.Minute})
	waits := &fakeWaits{clock: clock}
	budget := budgetOn(t, clock, 5, time.Minute)
	var heard []api.Wait
	notice := api.WithWaitNotices(func(w api.Wait) { heard = append(heard, w) })
	clients := []*api.Client{
		api.NewClient(cs.URL, cs.auth(), api.WithBudget(budget), api.WithPause(waits.pause), api.WithMaxRetries(0), notice),
		api.NewClient(cs.URL, cs.auth(), api.WithBudget(budget), api.WithPause(waits.pause), api.WithMaxRetries(0), notice),
	}
	for i := range 12 {
		if _, err := clients[i%2].Count(context.Background(), wsAtlas, api.Story, nil); err != nil {
			t.Fatalf("read %d: %v", i+1, err)
		}
	}
	if ok, limited := cs.answered(http.StatusOK), cs.answered(http.StatusTooManyRequests); ok != 12 || limited != 0 {
		t.Errorf("the service answered %d requests and refused %d, want 12 and 0", ok, limited)
	}
	if len(heard) != 2 || heard[0].Reason != api.WaitBudget || heard[0].For != 63*time.Second {
		t.Errorf("heard %+v, want two waits for the budget, the first of 63s", heard)
	}
	left, err := budget.Left()
	if err != nil || left.Limit != 5 || left.Used != 2 || left.Wait != 0 {
		t.Errorf("budget left %+v (%v), want 2 of 5 used and no wait", left, err)
	}
}
