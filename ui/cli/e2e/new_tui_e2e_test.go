package e2e

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestNewBugAsksForItsSeverity: against `triage serve`, n on the bugs of
// Billing Legacy opens the editor of a new bug with its owner (the one
// who creates it), iteration and severity, the required ones marked;
// ctrl+s without a severity names it and its values and queues nothing;
// chosen, the bug is made once with it and its card shows at once.
func TestNewBugAsksForItsSeverity(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	rec := &recorder{}
	var requests atomic.Int64
	env := billingLegacyEnv(t, s, countingProxy(t, rec.wrap(t, s.env["TRIAGE_BASE_URL"]).URL, &requests))
	title := "Invoice totals are off by a cent"

	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Billing Legacy", "demo (token)")
	term.Send("Tab")
	term.WaitFor(20*time.Second, "180 bugs")
	before := requests.Load()
	term.Send("n")
	term.WaitFor(10*time.Second, "New bug in Billing Legacy", "Owners    demo  required", "Severity  none  required")
	term.Type(title)
	term.Send("C-s")
	screen := term.WaitFor(10*time.Second, "✗ Severity is required in Billing Legacy: choose one (Fatal, Serious, Normal, Prompt, Advice)")
	t.Logf("n refusing a bug without its severity:\n%s", screen)
	if !strings.Contains(screen, "▌ Severity") {
		t.Errorf("the focus is not on the severity:\n%s", screen)
	}
	if n := len(rec.written()); n != 0 {
		t.Fatalf("a bug without its severity sent %d writes, want none", n)
	}
	term.Send("Enter")
	term.WaitFor(10*time.Second, "Serious")
	term.Send("Down", "Enter", "C-s")
	term.WaitFor(20*time.Second, "created #181 "+title)
	t.Logf("a new bug from n: %d requests, %d of them writes", requests.Load()-before, len(rec.written()))
	if n := len(rec.written()); n != 1 {
		t.Errorf("the new bug took %d writes, want 1", n)
	}
	made := bugsTitled(t, s, title)
	if len(made) != 1 || made[0]["severity"] != "serious" || made[0]["current_owner"] != "demo;" {
		t.Fatalf("the service has %v, want one bug of severity serious owned by demo", made)
	}
	if screen := term.Screen(); !strings.Contains(screen, "Invoice totals are off by") || !strings.Contains(screen, "Bugs 181") {
		t.Errorf("the new bug's card is not on the board:\n%s", screen)
	}
}
