package open

import (
	"fmt"
	"time"
	"triage/api"

	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/common"
	"triage/ui/i18n"
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
		fmt.Fprintln(c.Stderr, i18n.Tf("triage: the edits not sent yet could not be counted: %s", api.ErrorIn(err, i18n.T)))
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
	fmt.Fprint(c.Stderr, unsentWords(n, conflicts, service, demo))
	if demo {
		return
	}
	if n == 1 {
		fmt.Fprintln(c.Stderr, i18n.T("`triage log` lists it."))
		return
	}
	fmt.Fprintln(c.Stderr, i18n.T("`triage log` lists them."))
}

// unsentWords says how many edits are not sent yet and what becomes of them,
// one edit as one: "1 edit is not sent yet: it is kept …".
func unsentWords(n, conflicts int, service string, demo bool) string {
	var out string
	switch {
	case demo && n == 1:
		return i18n.T("1 edit is not sent yet, and the demo keeps nothing: it is dropped.") + "\n"
	case demo:
		return i18n.Tf("%d edits are not sent yet, and the demo keeps nothing: they are dropped.", n) + "\n"
	case n == 1:
		out = i18n.Tf("1 edit is not sent yet: it is kept and will be sent the next time triage opens %s.", service) + "\n"
	default:
		out = i18n.Tf("%d edits are not sent yet: they are kept and will be sent the next time triage opens %s.", n, service) + "\n"
	}
	switch {
	case conflicts == 1 && n == 1:
		out += i18n.T("It waits for you to choose keep mine or take theirs (R on the board).") + "\n"
	case conflicts == 1:
		out += i18n.T("1 of them waits for you to choose keep mine or take theirs (R on the board).") + "\n"
	case conflicts > 1:
		out += i18n.Tf("%d of them wait for you to choose keep mine or take theirs (R on the board).", conflicts) + "\n"
	}
	return out
}
