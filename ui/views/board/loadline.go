package board

import (
	"time"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// loadingText is what the status line says of a kind's load: how far it
// is and, when the engine can tell, about how long is left at the rate
// budget ("loading stories 4,200/20,000 · about 1m20s left"). While the
// load waits for the rate limit, the status line counts the wait down in
// its place, and the information line's bar still says how long is left.
func loadingText(k api.Kind, l engine.Progress) string {
	text := engine.LoadTask(k)
	if l.Total <= 0 {
		return text
	}
	text += " " + common.Count(l.Loaded) + "/" + common.Count(l.Total)
	if left := leftText(l); left != "" {
		text += " · " + left
	}
	return text
}

// leftText says about how long a load has left ("about 1m20s left"), for
// the status line and the progress bar of the information line; "" when
// not known.
func leftText(l engine.Progress) string {
	if !l.Busy || l.Total <= 0 || l.Left <= 0 {
		return ""
	}
	return i18n.Tf("about %s left", roughly(l.Left))
}

// roughly says a duration to within a few seconds: "45s", "1m20s", "1h05m".
func roughly(d time.Duration) string {
	switch {
	case d < time.Minute:
		return i18n.Tf("%ds", max(int((d+4*time.Second)/(5*time.Second)), 1)*5)
	case d < time.Hour:
		d = (d + 5*time.Second) / (10 * time.Second) * (10 * time.Second)
		if d%time.Minute == 0 {
			return i18n.Tf("%dm", int(d/time.Minute))
		}
		return i18n.Tf("%dm%02ds", int(d/time.Minute), int(d%time.Minute/time.Second))
	}
	return i18n.Tf("%dh%02dm", int(d/time.Hour), int(d%time.Hour/time.Minute))
}
