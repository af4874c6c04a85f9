package engine

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/i18n"
)

// Story types: where a workspace has several (workitem_type_id), each has a
// workflow of its own. The engine reads the list of types once, when a
// story carries one, and the steps and status names of each type once, when
// a story of that type is moved; a story whose type's steps are not known
// follows the default workflow.

// NextStepsOf are the steps item it may take from its status, along the
// workflow of its story type (workitem_type_id) when that was read, else
// along the kind's default workflow.
func (g *Engine) NextStepsOf(k api.Kind, it api.Item, order []string) ([]api.Transition, bool) {
	if tid := TypeOf(it); tid != "" {
		if next, known := g.stepsFrom(k, tid, it.Status, order); known {
			return next, true
		}
	}
	return g.NextSteps(k, it.Status, order)
}

// TypeStepsPending says whether a move of items must wait for the steps of
// their story types: the workspace lists several types and one of the
// items' has not been read. The command reads them. Until the list of
// types is read (MovesOf), a move is checked against the default workflow.
func (g *Engine) TypeStepsPending(k api.Kind, items ...api.Item) (bool, tea.Cmd) {
	if !g.ref.typesListed || len(g.ref.storyTypes) <= 1 {
		return false, nil
	}
	known, cmd := g.MovesOf(k, items...)
	return !known, cmd
}

// typeUnread reports whether item it is a story of one of the workspace's
// several types (listed, or seen in the steps kept from an earlier
// session) whose steps are not known: the default workflow is not its own.
func (g *Engine) typeUnread(k api.Kind, it api.Item) bool {
	tid := TypeOf(it)
	several := len(g.ref.storyTypes) > 1 || slices.ContainsFunc(g.ref.moves[k], func(t api.Transition) bool { return t.TypeID != "" })
	if tid == "" || !several {
		return false
	}
	_, known := g.stepsFrom(k, tid, it.Status, nil)
	return !known
}

// TypeOf is the story type of an item (workitem_type_id), "" for none.
func TypeOf(it api.Item) string {
	if v, _ := it.Get("workitem_type_id"); v != "0" {
		return v
	}
	return ""
}

// MovesOf says whether the workflows items follow are known: the kind's
// default one and, where the workspace has several story types, each of
// theirs, read once each (the list of types is read once, when a story
// carries one). While they are read, known is false and the command reads
// them; a ReferenceReadMsg follows each read.
func (g *Engine) MovesOf(k api.Kind, items ...api.Item) (known bool, cmd tea.Cmd) {
	if _, known, cmd := g.Moves(k); !known {
		return false, cmd
	}
	tr, ok := g.ctx.Service.(typeTransitionReader)
	typed := slices.ContainsFunc(items, func(it api.Item) bool { return TypeOf(it) != "" })
	switch {
	case !ok || !typed:
		return true, nil
	case !g.ref.typesListed && g.ref.typesAsked:
		return false, nil
	case !g.ref.typesListed:
		g.ref.typesAsked = true
		task := i18n.T("reading the story types")
		ctx, ws := g.request(task), g.ws
		return false, g.ctx.Tasks.Run(task, func() tea.Msg {
			types, err := tr.StoryTypes(ctx, ws)
			return referenceMsg{ws: ws, what: "types", types: types, err: err}
		})
	case len(g.ref.storyTypes) <= 1:
		return true, nil // one type: its workflow is the default one
	}
	if g.ref.typesRead[k] == nil {
		g.ref.typesRead[k] = map[string]bool{}
	}
	var cmds []tea.Cmd
	for _, it := range items {
		tid := TypeOf(it)
		if _, asked := g.ref.typesRead[k][tid]; tid == "" || asked {
			continue
		}
		g.ref.typesRead[k][tid] = false // asked: read once the answer is in
		task := i18n.Tf("reading the workflow of %s of type %s", kindWord(k), tid)
		ctx, ws := g.request(task), g.ws
		cmds = append(cmds, g.ctx.Tasks.Run(task, func() tea.Msg {
			moves, err := tr.TypeTransitions(ctx, ws, k, tid)
			if err != nil {
				return referenceMsg{ws: ws, what: "moves", kind: k, typeID: tid, err: err}
			}
			// Without the names, a status the field information does not
			// name shows its code: the steps are what matters.
			names, _ := tr.StatusMap(ctx, ws, k, tid)
			return referenceMsg{ws: ws, what: "moves", kind: k, typeID: tid, moves: moves, names: names}
		}))
	}
	if len(cmds) > 0 {
		return false, tea.Batch(cmds...)
	}
	for _, it := range items {
		if tid := TypeOf(it); tid != "" && !g.ref.typesRead[k][tid] {
			return false, nil
		}
	}
	return true, nil
}
