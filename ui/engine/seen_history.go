package engine

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
)

// The change history of the marked items (seen.go): read only for them,
// a hundred items a read (api.ChangeIDsPerRead); a marking reads the first
// eagerHistoryReads hundred at once, the others are read as the cursor
// reaches them. It says who changed each item since the user last looked:
// an item no one else changed loses its mark, and the preview shows each
// change, before → after, who and when (ItemChanges).

// changeHistoryReader reads the change history of named items; *api.Client
// has it.
type changeHistoryReader interface {
	ItemChangesOf(ctx context.Context, workspaceID int64, kind api.Kind, ids []string, since time.Time) ([]api.ItemChange, error)
}

// historyMsg carries the change history of marked items.
type historyMsg struct {
	ws      int64
	kind    api.Kind
	since   string
	asked   map[string]string // item id → its modified time when asked
	changes []api.ItemChange
	err     error
}

// historyTask names the reading of a kind's change history.
func historyTask(k api.Kind) string { return i18n.Tf("reading what changed in %s", kindWord(k)) }

// ReadHistory reads the change history of marked item i of kind k, with
// the next marked items not read yet, unless it is read or on its way.
func (g *Engine) ReadHistory(k api.Kind, i int32) tea.Cmd {
	if !g.Marked(k, i) {
		return nil
	}
	it := &g.sets[k].List[i]
	if g.kindSeen(k).asked[it.ID] == it.Modified {
		return nil
	}
	return g.readHistory(k, i)
}

// readHistory reads the change history of item first of kind k (-1: none)
// and of the marked items after it whose history is not asked yet, up to
// api.ChangeIDsPerRead of them.
func (g *Engine) readHistory(k api.Kind, first int32) tea.Cmd {
	hr, ok := g.ctx.Service.(changeHistoryReader)
	sk := g.kindSeen(k)
	if !ok || sk.count == 0 {
		return nil
	}
	since, err := api.ParseTime(sk.seen.Since)
	if err != nil {
		return nil
	}
	list := g.sets[k].List
	asked := make(map[string]string)
	var ids []string
	ask := func(i int32) {
		it := &list[i]
		if len(ids) < api.ChangeIDsPerRead && sk.asked[it.ID] != it.Modified && asked[it.ID] == "" {
			asked[it.ID] = it.Modified
			ids = append(ids, it.ID)
		}
	}
	if first >= 0 {
		ask(first)
	} else if sk.eager == eagerHistoryReads {
		return nil
	}
	g.eachMarked(k, func(i int32) bool {
		ask(i)
		return len(ids) < api.ChangeIDsPerRead
	})
	if len(ids) == 0 {
		return nil
	}
	if sk.asked == nil {
		sk.asked = make(map[string]string, len(ids))
	}
	for id, mod := range asked {
		sk.asked[id] = mod
	}
	if first < 0 {
		sk.eager++
	}
	ctx, ws, from := g.request(historyTask(k)), g.ws, sk.seen.Since
	return g.ctx.Tasks.Run(historyTask(k), func() tea.Msg {
		changes, err := hr.ItemChangesOf(ctx, ws, k, ids, since)
		return historyMsg{ws: ws, kind: k, since: from, asked: asked, changes: changes, err: err}
	})
}

// onHistory keeps the history read, and takes the mark off the items it
// shows no one else changed since the user last looked.
func (g *Engine) onHistory(msg historyMsg) tea.Cmd {
	sk := g.kindSeen(msg.kind)
	if msg.ws != g.ws || msg.since != sk.seen.Since {
		return nil
	}
	if msg.err != nil {
		for id := range msg.asked {
			delete(sk.asked, id)
		}
		return g.reportTask(historyTask(msg.kind), fmt.Errorf(i18n.T("what changed in %s since you last looked could not be read: %w"), kindWord(msg.kind), msg.err))
	}
	if sk.history == nil {
		sk.history = make(map[string][]api.ItemChange, len(msg.asked))
	}
	byOthers := make(map[string]bool, len(msg.asked))
	for id := range msg.asked {
		sk.history[id] = nil
	}
	for _, ch := range msg.changes {
		if _, ok := msg.asked[ch.ItemID]; !ok {
			continue
		}
		sk.history[ch.ItemID] = append(sk.history[ch.ItemID], ch)
		if ch.Author != g.ctx.User {
			byOthers[ch.ItemID] = true
		}
	}
	var mine []int32
	g.eachMarked(msg.kind, func(i int32) bool {
		it := &sk.over.List[i]
		if mod, ok := msg.asked[it.ID]; ok && !byOthers[it.ID] && mod == it.Modified {
			mine = append(mine, i)
		}
		return true
	})
	for _, i := range mine {
		g.unmarkSeen(sk, i)
	}
	unmarked := len(mine) > 0
	next := g.readHistory(msg.kind, -1) // the next marked items, while the marking reads by itself
	var names tea.Cmd
	if len(msg.changes) > 0 {
		_, _, names = g.Members() // who made the changes, by name: read once a session
	}
	if !unmarked {
		return tea.Batch(g.succeeded(historyTask(msg.kind)), next, names)
	}
	return tea.Batch(g.keepSeen(msg.kind, sk), g.succeeded(historyTask(msg.kind)), next, names, common.Cmd(SeenMsg{Kind: msg.kind}))
}

// ChangeShown is one change of an item as the preview shows it: who made
// it (the member's name), when (in the user's zone), and each field
// named, before → after ("status New → In progress", "created (New)").
type ChangeShown struct {
	Who, When string
	What      []string
}

// ItemChanges are the changes of item i of kind k since the user last
// looked, oldest first, and whether they are read: nil and true when the
// service's history shows none.
func (g *Engine) ItemChanges(k api.Kind, i int32) ([]ChangeShown, bool) {
	sk := g.kindSeen(k)
	if sk.over != g.sets[k] || i < 0 || int(i) >= len(sk.over.List) {
		return nil, false
	}
	changes, read := sk.history[sk.over.List[i].ID]
	if !read {
		return nil, false
	}
	out := make([]ChangeShown, 0, len(changes))
	for _, ch := range changes {
		out = append(out, ChangeShown{Who: g.memberName(ch.Author), When: g.ctx.ShownTime(ch.Created), What: g.changeWords(k, ch)})
	}
	return out, true
}

// memberName is a member's name as the workspace's members say it, with
// the nick ("Alice Chen (alice)"), else the nick.
func (g *Engine) memberName(nick string) string {
	for _, m := range g.ref.members {
		if m.Nick == nick && m.Name != "" && m.Name != nick {
			return m.Name + " (" + nick + ")"
		}
	}
	return nick
}
