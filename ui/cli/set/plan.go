package set

import (
	"context"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/i18n"
)

// setPlan is one change `triage set` means to make: an item as read, the
// field, the value the caller saw and the new one.
type setPlan struct {
	ref   itemref.Ref
	ws    int64
	item  api.Item
	op    store.EditOp
	seen  string // the value the write is conditional on
	now   string // the value read just before ("" offline)
	to    string
	names itemref.Names
	// fields are the fields the status move asks for (--field).
	fields map[string]string
	// iterations are the workspace's, to name an iteration change.
	iterations []api.Iteration
	// custom is the custom field the plan changes (custom.go).
	custom *api.CustomField
}

// plan reads every item and the field information of its kind, checks the
// new values, and returns a plan per change. A refused value is a result,
// not a plan, and the item's other changes are then not sent either. A
// name several items answer to stops it (a usage error), and so does a
// failure of the service: the caller tells whether it may pass.
func (r *setRun) plan(ctx context.Context, refs []itemref.Ref) ([]setPlan, error) {
	for _, ref := range refs {
		if _, err := r.t.Workspace(); ref.Workspace == 0 && err != nil {
			return nil, err
		}
	}
	found, err := itemref.LookupItems(ctx, r.t.Client, refs, r.t.WS)
	if err != nil {
		return nil, err
	}
	var plans []setPlan
	for i, ref := range refs {
		it, ws := found[i].Item, found[i].WS
		if found[i].NotFound != nil {
			r.results = append(r.results, Result{Item: ref.Text, Result: ResultNotFound, Reason: found[i].NotFound.Error(), reasonShown: api.ErrorIn(found[i].NotFound, i18n.T)})
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
		mine, refused, err := r.planItem(ctx, base)
		if err == nil && len(refused) > 0 && r.kept[it.Kind] {
			// The kept field information may be a day old: the service's decides.
			if base.names, err = r.readNames(ctx, ws, it.Kind); err == nil {
				mine, refused, err = r.planItem(ctx, base)
			}
		}
		if err != nil {
			return nil, err
		}
		r.results = append(r.results, refused...)
		if len(refused) > 0 {
			for _, p := range mine {
				r.results = append(r.results, p.refused(itemref.Because("not sent, as another change of this item was refused")))
			}
			continue
		}
		plans = append(plans, mine...)
	}
	return plans, nil
}

// planItem checks the changes of one item: a plan per change, or why one
// is refused.
func (r *setRun) planItem(ctx context.Context, base setPlan) (mine []setPlan, refused []Result, err error) {
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
		p.op, p.now, p.seen, p.to = store.OpTitle, base.item.Title, base.item.Title, strings.TrimSpace(r.flags.title.value)
		mine = append(mine, p)
	}
	more, refusedMore, err := r.fieldPlans(ctx, base)
	if err != nil {
		return nil, nil, err
	}
	return append(mine, more...), append(refused, refusedMore...), nil
}

// priorityPlan checks --priority (and --if-priority) against the kind's
// options; a value they do not have is refused before anything is sent.
func (r *setRun) priorityPlan(p setPlan) (setPlan, Result, bool) {
	p.op, p.now = store.OpPriority, p.item.DisplayPriority()
	to, ok := optionValue(p.names.Priorities, r.flags.priority.value)
	if !ok {
		return p, p.refused(itemref.Because("%q is not a priority of %s here; choose %s", r.flags.priority.value, kindWords(p.item.Kind), optionList(p.names.Priorities))), false
	}
	p.to, p.seen = to, p.now
	if r.flags.ifPriority.set {
		seen, ok := optionValue(p.names.Priorities, r.flags.ifPriority.value)
		if !ok {
			return p, p.refused(itemref.Because("--if-priority %q is not a priority of %s here; choose %s", r.flags.ifPriority.value, kindWords(p.item.Kind), optionList(p.names.Priorities))), false
		}
		p.seen = seen
	}
	return p, Result{}, true
}

// namesOf reads the field names of a kind once, from the field
// information kept within the day when there is some (fieldinfo.go).
func (r *setRun) namesOf(ctx context.Context, ws int64, kind api.Kind) (itemref.Names, error) {
	if n, ok := r.names[kind]; ok {
		return n, nil
	}
	if n, ok := keptNames(r.t, ws, kind); ok {
		r.names[kind], r.kept[kind] = n, true
		return n, nil
	}
	return r.readNames(ctx, ws, kind)
}

// readNames reads the field names of a kind from the service, and keeps
// them for the next command.
func (r *setRun) readNames(ctx context.Context, ws int64, kind api.Kind) (itemref.Names, error) {
	n, err := readAndKeepNames(ctx, r.t, ws, kind)
	if err == nil {
		r.names[kind], r.kept[kind] = n, false
	}
	return n, err
}

// editor is who the edits are by, as the app names them: the nick, or the
// API account, which has none.
func (r *setRun) editor(ctx context.Context) (string, error) {
	if r.t.Session.APIUser != "" && r.t.Session.Nick == "" {
		return r.t.Session.APIUser, nil
	}
	return r.t.Me(ctx)
}

// optionValue is the option a priority names, by value or label in any
// case; "none" (or "") is no priority. Without options any value goes, as
// the service then decides.
func optionValue(opts []api.PriorityOption, s string) (string, bool) {
	if s = strings.TrimSpace(s); s == "" || strings.EqualFold(s, itemref.NoPriority) {
		return "", true
	}
	return pairValue(priorityPairs(opts), s)
}

// optionList names the priorities for a message, "none" last.
func optionList(opts []api.PriorityOption) string {
	if len(opts) == 0 {
		return itemref.NoPriority
	}
	return pairList(priorityPairs(opts)) + ", " + itemref.NoPriority
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
	if p.op == store.OpStatus {
		e.Fields = p.fields
	}
	return e
}
