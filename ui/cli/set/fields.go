package set

import (
	"context"
	"slices"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/i18n"
)

// The status, owner, iteration, severity and comment changes of `triage
// set`: each value is checked against what the workspace offers (its field
// information, workflow, members and iterations) before anything is sent,
// and each field is written only if it still has the value read just
// before. A comment is appended after the item's other changes.

// setReference is what a run read about a workspace to check values, read
// once per workspace and kind.
type setReference struct {
	moves      map[workflowKey][]api.Transition
	members    map[int64][]api.Member
	iterations map[int64][]api.Iteration
}

// workflowKey names the workflow of a kind in a workspace, and of a story
// type (workitem_type_id; "": the default workflow).
type workflowKey struct {
	ws     int64
	kind   api.Kind
	typeID string
}

// fieldPlans are the plans of the field changes and the comment of one
// item, in the order they are sent; a refused value is a result instead.
func (r *setRun) fieldPlans(ctx context.Context, base setPlan) ([]setPlan, []Result, error) {
	plans, refused, transition, err := r.customPlans(ctx, base)
	if err != nil {
		return nil, nil, err
	}
	given := r.flags.fields
	r.flags.fields = transition // the other --field values go with the status move of this item
	defer func() { r.flags.fields = given }()
	add := func(p setPlan, why itemref.Reason) {
		if !why.None() {
			refused = append(refused, p.refused(why))
			return
		}
		plans = append(plans, p)
	}
	if r.flags.status.set {
		p, reason, err := r.statusPlan(ctx, base)
		if err != nil {
			return nil, nil, err
		}
		add(p, reason)
	}
	if r.flags.owner.set {
		p, reason, err := r.ownerPlan(ctx, base)
		if err != nil {
			return nil, nil, err
		}
		add(p, reason)
	}
	if r.flags.iteration.set {
		p, reason, err := r.iterationPlan(ctx, base)
		if err != nil {
			return nil, nil, err
		}
		add(p, reason)
	}
	if r.flags.severity.set {
		add(r.severityPlan(base))
	}
	if r.flags.comment.set {
		p := base
		p.op, p.to = store.OpComment, strings.TrimSpace(r.flags.comment.value)
		plans = append(plans, p)
	}
	return plans, refused, nil
}

// statusPlan checks --status: a status code or name of the kind, reachable
// from the item's status along the workflow in one step.
func (r *setRun) statusPlan(ctx context.Context, p setPlan) (setPlan, itemref.Reason, error) {
	p.op, p.now, p.seen = store.OpStatus, p.item.Status, p.item.Status
	opts := p.names.Fields["status"].Options.Pairs
	to, ok := pairValue(opts, r.flags.status.value)
	if !ok {
		return p, itemref.Because("%q is not a status of %s here; choose %s", r.flags.status.value, kindWords(p.item.Kind), pairList(opts)), nil
	}
	p.to = to
	if to == p.now {
		return p, itemref.Reason{}, nil
	}
	p.fields = r.flags.fields.values
	typeID, _ := p.item.Get("workitem_type_id") // a story's type, whose workflow it follows
	if typeID == "0" {
		typeID = ""
	}
	moves, err := r.movesOf(ctx, workflowKey{p.ws, p.item.Kind, typeID})
	if err != nil || len(moves) == 0 {
		return p, itemref.Reason{}, err
	}
	label := func(code string) string { return p.names.Fields.OptionLabel("status", code) }
	var allowed []string
	for _, t := range moves {
		if t.From != p.now || t.To == p.now {
			continue
		}
		if t.To == to {
			fields, reason := r.transitionFields(p, t, label)
			p.fields = fields
			return p, reason, nil
		}
		allowed = append(allowed, label(t.To))
	}
	move := api.CannotMove(label(p.now), label(to), allowed)
	return p, itemref.Reason{English: move.String(), Shown: move.In(i18n.T)}, nil
}

// ownerPlan checks --owner: nicks (or names) of the workspace's members,
// written as TAPD's "a;b;" list; none clears it.
func (r *setRun) ownerPlan(ctx context.Context, p setPlan) (setPlan, itemref.Reason, error) {
	p.op, p.now, p.seen = store.OpOwner, p.item.Owner, p.item.Owner
	members, err := r.membersOf(ctx, p.ws)
	if err != nil {
		return p, itemref.Reason{}, err
	}
	value := strings.TrimSpace(r.flags.owner.value)
	if strings.EqualFold(value, itemref.NoPriority) {
		value = ""
	}
	var nicks []string
	for _, want := range store.Owners(value) {
		i := slices.IndexFunc(members, func(m api.Member) bool {
			return strings.EqualFold(m.Nick, want) || m.Name != "" && strings.EqualFold(m.Name, want)
		})
		if i < 0 {
			names := make([]string, len(members))
			for j, m := range members {
				names[j] = m.Nick
			}
			return p, itemref.Because("%q is not a member of the workspace; choose among %s", want, strings.Join(names, ", ")), nil
		}
		nicks = append(nicks, members[i].Nick)
	}
	p.to = store.JoinOwners(nicks)
	return p, itemref.Reason{}, nil
}

