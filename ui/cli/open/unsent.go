package open

import (
	"fmt"
	"time"

	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/common"
)

// settleLimit is how long the app's last work is given, once it has ended,
// to finish: an edit on its way into the outbox is stored before the
// outbox closes. The requests were cancelled with the app, so they end at
// once.
const settleLimit = 3 * time.Second

// settle waits until no task of the app runs, at most limit.
func settle(tasks *common.Tasks, limit time.Duration) {
	for deadline := time.Now().Add(limit); !tasks.Idle() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
}

// sayUnsent tells, once the app has ended, how many of the user's edits
// have not reached the service: they stay in the outbox and go out the next
// time the app opens this service (the demo keeps nothing).
func sayUnsent(c *wiring.Factory, outbox *store.Outbox, service, user string, demo bool) {
	if user == "" {
		return
	}
	pending, err := outbox.Pending(service, user)
	if err != nil {
		fmt.Fprintf(c.Stderr, "triage: the edits not sent yet could not be counted: %s\n", err)
		return
	}
	n, conflicts := len(pending), 0
	for _, e := range pending {
		if e.State == store.StateConflict {
			conflicts++
		}
	}
	if n == 0 {
		return
	}
	what := "1 edit is"
	if n > 1 {
		what = fmt.Sprintf("%d edits are", n)
	}
	if demo {
		fmt.Fprintf(c.Stderr, "%s not sent yet, and the demo keeps nothing: they are dropped.\n", what)
		return
	}
	fmt.Fprintf(c.Stderr, "%s not sent yet: they are kept and will be sent the next time triage opens %s.\n", what, service)
	if conflicts > 0 {
		fmt.Fprintf(c.Stderr, "%d of them wait for you to choose keep mine or take theirs (R on the board).\n", conflicts)
	}
	fmt.Fprintln(c.Stderr, "`triage log` lists them.")
}
