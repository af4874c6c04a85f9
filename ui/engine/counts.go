package engine

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/i18n"
)

// The tabs name how many items each kind has before it is opened: one
// count request per kind not loaded yet, in the workspace open. A kind
// whose load started counts its items itself (Progress); a count that
// failed stays unknown, and the tab says so. A count made within
// store.ReferenceTTL is kept (kept.go) and not asked again.

// kindCounts are the counts asked and known in one workspace.
type kindCounts struct {
	ws    int64
	asked [len(api.Kinds)]bool
	known [len(api.Kinds)]bool
	n     [len(api.Kinds)]int
}

// countMsg carries the count of a kind's items in a workspace.
type countMsg struct {
	ws   int64
	kind api.Kind
	n    int
	err  error
}

// CountUnloaded asks the service how many items each kind has whose load
// has not started in the open workspace, once per kind and workspace.
func (g *Engine) CountUnloaded() tea.Cmd {
	c := &g.counts
	if c.ws != g.ws {
		*c = kindCounts{ws: g.ws}
	}
	var cmds []tea.Cmd
	for _, k := range api.Kinds {
		if c.asked[k] || g.loads[k].started {
			continue
		}
		c.asked[k] = true
		if n, ok := g.keptCount(k); ok {
			c.known[k], c.n[k] = true, n
			continue
		}
		task := i18n.Tf("counting %s", kindWord(k))
		svc, ctx, ws := g.ctx.Service, g.request(task), g.ws
		cmds = append(cmds, g.ctx.Tasks.Run(task, func() tea.Msg {
			n, err := svc.Count(ctx, ws, k, nil)
			return countMsg{ws: ws, kind: k, n: n, err: err}
		}))
	}
	return tea.Batch(cmds...)
}

// onCount keeps a count for the workspace it was asked in; a failed one
// stays unknown (the load of the kind says why, when it is opened).
func (g *Engine) onCount(msg countMsg) tea.Cmd {
	if c := &g.counts; msg.ws == c.ws && msg.err == nil {
		c.known[msg.kind], c.n[msg.kind] = true, msg.n
		return g.keepCount(msg.kind, msg.n)
	}
	return nil
}

// Count is how many items kind k has in the open workspace as counted
// before its load, and false while that is not known.
func (g *Engine) Count(k api.Kind) (int, bool) {
	c := &g.counts
	if c.ws != g.ws || !c.known[k] {
		return 0, false
	}
	return c.n[k], true
}
