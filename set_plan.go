package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"triage/api"
	"triage/store"
)

// setPlan is one change `triage set` means to make: an item as read, the
// field, the value the caller saw and the new one.
type setPlan struct {
	ref   itemRef
	ws    int64
	item  api.Item
	op    store.EditOp
	seen  string // the value the write is conditional on
	now   string // the value read just before ("" offline)
	to    string
	names workspaceNames
}

// plan reads every item and the field information of its kind, checks the
// new values, and returns a plan per change. A refused value is a result,
// not a plan, and the item's other changes are then not sent either. A
// network error stops it: the caller tells the service is unreachable.
func (r *setRun) plan(ctx context.Context, refs []itemRef) ([]setPlan, error) {
	var plans []setPlan
	for _, ref := range refs {
		ws := ref.workspace
		if ws == 0 {
			var err error
			if ws, err = r.t.workspace(); err != nil {
				return nil, err
			}
		}
		it, ws, err := ref.resolve(ctx, r.t.client, ws)
		var ae *api.Error
		switch {
		case errors.As(err, &ae):
			return nil, err
		case err != nil:
			r.results = append(r.results, setResult{Item: ref.text, Result: resultNotFound, Reason: err.Error()})
			continue
		}
		names, err := r.namesOf(ctx, ws, it.Kind)
		if err != nil {
			return nil, err
		}
		if r.user == "" {
			if r.user, err = r.editor(ctx); err != nil {
				return nil, err
			}
		}
		base := setPlan{ref: ref, ws: ws, item: it, names: names}
		var mine []setPlan
		var refused []setResult
		if r.flags.priority.set {
			p, res, ok := r.priorityPlan(base)
			if !ok {
				refused = append(refused, res)
			} else {
				mine = append(mine, p)
			}
		}
		if r.flags.title.set {
			p := base
			p.op, p.now, p.seen, p.to = store.OpTitle, it.Title, it.Title, strings.TrimSpace(r.flags.title.value)
			mine = append(mine, p)
		}
		more, refusedMore, err := r.fieldPlans(ctx, base)
		if err != nil {
			return nil, err
		}
		mine, refused = append(mine, more...), append(refused, refusedMore...)
		r.results = append(r.results, refused...)
		if len(refused) > 0 {
			for _, p := range mine {
				r.results = append(r.results, p.refused("not sent, as another change of this item was refused"))
			}
			continue
		}
		plans = append(plans, mine...)
	}
	return plans, nil
}

// priorityPlan checks --priority (and --if-priority) against the kind's
// options; a value they do not have is refused before anything is sent.
func (r *setRun) priorityPlan(p setPlan) (setPlan, setResult, bool) {
	p.op, p.now = store.OpPriority, p.item.DisplayPriority()
	to, ok := optionValue(p.names.opts, r.flags.priority.value)
	if !ok {
		return p, p.refused(fmt.Sprintf("%q is not a priority of %s here; choose %s", r.flags.priority.value, p.item.Kind.Path(), optionList(p.names.opts))), false
	}
	p.to, p.seen = to, p.now
	if r.flags.ifPriority.set {
		seen, ok := optionValue(p.names.opts, r.flags.ifPriority.value)
		if !ok {
			return p, p.refused(fmt.Sprintf("--if-priority %q is not a priority of %s here; choose %s", r.flags.ifPriority.value, p.item.Kind.Path(), optionList(p.names.opts))), false
		}
		p.seen = seen
	}
	return p, setResult{}, true
}

// namesOf reads the field names of a kind once.
func (r *setRun) namesOf(ctx context.Context, ws int64, kind api.Kind) (workspaceNames, error) {
	if n, ok := r.names[kind]; ok {
		return n, nil
	}
	n, err := r.t.names(ctx, ws, kind)
	if err == nil {
		r.names[kind] = n
	}
	return n, err
}

// editor is who the edits are by, as the app names them: the nick, or the
// API account, which has none.
func (r *setRun) editor(ctx context.Context) (string, error) {
	if r.t.sess.APIUser != "" && r.t.sess.Nick == "" {
		return r.t.sess.APIUser, nil
	}
	return r.t.me(ctx)
}

// optionValue is the option a priority names, by value or label in any
// case; "none" (or "") is no priority. Without options any value goes, as
// the service then decides.
func optionValue(opts []api.PriorityOption, s string) (string, bool) {
	if s = strings.TrimSpace(s); s == "" || strings.EqualFold(s, noPriority) {
		return "", true
	}
	return pairValue(priorityPairs(opts), s)
}

// optionList names the priorities for a message, "none" last.
func optionList(opts []api.PriorityOption) string {
	if len(opts) == 0 {
		return noPriority
	}
	return pairList(priorityPairs(opts)) + ", " + noPriority
}

