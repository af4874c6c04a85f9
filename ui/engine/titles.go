package engine

import (
	"triage/api"
	"triage/store"
	"triage/ui/common"
)

// Titles are the titles of the items of the open workspace that edits
// change (a create's by the item it made), for the list of the session's
// changes: one pass over each kind's items.
func (g *Engine) Titles(list []store.Edit) map[common.ItemRef]string {
	want := make(map[api.Kind]map[string]bool)
	for _, e := range list {
		id := e.ItemID
		if e.Op == store.OpCreate {
			id = e.ResultItemID
		}
		if id == "" || e.WorkspaceID != g.ws {
			continue
		}
		if want[e.Kind] == nil {
			want[e.Kind] = make(map[string]bool)
		}
		want[e.Kind][id] = true
	}
	titles := make(map[common.ItemRef]string)
	for k, ids := range want {
		items := g.sets[k].List
		for i := range items {
			if ids[items[i].ID] {
				titles[common.ItemRef{Kind: k, ID: items[i].ID}] = items[i].Title
			}
		}
	}
	return titles
}
