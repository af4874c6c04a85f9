package engine

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/i18n"
)

// The fields a new item is made with: the creation step of each kind's
// workflow (api.Client.CreateFields), read once per workspace when the
// first new item of the kind is asked for. A read that fails, or a service
// without the interface, asks for nothing: the editor offers the fields it
// always offers and the service decides.

type createFieldReader interface {
	CreateFields(ctx context.Context, workspaceID int64, kind api.Kind) ([]api.TransitionField, error)
}

// createFields is what was read of the creation steps, per kind.
type createFields struct {
	fields [len(api.Kinds)][]api.TransitionField
	read   [len(api.Kinds)]bool
	asked  [len(api.Kinds)]bool // a read is on its way: a second n waits for it
}

// createFieldsMsg carries a read of a kind's creation step.
type createFieldsMsg struct {
	ws     int64
	kind   api.Kind
	fields []api.TransitionField
	err    error
}

// CreateFieldsReadMsg says the fields of a new item of Kind were read: the
// view that asked for a new one opens its editor now. Err says why the read
// failed (the editor then asks for no more than it always does).
type CreateFieldsReadMsg struct {
	Kind api.Kind
	Err  error
}

// CreateFields are the fields a new item of kind k is made with: known is
// false while they are read (the command reads them and answers with
// CreateFieldsReadMsg; nil when a read is already on its way).
func (g *Engine) CreateFields(k api.Kind) (fields []api.TransitionField, known bool, cmd tea.Cmd) {
	if g.creating.read[k] {
		return g.creating.fields[k], true, nil
	}
	if g.creating.asked[k] {
		return nil, false, nil
	}
	r, ok := g.ctx.Service.(createFieldReader)
	if !ok {
		g.creating.read[k] = true
		return nil, true, nil
	}
	g.creating.asked[k] = true
	task := i18n.Tf("reading the fields a new %s needs", i18n.T(k.String()))
	ctx, ws := g.request(task), g.ws
	return nil, false, g.ctx.Tasks.Run(task, func() tea.Msg {
		fields, err := r.CreateFields(ctx, ws, k)
		return createFieldsMsg{ws: ws, kind: k, fields: fields, err: err}
	})
}

// onCreateFields keeps a read creation step and tells the views.
func (g *Engine) onCreateFields(msg createFieldsMsg) tea.Cmd {
	if msg.ws != g.ws {
		return nil
	}
	g.creating.read[msg.kind] = true
	var err error
	if msg.err == nil {
		g.creating.fields[msg.kind] = msg.fields
	} else {
		err = fmt.Errorf(i18n.T("could not read the fields a new %s needs, so the service checks them when it is sent: %w"), i18n.T(msg.kind.String()), msg.err)
	}
	return func() tea.Msg { return CreateFieldsReadMsg{Kind: msg.kind, Err: err} }
}
