package status

import (
	"time"

	"triage/api"
	"triage/auth"
	"triage/ui/cli/wiring"
	"triage/ui/common"
	"triage/ui/i18n"
)

// budgetReport is the account's rate budget as `triage status` shows it.
type budgetReport struct {
	left  api.BudgetLeft
	local bool      // the service is on this machine
	at    time.Time // when left was read
	err   error     // the budget's file could not be read
}

// readBudget reads the rate budget the account's commands and app share.
func readBudget(s *wiring.Setup, sess auth.Session, now time.Time) *budgetReport {
	r := &budgetReport{local: s.OnThisMachine(), at: now}
	b, err := s.Budget(sess.Account())
	if err != nil {
		r.err = err
		return r
	}
	defer func() { _ = b.Close() }()
	r.left, r.err = b.Left()
	return r
}

// lines are the budget's lines: "Rate limit: 60/min, 12 used in the last
// minute", then any wait: "the service asked to wait until 18:42:10".
func (r *budgetReport) lines() []string {
	if r.err != nil {
		return []string{label("Rate limit:") + i18n.Tf("unknown: %s", r.err.Error())}
	}
	l := r.left
	var head string
	switch {
	case l.Limit > 0:
		head = label("Rate limit:") + i18n.Tf("%s, %d used in the last %s", common.RateText(l.Limit, l.Window), l.Used, windowName(l.Window))
	case r.local:
		head = label("Rate limit:") + i18n.T("none of its own (a service on this machine)")
	default:
		head = label("Rate limit:") + i18n.T("none of its own (rate_limit is off)")
	}
	out := []string{head}
	if l.Wait > 0 {
		until := r.until().Local().Format("15:04:05")
		if l.Reason == api.WaitService {
			out = append(out, label("")+i18n.Tf("the service asked to wait until %s", until))
		} else {
			out = append(out, label("")+i18n.Tf("spent: the next request goes at %s", until))
		}
	}
	return out
}

// until is when the next request may go.
func (r *budgetReport) until() time.Time { return r.at.Add(r.left.Wait).Round(time.Second) }

// windowName names a window after "in the last": "minute", "10 minutes", "30s".
func windowName(window time.Duration) string {
	switch {
	case window == time.Minute:
		return i18n.T("minute")
	case window == time.Hour:
		return i18n.T("hour")
	case window%time.Minute == 0:
		return i18n.Tf("%d minutes", int(window/time.Minute))
	}
	return window.String()
}

// budgetJSON is the budget in `triage status --json`.
type budgetJSON struct {
	Limit         int     `json:"limit"` // requests per window; 0: none of its own
	WindowSeconds float64 `json:"window_seconds"`
	Used          int     `json:"used"` // requests sent in the last window
	OnThisMachine bool    `json:"on_this_machine"`
	WaitSeconds   float64 `json:"wait_seconds"`          // until the next request may go; 0: now
	WaitUntil     string  `json:"wait_until,omitempty"`  // RFC 3339
	WaitReason    string  `json:"wait_reason,omitempty"` // service (it asked) or budget (spent)
	Error         string  `json:"error,omitempty"`
}

// json is the budget for --json.
func (r *budgetReport) json() *budgetJSON {
	l := r.left
	j := &budgetJSON{Limit: l.Limit, WindowSeconds: l.Window.Seconds(), Used: l.Used, OnThisMachine: r.local, WaitSeconds: l.Wait.Seconds()}
	if r.err != nil {
		j.Error = r.err.Error()
	}
	if l.Wait > 0 {
		j.WaitUntil = r.until().UTC().Format(time.RFC3339)
		j.WaitReason = "budget"
		if l.Reason == api.WaitService {
			j.WaitReason = "service"
		}
	}
	return j
}