// priorityPairs is the priorities as plain options, to be matched and named
// as any other field's.
func priorityPairs(opts []api.PriorityOption) []api.Option {
	pairs := make([]api.Option, len(opts))
	for i, o := range opts {
		pairs[i] = api.Option{Value: o.Value, Label: o.Label}
	}
	return pairs
}

// edit is the outbox edit of the plan, as the app makes one.
func (p setPlan) edit(service, session, user string) store.Edit {
	e := store.Edit{Session: session, Service: service, User: user, WorkspaceID: p.ws, Kind: p.item.Kind,
		Op: p.op, ItemID: p.item.ID, ItemTitle: p.item.Title, From: p.seen, To: p.to}
	if p.op.ChangesField() && p.seen == p.now {
		e.SeenModified = p.item.Modified
	}
	if p.op == store.OpPriority {
		e.SeenPriority = p.seen
	}
	return e
}

// unreachable ends a run whose service could not be reached: nothing is
// kept, or with --queue each change waits in the outbox, conditional on the
// value the caller stated.
func (r *setRun) unreachable(ctx context.Context, refs []itemRef, cause error) error {
	fmt.Fprintf(r.cli.stderr, "triage: the service could not be reached: %s\n", cause)
	if !r.flags.queue || r.flags.dryRun {
		if !r.flags.dryRun {
			fmt.Fprintln(r.cli.stderr, "Nothing was changed or kept; --queue keeps the edits to send when triage next opens this profile.")
		}
		return errNotChecked
	}
	queued, err := r.queueOffline(refs)
	if err != nil {
		return err
	}
	r.results = append(r.results, queued...)
	return r.report()
}

// queueOffline keeps the changes in the outbox without reading the items:
// the caller must state what they saw (--if-priority), the kind must be
// known (--kind, the address, or the full id), and a title, which needs
// the current one, cannot be changed.
func (r *setRun) queueOffline(refs []itemRef) ([]setResult, error) {
	cfg := r.t.setup.cfg
	user := r.t.sess.Nick
	if user == "" {
		user = r.t.sess.APIUser
	}
	switch {
	case r.flags.title.set || r.flags.status.set || r.flags.owner.set || r.flags.iteration.set || r.flags.severity.set || r.flags.comment.set:
		return nil, fmt.Errorf("%w: --queue: only a --priority change can be kept without the service; the others read the item and the workspace first, and the service cannot be reached", errUsage)
	case !r.flags.ifPriority.set:
		return nil, fmt.Errorf("%w: --queue: the current priorities cannot be read; state the one you saw with --if-priority, so that no other change is overwritten", errUsage)
	case user == "":
		return nil, errors.New("--queue: whose edits these are is unknown while the service cannot be reached (a token from the environment does not say): log in with triage login, which remembers it, or retry when the service answers")
	}
	outbox, err := openOutbox(r.t.setup.paths)
	if err != nil {
		return nil, err
	}
	defer outbox.Close()
	service, _ := store.ServiceKey(cfg.BaseURL)
	var out []setResult
	for _, ref := range refs {
		p, res, ok := r.offlinePlan(ref, service)
		if ok {
			e, err := outbox.Add(p.edit(cfg.BaseURL, store.NewSessionID(time.Now()), user))
			if err != nil {
				return out, err
			}
			res = p.result(resultQueued, fmt.Sprintf("kept in the outbox (edit %d), sent when triage next opens this profile", e.Seq))
		}
		out = append(out, res)
	}
	return out, nil
}

// offlinePlan is the plan of one item without reading it.
func (r *setRun) offlinePlan(ref itemRef, service string) (setPlan, setResult, bool) {
	ws := ref.workspace
	if ws == 0 {
		ws = r.t.ws
	}
	kind, ok := ref.offlineKind()
	if ws == 0 || !ok {
		return setPlan{}, setResult{Item: ref.text, Result: resultRefused,
			Reason: "its kind and workspace are unknown without the service: pass --kind and --workspace, or the item's web address"}, false
	}
	p := setPlan{ref: ref, ws: ws, item: api.Item{Kind: kind, ID: ref.ids(ws)[0]}, op: store.OpPriority}
	opts, _, _ := store.SavedOptions(r.t.setup.paths.CacheDir, service, kind)
	p.names = workspaceNames{kind: kind, opts: opts}
	to, ok1 := optionValue(opts, r.flags.priority.value)
	seen, ok2 := optionValue(opts, r.flags.ifPriority.value)
	if !ok1 || !ok2 {
		return p, p.refused(fmt.Sprintf("not a priority of %s last read from this service; choose %s", kind.Path(), optionList(opts))), false
	}
	p.to, p.seen = to, seen
	return p, setResult{}, true
}
