package items

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"triage/api/sandbox"
	"triage/ui/cli/internal/clitest"
)

// rateLimitedService starts the local service allowing each credential
// three requests a second, and returns the environment that reaches it.
func rateLimitedService(t *testing.T) map[string]string {
	t.Helper()
	srv, err := sandbox.New(sandbox.Options{Rate: 3, RateWindow: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return map[string]string{"TRIAGE_BASE_URL": hs.URL, "TRIAGE_WORKSPACE": "10022001", "TRIAGE_TOKEN": srv.Demo().Users[0].PersonalToken}
}

// TestListSaysWhyItWaits: a command that must wait for the rate limit says
// so on stderr as the wait starts, and then finishes its work. With no
// budget of its own (the default on this machine) it is the service that
// asks; with rate_limit set, the command's own budget keeps it from asking.
func TestListSaysWhyItWaits(t *testing.T) {
	for _, tt := range []struct{ rate, says string }{
		{"", "triage: the service asks to wait"},
		{"3/1s", "triage: the rate limit's budget is spent, next request in"},
	} {
		clitest.Home(t)
		env := rateLimitedService(t)
		env["TRIAGE_RATE_LIMIT"] = tt.rate
		var out, errOut strings.Builder
		for range 3 {
			out.Reset()
			if err := NewCmdList(nil)(clitest.Factory(env, &out, &errOut), context.Background(), []string{"--kind", "bug", "--limit", "1", "--insecure-storage"}); err != nil {
				t.Fatalf("rate %q: list: %v\n%s", tt.rate, err, errOut.String())
			}
		}
		if !strings.Contains(errOut.String(), tt.says) || out.Len() == 0 {
			t.Errorf("rate %q: stderr %q, stdout %q; want %q on stderr and the list", tt.rate, errOut.String(), out.String(), tt.says)
		}
	}
}
