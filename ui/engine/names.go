package engine

import (
	"fmt"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// NoneWord is how an empty priority is named, in English: none() says it
// in the language in use.
const NoneWord = "none"

// none is NoneWord in the language in use.
func none() string { return i18n.T(NoneWord) }

// Target names an edit's item for the status line: "#1234", "new bug"
// before it exists, and the new item's number once created.
func Target(e store.Edit) string {
	switch {
	case e.Op != store.OpCreate:
		return "#" + api.ShortID(e.ItemID)
	case e.ResultItemID != "":
		return "#" + api.ShortID(e.ResultItemID)
	}
	return i18n.Tf("new %s", i18n.T(e.Kind.String()))
}

// PriorityLabel is how a kind's priority value is named: its option's
// label (matched by value, then label), "none" for none, else the value.
func (g *Engine) PriorityLabel(k api.Kind, value string) string {
	return priorityName(g.fields[k], value)
}

// ValueLabel names a value of an edit's field as the board shows it: a
// priority's label, a title quoted, a status's or an iteration's name,
// owners as "alice, bob". An edit of another workspace than the one open
// is named by that workspace's field information when a view told it
// (SetWorkspaceFields); without it, owners and "none" still read as on the
// board and other values as the service writes them.
func (g *Engine) ValueLabel(e store.Edit, v string) string {
	if e.Op == store.OpTitle {
		return fmt.Sprintf("%q", v)
	}
	fi, statuses := g.fieldsOf(e)
	return ValueName(fi, statuses, fieldOf(e.Op), v)
}

// said is what the status line says of an edit the service took: the
// change itself, "#4 High → Low", `#10 renamed "…"`.
func (g *Engine) said(e store.Edit, id string) string {
	switch e.Op {
	case store.OpPriority:
		return fmt.Sprintf("#%s %s → %s", api.ShortID(id), g.ValueLabel(e, e.From), g.ValueLabel(e, e.To))
	case store.OpTitle:
		return i18n.Tf("#%s renamed %q", api.ShortID(id), e.To)
	case store.OpComment:
		return i18n.Tf("#%s commented", api.ShortID(id))
	case store.OpDescription:
		return i18n.Tf("#%s description saved", api.ShortID(id))
	}
	if spec, ok := store.FieldOf(e.Op); ok && spec.Other {
		f := Field(spec.Key)
		return fmt.Sprintf("#%s %s %s → %s", api.ShortID(id), g.FieldName(e.Kind, f), g.ValueLabel(e, e.From), g.ValueLabel(e, e.To))
	}
	return i18n.Tf("#%s saved", api.ShortID(id))
}

// describe names the edits of an undo or a redo: "#4: Low → High" for one,
// "5 changes: #4, #7, …" for more.
func (g *Engine) describe(edits []store.Edit) string {
	if len(edits) == 1 {
		e := edits[0]
		return fmt.Sprintf("%s: %s → %s", Target(e), g.ValueLabel(e, e.From), g.ValueLabel(e, e.To))
	}
	var b strings.Builder
	b.WriteString(i18n.Tf("%d changes: ", len(edits)))
	for i, e := range edits {
		if i == 4 {
			b.WriteString(", …")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(Target(e))
	}
	return b.String()
}
