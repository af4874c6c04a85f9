package wiring

import (
	"time"

	"triage/api"
	"triage/ui/i18n"
)

// WaitText says a wait for the rate limit as a person reads it, in the
// language in use: "the service asks to wait 45s (rate limit)".
func WaitText(w api.Wait) string {
	secs := (w.For + time.Second - 1) / time.Second * time.Second
	if w.Reason == api.WaitService {
		return i18n.Tf("the service asks to wait %s (rate limit)", secs)
	}
	return i18n.Tf("the rate limit's budget is spent, next request in %s", secs)
}
