package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/i18n"
)

// What the field pickers offer, read once per workspace and kept for the
// session and, for a day, in the cache (kept.go): the steps of each kind's workflow, the workspace's members and
// its iterations. A read that fails keeps what an earlier read gave, so a
// move made offline is still checked against the workflow before it is
// queued. A service without an interface (a fake, an older service) offers
// no steps: every status is offered and the service decides.

type (
	transitionReader interface {
		Transitions(ctx context.Context, workspaceID int64, kind api.Kind) ([]api.Transition, error)
	}
	typeTransitionReader interface {
		TypeTransitions(ctx context.Context, workspaceID int64, kind api.Kind, typeID string) ([]api.Transition, error)
		StatusMap(ctx context.Context, workspaceID int64, kind api.Kind, typeID string) (map[string]string, error)
		StoryTypes(ctx context.Context, workspaceID int64) ([]string, error)
	}
	memberReader interface {
		Members(ctx context.Context, workspaceID int64) ([]api.Member, error)
	}
	iterationReader interface {
		Iterations(ctx context.Context, workspaceID int64) ([]api.Iteration, error)
	}
)

// reference is what was read of a workspace for the pickers.
type reference struct {
	moves     [len(api.Kinds)][]api.Transition
	movesRead [len(api.Kinds)]bool            // read (or the service has no such interface)
	typesRead [len(api.Kinds)]map[string]bool // story type → its steps were read (false: asked)
	// names are status names from /workflows/status_map, for the statuses
	// the field information does not name (a story type's own).
	names [len(api.Kinds)]map[string]string
	// storyTypes are the workspace's story types, once read (typesListed):
	// with one, every story follows the default workflow.
	storyTypes  []string
	typesListed bool
	typesAsked  bool // the list is being read
	members     []api.Member
	iterations  []api.Iteration
	peopleRead  bool
	itersRead   bool
	custom      customFields // each kind's custom fields (customfields.go)
}

// referenceMsg carries a read of reference data.
type referenceMsg struct {
	ws         int64
	what       string // "moves", "members", "iterations", "types"
	kind       api.Kind
	typeID     string            // moves: the story type read; "": the default workflow
	names      map[string]string // moves: the status names of the type (status_map)
	types      []string          // types: the story types
	moves      []api.Transition
	members    []api.Member
	iterations []api.Iteration
	err        error
}

// ReferenceReadMsg says reference data arrived: a view waiting for it opens
// its picker now. Err says why a read failed (what was known stays).
type ReferenceReadMsg struct{ Err error }

// KnownMoves are the steps of a kind's workflow read so far (nil: none), for
// the cache to keep; unlike Moves it never reads them.
func (g *Engine) KnownMoves(k api.Kind) []api.Transition { return g.ref.moves[k] }

// Moves are the steps of kind k's workflow: known is false while they are
// read (the command reads them); nil steps with known true mean the service
// names none, so every status is offered.
func (g *Engine) Moves(k api.Kind) (moves []api.Transition, known bool, cmd tea.Cmd) {
	if g.ref.movesRead[k] {
		return g.ref.moves[k], true, nil
	}
	tr, ok := g.ctx.Service.(transitionReader)
	if !ok {
		g.ref.movesRead[k] = true
		return nil, true, nil
	}
	task := i18n.Tf("reading the workflow of %s", kindWord(k))
	ctx, ws := g.request(task), g.ws
	sm, named := g.ctx.Service.(typeTransitionReader)
	fi := g.fields[k]
	named = named && fi != nil && len(fi["status"].Options.Pairs) == 0 // else the field information names them
	return nil, false, g.ctx.Tasks.Run(task, func() tea.Msg {
		moves, err := tr.Transitions(ctx, ws, k)
		var names map[string]string
		if err == nil && named {
			names, _ = sm.StatusMap(ctx, ws, k, "")
		}
		return referenceMsg{ws: ws, what: "moves", kind: k, moves: moves, names: names, err: err}
	})
}

// KnownMembers are the members read so far (nil: none yet); unlike
// Members it never reads them.
func (g *Engine) KnownMembers() []api.Member { return g.ref.members }

// Members are the workspace's members, read once.
func (g *Engine) Members() ([]api.Member, bool, tea.Cmd) {
	if g.ref.peopleRead {
		return g.ref.members, true, nil
	}
	mr, ok := g.ctx.Service.(memberReader)
	if !ok {
		g.ref.peopleRead = true
		return nil, true, nil
	}
	task := i18n.T("reading the members")
	ctx, ws := g.request(task), g.ws
	return nil, false, g.ctx.Tasks.Run(task, func() tea.Msg {
		members, err := mr.Members(ctx, ws)
		return referenceMsg{ws: ws, what: "members", members: members, err: err}
	})
}

