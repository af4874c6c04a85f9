package engine

import (
	"triage/api"
	"triage/store"
)

// The values of an edit are named by its item's workspace: the open
// workspace's field information for its items, and for another
// workspace's (an edit made in my work) what the view that made it read
// and told the engine. A kind of the open workspace whose board is not
// loaded yet is named by what a view told too.

// setKey names a kind in a workspace.
type setKey struct {
	ws   int64
	kind api.Kind
}

// SetWorkspaceFields tells the engine the field information of a kind in
// a workspace, read by a view for the edits it makes there, so that their
// values are named by that workspace's labels (紧急, not urgent).
func (g *Engine) SetWorkspaceFields(ws int64, kind api.Kind, fi api.FieldInfo) {
	if g.elsewhere == nil {
		g.elsewhere = map[setKey]api.FieldInfo{}
	}
	g.elsewhere[setKey{ws, kind}] = fi
}

// fieldsOf is the field information an edit's values are named by, with
// the open workspace's status names of its kind; nil when not known.
func (g *Engine) fieldsOf(e store.Edit) (api.FieldInfo, map[string]string) {
	open := e.WorkspaceID == g.ws || e.WorkspaceID == 0
	if open && len(g.fields[e.Kind]) > 0 {
		return g.fields[e.Kind], g.ref.names[e.Kind]
	}
	if fi, ok := g.elsewhere[setKey{e.WorkspaceID, e.Kind}]; ok {
		return fi, nil
	}
	if open {
		return g.fields[e.Kind], g.ref.names[e.Kind]
	}
	return nil, nil
}
