package fieldflow

import (
	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
)

// Flow walks the choice of one field's value over a picker, step by step:
// a status, then each field its transition requires (StatusFlow); owners,
// each enter adding or removing one until "done" (OwnerFlow); or one value
// (ValueFlow). The view that opened it gives it each answer (Choose) and
// acts on the value once the flow is done; it keeps which items the value
// goes to.
type Flow struct {
	ctx   *common.Context
	Model *picker.Model // the picker of the step shown
	step  flowStep

	// StatusFlow: the status chosen, the fields still to ask, those answered.
	to      string
	need    []string
	extra   map[string]string
	require func(to string) []string
	ask     func(to, name string) (string, []picker.Item)

	// OwnerFlow: the members offered and the owners chosen so far.
	title   string
	members []api.Member
	owners  []string
}

// flowStep is what the picker shown asks.
type flowStep int

const (
	stepValue    flowStep = iota // one value: the flow's answer
	stepStatus                   // the status
	stepRequired                 // a field the transition to the status requires
	stepOwners                   // an owner to add or remove, or done
)

// ValueFlow asks for one value among items.
func ValueFlow(ctx *common.Context, title string, items []picker.Item) *Flow {
	return &Flow{ctx: ctx, Model: picker.New(ctx, title, items), step: stepValue}
}

// StatusFlow asks for a status among targets, then for each field require
// says the move to it needs, with the title and choices ask gives.
func StatusFlow(ctx *common.Context, title string, targets []StatusTarget,
	require func(to string) []string, ask func(to, name string) (string, []picker.Item)) *Flow {
	return &Flow{ctx: ctx, Model: picker.New(ctx, title, StatusChoices(targets)), step: stepStatus, require: require, ask: ask}
}

// OwnerFlow asks for owners among members, starting from chosen.
func OwnerFlow(ctx *common.Context, title string, members []api.Member, chosen []string) *Flow {
	return &Flow{ctx: ctx, Model: picker.New(ctx, title, OwnerChoices(members, chosen)), step: stepOwners,
		title: title, members: members, owners: chosen}
}

// Choose takes the answer to the step shown. Once the flow is done, it
// returns the value (owners as TAPD's "a;b;" list) and the fields the
// status's transition requires, with done true; else Model is the next
// step's picker.
func (f *Flow) Choose(value string) (to string, extra map[string]string, done bool) {
	switch f.step {
	case stepStatus:
		f.to, f.extra, f.need = value, map[string]string{}, f.require(value)
		return f.next()
	case stepRequired:
		f.extra[f.need[0]] = value
		f.need = f.need[1:]
		return f.next()
	case stepOwners:
		if value == DoneValue {
			return store.JoinOwners(f.owners), nil, true
		}
		f.owners = Toggle(f.owners, value)
		f.Model = picker.New(f.ctx, f.title, OwnerChoices(f.members, f.owners))
		f.Model.MoveTo(value)
		return "", nil, false
	}
	return value, nil, true
}

// next asks for the next required field, or ends the status flow.
func (f *Flow) next() (string, map[string]string, bool) {
	if len(f.need) == 0 {
		return f.to, f.extra, true
	}
	title, items := f.ask(f.to, f.need[0])
	f.Model, f.step = picker.New(f.ctx, title, items), stepRequired
	return "", nil, false
}