// Iterations are the workspace's iterations, read once.
func (g *Engine) Iterations() ([]api.Iteration, bool, tea.Cmd) {
	if g.ref.itersRead {
		return g.ref.iterations, true, nil
	}
	ir, ok := g.ctx.Service.(iterationReader)
	if !ok {
		g.ref.itersRead = true
		return nil, true, nil
	}
	task := i18n.T("reading the iterations")
	ctx, ws := g.request(task), g.ws
	return nil, false, g.ctx.Tasks.Run(task, func() tea.Msg {
		its, err := ir.Iterations(ctx, ws)
		return referenceMsg{ws: ws, what: "iterations", iterations: its, err: err}
	})
}

// onReference keeps what was read; a failed read leaves the data as it was
// and marks it read, so the picker opens with what is known.
func (g *Engine) onReference(msg referenceMsg) tea.Cmd {
	if msg.ws != g.ws {
		return nil
	}
	var keep tea.Cmd
	switch msg.what {
	case "moves":
		if msg.err == nil {
			g.ref.moves[msg.kind] = append(slices.DeleteFunc(slices.Clone(g.ref.moves[msg.kind]),
				func(t api.Transition) bool { return t.TypeID == msg.typeID }), msg.moves...)
			if g.ref.names[msg.kind] == nil {
				g.ref.names[msg.kind] = map[string]string{}
			}
			maps.Copy(g.ref.names[msg.kind], msg.names)
			keep = g.keepWorkflow(msg.kind, msg.typeID == "")
		}
		if msg.typeID == "" {
			g.ref.movesRead[msg.kind] = true
		} else {
			g.ref.typesRead[msg.kind][msg.typeID] = true
		}
	case "types":
		g.ref.storyTypes, g.ref.typesListed = msg.types, true
	case "members":
		if msg.err == nil {
			g.ref.members = msg.members
			keep = g.keepPeople()
		}
		g.ref.peopleRead = true
	case "iterations":
		if msg.err == nil {
			g.ref.iterations = msg.iterations
			keep = g.keepIterations()
		}
		g.ref.itersRead = true
	}
	var err error
	if msg.err != nil {
		err = fmt.Errorf(i18n.T("could not read the %s, so what is known is offered: %w"), referenceWords[msg.what](), msg.err)
	}
	return tea.Batch(keep, func() tea.Msg { return ReferenceReadMsg{Err: err} })
}

// referenceWords name each kind of reference data in the language in use.
var referenceWords = map[string]func() string{
	"moves":      func() string { return i18n.T("workflow") },
	"members":    func() string { return i18n.T("members") },
	"iterations": func() string { return i18n.T("iterations") },
	"types":      func() string { return i18n.T("story types") },
}

// NextSteps are the steps an item in status from may take along the
// kind's default workflow, in the order of the statuses given (the
// workflow's), and whether the workflow is known.
func (g *Engine) NextSteps(k api.Kind, from string, order []string) ([]api.Transition, bool) {
	return g.stepsFrom(k, "", from, order)
}

// stepsFrom are the steps from status from of the workflow of story type
// typeID ("": the default one).
func (g *Engine) stepsFrom(k api.Kind, typeID, from string, order []string) ([]api.Transition, bool) {
	known := false
	var out []api.Transition
	for _, t := range g.ref.moves[k] {
		if t.TypeID != typeID {
			continue
		}
		known = true
		if t.From == from && t.To != from {
			out = append(out, t)
		}
	}
	if !known {
		return nil, false
	}
	slices.SortStableFunc(out, func(a, b api.Transition) int { return slices.Index(order, a.To) - slices.Index(order, b.To) })
	return out, true
}

// CheckMove refuses a move the known workflow does not allow, before it is
// queued (offline too), naming the statuses allowed.
func (g *Engine) CheckMove(k api.Kind, it api.Item, to string, order []string) error {
	next, known := g.NextStepsOf(k, it, order)
	if !known || to == it.Status || g.typeUnread(k, it) {
		return nil // no workflow known for it: the service decides
	}
	names := make([]string, 0, len(next))
	for _, t := range next {
		if t.To == to {
			return nil
		}
		names = append(names, g.FieldLabel(k, Status, t.To))
	}
	return api.Errorf("#%s %s", api.ShortID(it.ID), api.CannotMove(g.FieldLabel(k, Status, it.Status), g.FieldLabel(k, Status, to), names))
}

// KnowMoves takes the steps of kind k's workflow from the cache, until the
// service is read: a move made offline from the start is checked against
// them. A read of the service replaces them; a failed one keeps them.
func (g *Engine) KnowMoves(k api.Kind, moves []api.Transition) {
	if len(moves) > 0 && len(g.ref.moves[k]) == 0 {
		g.ref.moves[k] = moves
	}
}

// statusOrder is kind k's status codes in the workflow's order, from its
// field information.
func (g *Engine) statusOrder(k api.Kind) []string {
	var out []string
	for _, o := range g.fields[k]["status"].Options.Pairs {
		out = append(out, o.Value)
	}
	return out
}