// iterationPlan checks --iteration: an iteration id or name of the
// workspace, or none to unplan.
func (r *setRun) iterationPlan(ctx context.Context, p setPlan) (setPlan, itemref.Reason, error) {
	p.op = store.OpIteration
	p.now = store.NoIteration(p.item.IterationID)
	p.seen = p.now
	iterations, err := r.iterationsOf(ctx, p.ws)
	if err != nil {
		return p, itemref.Reason{}, err
	}
	p.iterations = iterations
	value := strings.TrimSpace(r.flags.iteration.value)
	if value == "" || strings.EqualFold(value, itemref.NoPriority) || value == "0" {
		return p, itemref.Reason{}, nil
	}
	names := make([]string, 0, len(iterations)+1)
	for _, it := range iterations {
		if it.ID == value || strings.EqualFold(it.Name, value) {
			p.to = it.ID
			return p, itemref.Reason{}, nil
		}
		names = append(names, it.Name)
	}
	return p, itemref.Because("%q is not an iteration of the workspace; choose %s", value, strings.Join(append(names, itemref.NoPriority), ", ")), nil
}

// severityPlan checks --severity against the severities of bugs.
func (r *setRun) severityPlan(p setPlan) (setPlan, itemref.Reason) {
	p.op, p.now, p.seen = store.OpSeverity, p.item.Severity, p.item.Severity
	if p.item.Kind != api.Bug {
		return p, itemref.Because("only bugs have a severity")
	}
	opts := p.names.Fields["severity"].Options.Pairs
	to, ok := pairValue(opts, r.flags.severity.value)
	if !ok {
		return p, itemref.Because("%q is not a severity of bugs here; choose %s", r.flags.severity.value, pairList(opts))
	}
	p.to = to
	return p, itemref.Reason{}
}

// kindWords is a kind's items as a reason names them: "stories", 需求.
func kindWords(k api.Kind) itemref.Reason {
	switch k {
	case api.Bug:
		return itemref.Because("bugs")
	case api.Task:
		return itemref.Because("tasks")
	}
	return itemref.Because("stories")
}

// pairValue is the option a value names, by value or label in any case;
// without options any non-empty value goes, as the service then decides.
func pairValue(opts []api.Option, s string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", false
	}
	if len(opts) == 0 {
		return s, true
	}
	for _, o := range opts {
		if strings.EqualFold(o.Value, s) || strings.EqualFold(o.Label, s) {
			return o.Value, true
		}
	}
	return "", false
}

// pairList names the options for a message.
func pairList(opts []api.Option) string {
	labels := make([]string, 0, len(opts))
	for _, o := range opts {
		labels = append(labels, o.Label)
	}
	return strings.Join(labels, ", ")
}

// movesOf reads the workflow of a kind (a story type's) in a workspace once.
func (r *setRun) movesOf(ctx context.Context, key workflowKey) ([]api.Transition, error) {
	if m, ok := r.ref.moves[key]; ok {
		return m, nil
	}
	m, err := r.t.Client.TypeTransitions(ctx, key.ws, key.kind, key.typeID)
	if err == nil {
		r.ref.moves[key] = m
	}
	return m, err
}

// membersOf reads the members of a workspace once.
func (r *setRun) membersOf(ctx context.Context, ws int64) ([]api.Member, error) {
	if m, ok := r.ref.members[ws]; ok {
		return m, nil
	}
	m, err := r.t.Client.Members(ctx, ws)
	if err == nil {
		r.ref.members[ws] = m
	}
	return m, err
}

// iterationsOf reads the iterations of a workspace once.
func (r *setRun) iterationsOf(ctx context.Context, ws int64) ([]api.Iteration, error) {
	if m, ok := r.ref.iterations[ws]; ok {
		return m, nil
	}
	m, err := r.t.Client.Iterations(ctx, ws)
	if err == nil {
		r.ref.iterations[ws] = m
	}
	return m, err
}
