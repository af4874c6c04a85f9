package items

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/cli/internal/clitest"
)

// TestListOpenAndClosed against the local service: list is:open prints the
// bugs whose status is not one of the workflow's final statuses, is:closed
// the others, together every bug once; each reads last_steps once, and a
// list without the term does not read it.
func TestListOpenAndClosed(t *testing.T) {
	clitest.Home(t)
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var lastSteps atomic.Int64
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/workflows/last_steps" {
			lastSteps.Add(1)
		}
		srv.ServeHTTP(w, r)
	}))
	t.Cleanup(hs.Close)
	env := map[string]string{"TRIAGE_BASE_URL": hs.URL, "TRIAGE_WORKSPACE": "10022001", "TRIAGE_TOKEN": srv.Demo().Users[0].PersonalToken}
	client := api.NewClient(hs.URL, api.BearerToken(env["TRIAGE_TOKEN"]))
	finals, err := client.LastSteps(context.Background(), 10022001, api.Bug)
	if err != nil || len(finals) == 0 {
		t.Fatalf("last_steps: %v %v", finals, err)
	}
	list := func(words ...string) (statuses map[string]int, reads int64) {
		t.Helper()
		lastSteps.Store(0)
		var out, errOut strings.Builder
		o := &ListOptions{IO: clitest.Factory(env, &out, &errOut), Kind: api.Bug, Words: words, JSON: true, Columns: []string{"id", "status"}}
		o.Global.InsecureStorage = true
		if err := listRun(context.Background(), o); err != nil {
			t.Fatalf("list %v: %v\n%s", words, err, errOut.String())
		}
		var items []struct{ Status string }
		if err := json.Unmarshal([]byte(out.String()), &items); err != nil {
			t.Fatal(err)
		}
		statuses = map[string]int{}
		for _, it := range items {
			statuses[it.Status]++
		}
		return statuses, lastSteps.Load()
	}
	all, reads := list()
	if reads != 0 {
		t.Errorf("a list without is: read last_steps %d times", reads)
	}
	open, openReads := list("is:open")
	closed, closedReads := list("is:closed")
	if openReads != 1 || closedReads != 1 {
		t.Errorf("is:open read last_steps %d times, is:closed %d; want once each", openReads, closedReads)
	}
	for status, n := range all {
		_, final := finals[status]
		if final && (open[status] != 0 || closed[status] != n) || !final && (open[status] != n || closed[status] != 0) {
			t.Errorf("status %s (final %v): %d bugs, is:open lists %d, is:closed %d", status, final, n, open[status], closed[status])
		}
	}
	if len(open) == 0 || len(closed) == 0 {
		t.Errorf("is:open lists %v, is:closed %v: the demo has both", open, closed)
	}
}
