package engine

import (
	"context"
	"errors"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// The fields each kind's workspace defines (custom_field_one …, named by
// the workspace), read once per workspace with the reference data, before
// the first list of the kind so that the list asks for their values; kept
// with it for a day (kept.go), and read again when an edit of one is
// refused (refused.go). A
// service without the interface (a fake, an older service) has none; a
// failed read lists without them and says why.

type customFieldReader interface {
	CustomFields(ctx context.Context, workspaceID int64, kind api.Kind) ([]api.CustomField, error)
}

// customFields are the custom field settings read of each kind.
type customFields struct {
	fields [len(api.Kinds)][]api.CustomField // enabled ones, in the workspace's order
	read   [len(api.Kinds)]bool              // read, or nothing to read
	asked  [len(api.Kinds)]bool              // a read is under way
}

// customFieldsMsg carries a kind's custom field settings, and the first
// answer of the list that waited for them (nil: none waited).
type customFieldsMsg struct {
	ws     int64
	kind   api.Kind
	fields []api.CustomField
	err    error
	then   tea.Msg
	// refresh: a refresh by delta of the kind waits for them; count: it
	// counts the kind too (refresh.go).
	refresh, count bool
}

// CustomFields are the enabled custom fields of kind k, in the workspace's
// order; nil until read (a load reads them).
func (g *Engine) CustomFields(k api.Kind) []api.CustomField { return g.ref.custom.fields[k] }

// KnowCustomFields takes kind k's custom fields as known (from a cache):
// the next list asks for their values without reading them first.
func (g *Engine) KnowCustomFields(k api.Kind, fields []api.CustomField) {
	g.ref.custom.fields[k], g.ref.custom.read[k] = api.EnabledCustomFields(fields), true
}

// readCustomFields is the read of kind k's custom field settings, or nil
// when they are known or the service has none to read.
func (g *Engine) readCustomFields(ctx context.Context, k api.Kind) func() customFieldsMsg {
	r, ok := g.ctx.Service.(customFieldReader)
	if !ok {
		g.ref.custom.read[k] = true
	}
	if g.ref.custom.read[k] || g.ref.custom.asked[k] {
		return nil
	}
	g.ref.custom.asked[k] = true
	ws := g.ws
	return func() customFieldsMsg {
		fields, err := r.CustomFields(ctx, ws, k)
		return customFieldsMsg{ws: ws, kind: k, fields: api.EnabledCustomFields(fields), err: err}
	}
}

// listWithCustomFields lists kind k with its custom fields' values: when
// they are not known yet, their settings are read first, in the same
// command, and arrive with the list's first answer.
func (g *Engine) listWithCustomFields(ctx context.Context, k api.Kind) tea.Cmd {
	return g.listingWithCustomFields(ctx, k, g.listRequest(k))
}

// listingWithCustomFields is listWithCustomFields of the request req (a
// load resumed past the pages it listed).
func (g *Engine) listingWithCustomFields(ctx context.Context, k api.Kind, req api.ListRequest) tea.Cmd {
	svc, gen := g.ctx.Service, g.gen
	read := g.readCustomFields(ctx, k)
	if read == nil {
		return startList(ctx, svc, gen, req)
	}
	return func() tea.Msg {
		msg := read()
		for _, f := range msg.fields {
			req.Fields = append(req.Fields, f.Field)
		}
		msg.then = startList(ctx, svc, gen, req)()
		return msg
	}
}

// refreshWithCustomFields refreshes kind k by delta; when its custom
// fields are not known, their settings are read first and the refresh
// starts when they arrive, so that it asks for their values.
func (g *Engine) refreshWithCustomFields(k api.Kind, count bool) tea.Cmd {
	read := g.readCustomFields(g.request(LoadTask(k)), k)
	if read == nil {
		return g.refresh(k, count)
	}
	return func() tea.Msg {
		msg := read()
		msg.refresh, msg.count = true, count
		return msg
	}
}

// withCustomFields adds to a list request the fields kind k's workspace
// defines, as known.
func (g *Engine) withCustomFields(k api.Kind, fields []string) []string {
	for _, f := range g.ref.custom.fields[k] {
		fields = append(fields, f.Field)
	}
	return fields
}

// onCustomFields keeps the settings read and hands on the list's answer
// that waited for them. A failed read is said; the kind lists without them.
// A read stopped with its load is read again by the next load.
func (g *Engine) onCustomFields(msg customFieldsMsg) tea.Cmd {
	var said tea.Cmd
	stopped := errors.Is(msg.err, context.Canceled) // the load stopped: the next one reads them
	if msg.ws == g.ws {
		g.ref.custom.asked[msg.kind], g.ref.custom.read[msg.kind] = false, !stopped
		switch {
		case msg.err == nil:
			g.ref.custom.fields[msg.kind] = msg.fields
			said = g.keepCustomFields(msg.kind, msg.fields)
		case !stopped:
			said = note("the custom fields of %s could not be read, so they are not shown: %v", kindWord(msg.kind), msg.err)
		}
	}
	if msg.refresh && msg.ws == g.ws && !stopped {
		return tea.Batch(said, g.refresh(msg.kind, msg.count))
	}
	if msg.then == nil {
		return said
	}
	next, _ := g.Update(msg.then)
	return tea.Batch(said, next)
}

// readCustomFieldsAgain reads kind k's custom field settings again, now.
func (g *Engine) readCustomFieldsAgain(k api.Kind) tea.Cmd {
	g.ref.custom.read[k] = false
	task := i18n.Tf("reading the custom fields of %s", kindWord(k))
	read := g.readCustomFields(g.request(task), k)
	if read == nil {
		return nil
	}
	return g.ctx.Tasks.Run(task, func() tea.Msg { return read() })
}

// customKeys are the custom fields among the keys of m, in order.
func customKeys[K ~string, V any](m map[K]V) []K {
	var out []K
	for key := range m {
		if store.IsCustomKey(string(key)) {
			out = append(out, key)
		}
	}
	slices.Sort(out)
	return out
}

// customValueName names a custom field's value: a select's option by its
// label, nicks "a, b", "none" for none, else as it is.
func customValueName(fi api.FieldInfo, f Field, v string) string {
	v = strings.TrimSpace(v)
	switch {
	case v == "":
		return none()
	case strings.HasSuffix(v, ";"):
		return strings.Join(store.Owners(v), ", ")
	}
	return fi.OptionLabel(string(f), v)
}

// FieldName is how a message names field f of kind k: a custom field by
// the workspace's name, once read; the others as Field.Name does.
func (g *Engine) FieldName(k api.Kind, f Field) string {
	for _, cf := range g.ref.custom.fields[k] {
		if cf.Field == string(f) {
			return cf.Name
		}
	}
	return i18n.T(f.Name())
}
