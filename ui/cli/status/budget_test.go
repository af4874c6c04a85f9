package status

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/ui/cli/internal/clitest"
)

// TestStatusShowsTheRateBudget: `triage status`, run in process, shows the
// rate budget the account's commands share: the limit, the requests of the
// last window (two made by a command before it), and the wait the service
// asked for; --json gets the numbers. A service on this machine without
// rate_limit has none of its own.
func TestStatusShowsTheRateBudget(t *testing.T) {
	clitest.Home(t)
	env := clitest.Service(t)
	run := func(asJSON bool) string {
		t.Helper()
		var out, errOut strings.Builder
		o := &Options{IO: clitest.Factory(env, &out, &errOut), JSON: asJSON}
		o.Global.InsecureStorage = true
		if err := Run(context.Background(), o); err != nil {
			t.Fatalf("%v\n%s", err, errOut.String())
		}
		return out.String()
	}
	if out := run(false); !strings.Contains(out, "\nRate limit: none of its own (a service on this machine)\n") {
		t.Errorf("status on a local service without rate_limit:\n%s", out)
	}

	env["TRIAGE_RATE_LIMIT"] = "5/min"
	var errOut strings.Builder
	f := clitest.Factory(env, &strings.Builder{}, &errOut)
	o := &Options{IO: f}
	o.Global.InsecureStorage = true
	ctx := context.Background()
	s, err := f.Load(ctx, &o.Global)
	if err != nil {
		t.Fatal(err)
	}
	sess, err := s.Session(ctx)
	if err != nil {
		t.Fatal(err)
	}
	client, closeBudget, err := s.NewClient(sess.Authorizer(), sess.Account(), "test", nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := client.Count(ctx, 10022001, api.Story, nil); err != nil {
			t.Fatal(err)
		}
	}
	until := time.Now().Add(90 * time.Second).Truncate(time.Second)
	if err := client.Budget().Hold(until, api.WaitService); err != nil {
		t.Fatal(err)
	}
	if err := closeBudget(); err != nil {
		t.Fatal(err)
	}

	out := run(false)
	t.Logf("triage status:\n%s", out)
	want := "\nRate limit: 5/min, 2 used in the last minute\n            the service asked to wait until " + until.Local().Format("15:04:05") + "\n"
	if !strings.Contains(out, want) {
		t.Errorf("status lacks %q:\n%s", want, out)
	}
	var got struct {
		Profiles []struct {
			RateLimit budgetJSON `json:"rate_limit"`
		} `json:"profiles"`
	}
	if err := json.Unmarshal([]byte(run(true)), &got); err != nil || len(got.Profiles) != 1 {
		t.Fatalf("status --json: %v %+v", err, got)
	}
	b := got.Profiles[0].RateLimit
	if b.Limit != 5 || b.WindowSeconds != 60 || b.Used != 2 || b.WaitReason != "service" || b.WaitSeconds <= 80 || b.WaitUntil != until.UTC().Format(time.RFC3339) {
		t.Errorf("status --json's rate_limit: %+v", b)
	}
}
