package sandbox

import (
	"slices"
	"strings"
	"time"

	"triage/api"
)

// The seed's recent history: so that "what changed since I last looked"
// has something to show on a service's first start, the seed records, for
// the items created or changed in the last recentSpan before the service's
// now, the changes that made them what they are: a creation (status null →
// the first status) by the item's creator at its created time, and a status
// step (a status the workflow leads from → the item's status) by its last
// writer at its modified time. Changes by the demo's own user (demoNick)
// are left out: those are the user's own, which never mark an item.

// recentSpan is how far back the seed's history reaches.
const recentSpan = 3 * 24 * time.Hour

// demoNick is the user `triage demo` signs in as.
const demoNick = "demo"

// seedRecentChanges records the recent history of the seeded items of
// every workspace and kind.
func (w *world) seedRecentChanges(now time.Time) {
	since := api.FormatTime(now.Add(-recentSpan))
	for _, ws := range w.Workspaces {
		for _, k := range api.Kinds {
			set := w.Items[itemKey{Workspace: ws.ID, Kind: k}]
			if set == nil {
				continue
			}
			var changes []itemChange
			for pos := range set.lazyAt {
				it := set.at(pos)
				changes = append(changes, recentChangesOf(k, &it, since)...)
			}
			slices.SortStableFunc(changes, func(a, b itemChange) int { return strings.Compare(a.Created, b.Created) })
			l := w.changeLogOf(itemKey{Workspace: ws.ID, Kind: k})
			for _, c := range changes {
				l.seq++
				c.ID = newID(ws.ID, l.seq)
				l.list = append(l.list, c)
			}
		}
	}
}

// recentChangesOf are the changes of one item made at or after since (a
// time in the service's format, which sorts as text).
func recentChangesOf(k api.Kind, it *api.Item, since string) []itemChange {
	var out []itemChange
	f := flowOfItem(k, it)
	if it.Created >= since && it.Creator != demoNick {
		first := f.steps[0].value
		out = append(out, itemChange{ItemID: it.ID, Creator: it.Creator, Created: it.Created, Status: first, Create: true,
			Fields: []fieldChange{{Field: "status", After: &first}}})
	}
	editor, _ := it.Get(modifierField(k))
	editor = strings.TrimSuffix(editor, ";")
	if it.Modified < since || it.Modified == it.Created || editor == "" || editor == demoNick {
		return out
	}
	i := slices.IndexFunc(f.moves, func(t transition) bool { return t.to == it.Status })
	if i < 0 {
		return out
	}
	before, after := f.moves[i].from, it.Status
	return append(out, itemChange{ItemID: it.ID, Creator: editor, Created: it.Modified, Status: it.Status,
		Fields: []fieldChange{{Field: "status", Before: &before, After: &after}}})
}
