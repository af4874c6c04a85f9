package set

import (
	"context"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
)

// keptNames are the field names of a kind from the field information the
// board beside it, or an earlier command, read within the day
// (store.SharedFieldInfo): no request. A change they refuse is checked
// again with the service's (plan).
func keptNames(t *wiring.Target, ws int64, kind api.Kind) (itemref.Names, bool) {
	service, err := store.ServiceKey(t.Setup.Config.BaseURL)
	if err != nil {
		return itemref.Names{}, false
	}
	fi, ok := store.SharedFieldInfo(t.Setup.Paths.CacheDir, service, ws, kind, time.Now())
	if !ok {
		return itemref.Names{}, false
	}
	return itemref.Names{Kind: kind, Fields: fi, Priorities: fi.PriorityOptions()}, true
}

// readAndKeepNames reads the field names of a kind from the service, and
// shares its field information with the next command and the board.
func readAndKeepNames(ctx context.Context, t *wiring.Target, ws int64, kind api.Kind) (itemref.Names, error) {
	n, err := itemref.ReadNames(ctx, t, ws, kind)
	if err != nil {
		return n, err
	}
	if service, keyErr := store.ServiceKey(t.Setup.Config.BaseURL); keyErr == nil {
		_ = store.ShareFieldInfo(t.Setup.Paths.CacheDir, service, ws, kind, n.Fields, time.Now())
	}
	return n, nil
}
