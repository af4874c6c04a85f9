package e2e

import (
	"net/http"
	"testing"
	"time"
)

// TestStartCheckSaysItWaits: with a token from the environment the app asks
// the service who it is before the board is drawn. When the account's
// requests of the window are spent, that check waits for the rate limit and
// says so on the terminal at once, with how long, rather than a blank pause;
// the board follows once the window has passed (and loads at the limit).
func TestStartCheckSaysItWaits(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "2", "--rate-window", "15s")
	for range 3 { // the window's two requests, and one refused
		req, err := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/users/info", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+s.env["TRIAGE_TOKEN"])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
	}
	term := startTerminal(t, 120, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(5*time.Second, "triage: the service asks to wait", "(rate limit)")
	term.WaitFor(60*time.Second, "Atlas Web · demo (token)")
}
