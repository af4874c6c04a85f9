package set

import (
	"context"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
)

// fieldNames are the field names of a kind: from the field information the
// board beside it, or an earlier command, read within the day
// (store.SharedFieldInfo), which costs no request; else read from the
// service, and shared for the next command.
func fieldNames(ctx context.Context, t *wiring.Target, ws int64, kind api.Kind) (itemref.Names, error) {
	service, keyErr := store.ServiceKey(t.Setup.Config.BaseURL)
	dir := t.Setup.Paths.CacheDir
	if keyErr == nil {
		if fi, ok := store.SharedFieldInfo(dir, service, ws, kind, time.Now()); ok {
			return itemref.Names{Kind: kind, Fields: fi, Priorities: fi.PriorityOptions()}, nil
		}
	}
	n, err := itemref.ReadNames(ctx, t, ws, kind)
	if err == nil && keyErr == nil {
		_ = store.ShareFieldInfo(dir, service, ws, kind, n.Fields, time.Now())
	}
	return n, err
}
