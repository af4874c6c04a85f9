package open

import (
	"log/slog"

	"triage/store"
	"triage/ui"
	"triage/ui/cli/wiring"
)

// rememberViews lets the app show each workspace as it was last shown: the
// saved view, kind, filter, mode, sort and focused item, kept per service
// under the profile's state directory.
func rememberViews(o *ui.Options, s *wiring.Setup, log *slog.Logger) {
	service, err := store.ServiceKey(s.Config.BaseURL)
	if err != nil {
		return
	}
	dir := s.Paths.StateDir
	o.ViewState = func(ws int64) (store.ViewState, bool) { return store.LoadViewState(dir, service, ws) }
	o.SaveViewState = func(ws int64, st store.ViewState) {
		if err := store.SaveViewState(dir, service, ws, st); err != nil {
			log.Warn("the board's view could not be kept for the next start", "error", err.Error())
		}
	}
}
