package open

import (
	"triage/api"
	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/common"
)

// seenKeeper keeps what the user last looked at in each kind of each
// workspace ("since you last looked") under the profile's state
// directory, per service and user.
type seenKeeper struct {
	dir, service string
}

// keepSeen gives the app the keeper of its profile; without a service key
// the marks are not kept across runs.
func keepSeen(ctx *common.Context, s *wiring.Setup) {
	service, err := store.ServiceKey(s.Config.BaseURL)
	if err != nil {
		return
	}
	ctx.Seen = seenKeeper{dir: s.Paths.StateDir, service: service}
}

func (k seenKeeper) LastLooked(user string, ws int64, kind api.Kind) (store.Seen, bool, error) {
	return store.LoadSeen(k.dir, k.service, user, ws, kind)
}

func (k seenKeeper) KeepLooked(user string, ws int64, kind api.Kind, s store.Seen) error {
	if err := store.SaveSeen(k.dir, k.service, user, ws, kind, s); err != nil {
		return api.Errorf("what you last looked at could not be kept for the next start: %w", err)
	}
	return nil
}
