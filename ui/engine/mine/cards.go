package mine

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// Card is an item of my work with the workspace it belongs to.
type Card struct {
	WorkspaceID int64
	Workspace   string
	Item        api.Item
}

// Group is a heading of my work and its cards.
type Group struct {
	Title string
	Cards []Card
}

// By is how my work is grouped.
type By int

// The groupings: by workspace (then kind), or by priority across them.
const (
	ByWorkspace By = iota
	ByPriority
)

// String names a grouping as the view says it.
func (b By) String() string {
	if b == ByPriority {
		return "priority"
	}
	return "workspace"
}

// Groups are the cards of my work, grouped: by workspace in the order the
// service lists them, each workspace's kinds in order; or by priority rank
// (Ranks) across workspaces. Within a group, the highest priority first,
// then the latest change.
func Groups(t store.Todos, by By) []Group {
	type key struct {
		ws, rank int
		modified string
		id       string
		set, i   int // where the item is in t
	}
	order := map[int64]int{}
	n := 0
	for _, s := range t.Sets {
		if _, ok := order[s.WorkspaceID]; !ok {
			order[s.WorkspaceID] = len(order)
		}
		n += len(s.Items)
	}
	keys := make([]key, 0, n)
	for si, s := range t.Sets {
		for i := range s.Items {
			it := &s.Items[i]
			keys = append(keys, key{ws: order[s.WorkspaceID], rank: Rank(it), modified: it.Modified, id: it.ID, set: si, i: i})
		}
	}
	slices.SortFunc(keys, func(a, b key) int {
		if by == ByWorkspace {
			if c := cmp.Compare(a.ws, b.ws); c != 0 {
				return c
			}
		}
		return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(b.modified, a.modified), cmp.Compare(a.ws, b.ws),
			cmp.Compare(a.id, b.id), cmp.Compare(a.set, b.set))
	})
	var out []Group
	for _, k := range keys {
		s := &t.Sets[k.set]
		title := s.WorkspaceName
		if by == ByPriority {
			title = Ranks[k.rank]
		}
		if len(out) == 0 || out[len(out)-1].Title != title {
			out = append(out, Group{Title: title})
		}
		g := &out[len(out)-1]
		g.Cards = append(g.Cards, Card{WorkspaceID: s.WorkspaceID, Workspace: s.WorkspaceName, Item: s.Items[k.i]})
	}
	return out
}

// Ranks name the priority ranks my work groups by across workspaces,
// whose priorities differ: the default labels of stories and tasks, of
// bugs, and the usual custom ones fall in the same rank.
var Ranks = []string{"Urgent", "High", "Middle", "Low", "Nice to have", "Other priority", "No priority"}

// rankOf is the rank of each known priority value, lower case.
var rankOf = map[string]int{
	"urgent": 0, "紧急": 0, "非常高": 0,
	"high": 1, "高": 1,
	"middle": 2, "medium": 2, "中": 2,
	"low": 3, "低": 3,
	"nice to have": 4, "insignificant": 4, "锦上添花": 4, "无关紧要": 4,
}

// Rank is the index in Ranks of an item's priority.
func Rank(it *api.Item) int {
	p := it.DisplayPriority()
	if p == "" {
		return len(Ranks) - 1
	}
	if r, ok := rankOf[strings.ToLower(p)]; ok {
		return r
	}
	return len(Ranks) - 2
}

// Count is how many cards my work holds.
func Count(t store.Todos) int {
	n := 0
	for _, s := range t.Sets {
		n += len(s.Items)
	}
	return n
}

// Age says how fresh my work is: "updated just now", "updated 3 min ago".
func Age(saved, now time.Time) string {
	d := now.Sub(saved)
	switch {
	case saved.IsZero():
		return i18n.T("never read")
	case d < time.Minute:
		return i18n.T("updated just now")
	case d < time.Hour:
		return i18n.Tf("updated %d min ago", int(d/time.Minute))
	case d < 48*time.Hour:
		return i18n.Tf("updated %d h ago", int(d/time.Hour))
	}
	return i18n.Tf("updated %d days ago", int(d/(24*time.Hour)))
}
