package set

import (
	"fmt"
	"path/filepath"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// The edits of `triage set` when the service cannot be reached or fails
// for now (what the client retries: refused connections, time-outs, 429,
// 5xx, a gateway's error page): nothing is kept, or with --queue each
// priority change waits in the outbox, conditional on the value the caller
// stated, and is sent once when triage next opens the profile. The kind
// and workspace of an item come from its name (--kind, bug/12, its
// address) or from the board's cache.

// unreachable ends a run whose service did not answer.
func (r *setRun) unreachable(refs []itemref.Ref, cause error) error {
	fmt.Fprintln(r.cli.Stderr, i18n.Tf("triage: no usable answer from the service, so nothing was sent: %s", api.ErrorIn(cause, i18n.T)))
	if !r.flags.queue || r.flags.dryRun {
		if !r.flags.dryRun {
			fmt.Fprintln(r.cli.Stderr, i18n.T("Nothing was changed or kept; --queue keeps the edits to send when triage next opens this profile."))
		}
		return wiring.ErrNotChecked
	}
	queued, err := r.queueOffline(refs)
	if err != nil {
		return err
	}
	r.results = append(r.results, queued...)
	return r.report()
}

// queueOffline keeps the changes in the outbox without reading the items:
// the caller must state what they saw (--if-priority), and a title, which
// needs the current one, cannot be changed.
func (r *setRun) queueOffline(refs []itemref.Ref) ([]Result, error) {
	cfg := r.t.Setup.Config
	user := r.t.Session.Nick
	if user == "" {
		user = r.t.Session.APIUser
	}
	switch {
	case r.flags.title.set || r.flags.status.set || r.flags.owner.set || r.flags.iteration.set || r.flags.severity.set || r.flags.comment.set:
		return nil, api.Errorf("%w: --queue: only a --priority change can be kept without the service; the others read the item and the workspace first, and the service did not answer", wiring.ErrUsage)
	case !r.flags.ifPriority.set:
		return nil, api.Errorf("%w: --queue: the current priorities cannot be read; state the one you saw with --if-priority, so that no other change is overwritten", wiring.ErrUsage)
	case user == "":
		return nil, api.Errorf("--queue: whose edits these are is unknown while the service does not answer (a token from the environment does not say): log in with triage login, which remembers it, or retry when the service answers")
	}
	cached, err := r.cachedItems(refs, user)
	if err != nil {
		return nil, err
	}
	outbox, err := openOutbox(r.t.Setup.Paths)
	if err != nil {
		return nil, err
	}
	defer outbox.Close()
	service, _ := store.ServiceKey(cfg.BaseURL)
	var out []Result
	for _, ref := range refs {
		p, res, ok := r.offlinePlan(ref, service, cached)
		if ok {
			e, err := outbox.Add(p.edit(cfg.BaseURL, store.NewSessionID(time.Now()), user))
			if err != nil {
				return out, err
			}
			res = p.result(ResultQueued, itemref.Because("kept in the outbox (edit %d); it is sent once, when triage next opens this profile and the service answers", e.Seq))
		}
		out = append(out, res)
	}
	return out, nil
}

// cachedItems are the items of the board's cache that names without a
// kind may stand for, in the command's workspace when it has one; none
// when every name says its kind.
func (r *setRun) cachedItems(refs []itemref.Ref, user string) ([]store.CachedItem, error) {
	var open []itemref.Ref
	for _, ref := range refs {
		if _, ok := ref.OfflineKind(); !ok || ref.WorkspaceOr(r.t.WS) == 0 {
			open = append(open, ref)
		}
	}
	if len(open) == 0 {
		return nil, nil
	}
	cache, _ := store.OpenCache(filepath.Join(r.t.Setup.Paths.CacheDir, store.CacheFile))
	defer cache.Close()
	return cache.Find(r.t.Setup.Config.BaseURL, user, func(ws int64, it *api.Item) bool {
		for _, ref := range open {
			if ref.NamesItem(ws, r.t.WS, it) {
				return true
			}
		}
		return false
	})
}

// offlinePlan is the plan of one item without reading it: its kind and
// workspace from its name, else from the one cached item it names.
func (r *setRun) offlinePlan(ref itemref.Ref, service string, cached []store.CachedItem) (setPlan, Result, bool) {
	ws := ref.WorkspaceOr(r.t.WS)
	kind, ok := ref.OfflineKind()
	id := ""
	if ws != 0 {
		id = ref.IDs(ws)[0]
	}
	if !ok || ws == 0 {
		unknownOffline := itemref.Because("its kind and workspace are unknown without the service, and the board's cache does not hold it: pass --kind and --workspace, or the item's web address")
		var mine []store.CachedItem
		for _, c := range cached {
			if ref.NamesItem(c.WorkspaceID, r.t.WS, &c.Item) {
				mine = append(mine, c)
			}
		}
		switch len(mine) {
		case 0:
			return setPlan{}, Result{Item: ref.Text, Result: ResultRefused,
				Reason: unknownOffline.English, reasonShown: unknownOffline.Shown}, false
		case 1:
			ws, kind, id = mine[0].WorkspaceID, mine[0].Item.Kind, mine[0].Item.ID
		default:
			names := make([]string, len(mine))
			for i, c := range mine {
				names[i] = fmt.Sprintf("%s/%s", c.Item.Kind, c.Item.ShortID())
			}
			why := itemref.Because("it names %d items of the board's cache: name one as %s, or pass --kind", len(mine), itemref.OrList(names))
			return setPlan{}, Result{Item: ref.Text, Result: ResultRefused, Reason: why.English, reasonShown: why.Shown}, false
		}
	}
	p := setPlan{ref: ref, ws: ws, item: api.Item{Kind: kind, ID: id}, op: store.OpPriority}
	opts, _, _ := store.SavedOptions(r.t.Setup.Paths.CacheDir, service, kind)
	p.names = itemref.Names{Kind: kind, Priorities: opts}
	to, ok1 := optionValue(opts, r.flags.priority.value)
	seen, ok2 := optionValue(opts, r.flags.ifPriority.value)
	if !ok1 || !ok2 {
		return p, p.refused(itemref.Because("not a priority of %s last read from this service; choose %s", kindWords(kind), optionList(opts))), false
	}
	p.to, p.seen = to, seen
	return p, Result{}, true
}
