package engine

import (
	"reflect"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// An edit the service refuses may have been checked against reference data
// older than the service's: a move against the workflow, a priority against
// the field information, owners against the members, an iteration against
// the iterations, a custom field's value against its settings. What the
// refused edit depends on is dropped from what is
// kept (kept.go) and read again: the pickers read theirs when next opened,
// the field information is read at once.

// fieldsAgainMsg carries a kind's field information read again.
type fieldsAgainMsg struct {
	ws     int64
	kind   api.Kind
	fields api.FieldInfo
	err    error
}

// refused has what a refused edit of field f of kind k was checked against
// read again.
func (g *Engine) refused(k api.Kind, f Field) tea.Cmd {
	ref, fields := &g.kept, false
	switch f {
	case Status:
		delete(ref.Workflows, k)
		delete(ref.Fields, k)
		g.ref.movesRead[k], g.ref.typesRead[k] = false, map[string]bool{}
		fields = true
	case Priority:
		delete(ref.Fields, k)
		fields = true
	case Owner:
		ref.Members = store.Dated[[]api.Member]{}
		g.ref.peopleRead = false
	case Iteration:
		ref.Iterations = store.Dated[[]api.Iteration]{}
		g.ref.itersRead = false
	default:
		if !store.IsCustomKey(string(f)) {
			return nil
		}
		delete(ref.Custom, k)
		return tea.Batch(g.keep(func(*store.Reference, time.Time) {}), g.readCustomFieldsAgain(k))
	}
	save := g.keep(func(*store.Reference, time.Time) {})
	if !fields {
		return save
	}
	return tea.Batch(save, g.readFieldsAgain(k))
}

// readFieldsAgain reads kind k's field information again.
func (g *Engine) readFieldsAgain(k api.Kind) tea.Cmd {
	task := i18n.Tf("reading the fields of %s", kindWord(k))
	svc, ctx, ws := g.ctx.Service, g.request(task), g.ws
	return g.ctx.Tasks.Run(task, func() tea.Msg {
		fi, err := svc.FieldInfo(ctx, ws, k)
		return fieldsAgainMsg{ws: ws, kind: k, fields: fi, err: err}
	})
}

// onFieldsAgain keeps the field information read again; when it differs
// from the one the kind's items are shown with, the views index them anew.
// A failed read leaves what is known: the next load reads it.
func (g *Engine) onFieldsAgain(msg fieldsAgainMsg) tea.Cmd {
	if msg.ws != g.ws || msg.err != nil {
		return nil
	}
	k, keep := msg.kind, g.keepFields(msg.kind, msg.fields)
	s := g.sets[k]
	if g.loads[k].busy() || reflect.DeepEqual(s.Fields, msg.fields) {
		return keep
	}
	g.SetFields(k, msg.fields)
	s.Fields, s.index = msg.fields, nil
	return tea.Batch(keep, g.loaded(Loaded{Kind: k, Reset: true}))
}
