package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
)

// TestBudgetFileIsSharedByBudgets: two budgets on one state file (two
// processes of one account) see each other's requests and holds.
func TestBudgetFileIsSharedByBudgets(t *testing.T) {
	clock := webtest.NewClock()
	path := filepath.Join(t.TempDir(), "state", "budget")
	board := budgetOn(t, clock, 2, time.Minute, api.WithBudgetFile(path))
	cli := budgetOn(t, clock, 2, time.Minute, api.WithBudgetFile(path))
	cs := startCountedSandbox(t, sandbox.Options{Clock: clock.Now})
	waits := &fakeWaits{clock: clock}
	c := api.NewClient(cs.URL, cs.auth(), api.WithBudget(board), api.WithPause(waits.pause))
	for range 2 {
		if _, err := c.Count(context.Background(), wsAtlas, api.Story, nil); err != nil {
			t.Fatal(err)
		}
	}
	left, err := cli.Left()
	if err != nil || left.Used != 2 || left.Wait != 63*time.Second || left.Reason != api.WaitBudget {
		t.Errorf("the other budget sees %+v (%v), want 2 used and 63s to wait for the budget", left, err)
	}
	if err := cli.Hold(clock.Now().Add(90*time.Second), api.WaitService); err != nil {
		t.Fatal(err)
	}
	left, err = board.Left()
	if err != nil || left.Wait != 90*time.Second || left.Reason != api.WaitService {
		t.Errorf("the first budget sees %+v (%v), want the service's 90s", left, err)
	}
}

// TestRateLimitHeadersAreLearned: a service that announces a lower limit and
// then no requests remaining until a reset in 30s makes the next request wait
// 30s before it is sent.
func TestRateLimitHeadersAreLearned(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		w.Header().Set(api.HeaderRateLimitLimit, "40")
		w.Header().Set(api.HeaderRateLimitRemaining, strconv.Itoa(int(2-n)))
		w.Header().Set(api.HeaderRateLimitReset, "30")
		w.Header().Set("Content-Type", api.ContentTypeJSON)
		fmt.Fprint(w, `{"status":1,"data":{"count":5},"info":"success"}`)
	}))
	defer srv.Close()
	clock := webtest.NewClock()
	budget := budgetOn(t, clock, 60, time.Minute)
	waits := &fakeWaits{clock: clock}
	var heard []api.Wait
	c := api.NewClient(srv.URL, nil, api.WithBudget(budget), api.WithPause(waits.pause),
		api.WithWaitNotices(func(w api.Wait) { heard = append(heard, w) }))
	for range 3 {
		if _, err := c.Count(context.Background(), 1, api.Story, nil); err != nil {
			t.Fatal(err)
		}
	}
	if got := waits.waited(); len(got) != 1 || got[0] != 30*time.Second {
		t.Errorf("waited %v, want 30s once, after the answer with nothing remaining", got)
	}
	if len(heard) != 1 || heard[0].Reason != api.WaitService {
		t.Errorf("heard %+v, want the service's wait", heard)
	}
	if left, err := budget.Left(); err != nil || left.Limit != 40 || hits.Load() != 3 {
		t.Errorf("limit %d after %d requests (%v), want the announced 40 after 3", left.Limit, hits.Load(), err)
	}
}

// Environment of the child processes of TestProcessesShareOneBudget.
const (
	envBudgetChild = "TRIAGE_TEST_BUDGET_CHILD"
	envBudgetURL   = "TRIAGE_TEST_BUDGET_URL"
	envBudgetUser  = "TRIAGE_TEST_BUDGET_USER"
	envBudgetPass  = "TRIAGE_TEST_BUDGET_PASSWORD"
)

// Figures of TestProcessesShareOneBudget: the service allows processRate
// requests a processWindow; each of two processes sends processReads.
const (
	processRate   = 5
	processWindow = 2 * time.Second
	processReads  = 6
)

// TestProcessesShareOneBudget: two processes of one account (this test's
// binary run twice) share the budget through its state file; together they
// send 12 reads to a service that allows 5 every 2 seconds, and the service
// answers every one: no 429 (each child makes no retry, so one would fail it).
func TestProcessesShareOneBudget(t *testing.T) {
	if os.Getenv(envBudgetChild) != "" {
		t.Skip("run as a child process")
	}
	cs := startCountedSandbox(t, sandbox.Options{Rate: processRate, RateWindow: processWindow})
	path := filepath.Join(t.TempDir(), "budget")
	children := make([]*exec.Cmd, 2)
	for i := range children {
		cmd := exec.Command(os.Args[0], "-test.run=^TestBudgetChildProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), envBudgetChild+"="+path, envBudgetURL+"="+cs.URL,
			envBudgetUser+"="+cs.demo.APIUser, envBudgetPass+"="+cs.demo.APIPassword)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		children[i] = cmd
	}
	for i, cmd := range children {
		if err := cmd.Wait(); err != nil {
			t.Errorf("child %d: %v", i+1, err)
		}
	}
	if ok, limited := cs.answered(http.StatusOK), cs.answered(http.StatusTooManyRequests); ok != 2*processReads || limited != 0 {
		t.Errorf("the service answered %d requests and refused %d, want %d and 0", ok, limited, 2*processReads)
	}
}

// TestBudgetChildProcess is one process of TestProcessesShareOneBudget.
func TestBudgetChildProcess(t *testing.T) {
	path := os.Getenv(envBudgetChild)
	if path == "" {
		t.Skip("a child of TestProcessesShareOneBudget")
	}
	b, err := api.NewBudget(processRate, processWindow, api.WithBudgetFile(path))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	c := api.NewClient(os.Getenv(envBudgetURL), api.BasicAuth{User: os.Getenv(envBudgetUser), Password: os.Getenv(envBudgetPass)},
		api.WithBudget(b), api.WithMaxRetries(0))
	for i := range processReads {
		if _, err := c.Count(context.Background(), wsAtlas, api.Story, nil); err != nil {
			t.Fatalf("read %d: %v", i+1, err)
		}
	}
}
