package e2e

import (
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
	s := startServe(t, "--rate", "2", "--rate-window", "8s")
	for range 3 { // the window's two requests, and one refused
		askWhoAmI(t, s)
	}
	term := startTerminal(t, 120, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(5*time.Second, "triage: the service asks to wait", "(rate limit)")
	term.WaitFor(60*time.Second, "Atlas Web · demo (token)")
}
