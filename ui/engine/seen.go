package engine

import (
	"math/bits"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
)

// Since you last looked: for each kind of the open workspace the engine
// keeps when the user last looked at it (store.Seen: a time of the
// service's clock, and the items looked at one by one since), and marks
// the items someone else created or changed after it. A mark is a bit per
// item of the kind's set, so the marks of 100,000 items cost 12.5 kB.
//
// The list says when an item changed, not who changed it: an item modified
// after the last look is marked at once, and the change history of the
// marked items (seen_history.go) then takes off those only the user
// changed. The user's own edits never mark an item: the answer of each
// confirmed edit is looked at as it comes. Looking at an item (Look) or at
// every item of a kind (LookAll) takes its mark off; once no mark is left,
// the last look moves to the newest change listed, and the items looked
// at one by one are forgotten.
//
// The first look at a kind (nothing kept) starts at the newest change
// listed, so nothing is new; the demo's starts a day before its clock, so
// its first run shows what the seeded history says others did.

// demoFirstLook is how long before the demo's first look the user is
// taken to have last looked.
const demoFirstLook = 24 * time.Hour

// SeenMsg says that the marks of a kind changed other than by a key: a
// view that filters by them filters again.
type SeenMsg struct{ Kind api.Kind }

// seenState is the marks of the open workspace, per kind, for the user.
type seenState struct {
	ws    int64
	user  string
	kinds [len(api.Kinds)]seenKind
}

// seenKind is what the user has seen of a kind and the marks it leaves.
type seenKind struct {
	begun bool       // seen was read from the keeper, or the first look begun
	seen  store.Seen // the last look and the items looked at since
	over  *Items     // the set the marks are over; nil: none yet
	marks []uint64   // bit i: item i of over is marked
	count int        // the marks set
	// history holds the changes read of marked items (seen_history.go), by
	// item id; asked the modified time each item had when its history was
	// asked, so it is asked again only after it changed again.
	history map[string][]api.ItemChange
	asked   map[string]string
	// eager is how many reads of the history the last marking has made
	// before the cursor reaches any marked item (at most eagerHistoryReads).
	eager int
}

// eagerHistoryReads bounds the reads of the history a marking makes by
// itself: so many hundred marked items are checked at once, the others as
// the cursor reaches them.
const eagerHistoryReads = 3

// kindSeen is the marks of kind k in the open workspace.
func (g *Engine) kindSeen(k api.Kind) *seenKind {
	if g.seen.ws != g.ws || g.seen.user != g.ctx.User {
		g.seen = seenState{ws: g.ws, user: g.ctx.User}
	}
	return &g.seen.kinds[k]
}

// Marked reports whether item i of kind k is marked: someone else created
// or changed it since the user last looked.
func (g *Engine) Marked(k api.Kind, i int32) bool { return g.sets[k].Marked(i) }

// MarkedNew reports whether item i of kind k is marked and was created
// since the user last looked (else it is marked as changed).
func (g *Engine) MarkedNew(k api.Kind, i int32) bool { return g.sets[k].MarkedNew(i) }

// Marked reports whether item i is marked: someone else created or
// changed it since the user last looked.
func (s *Items) Marked(i int32) bool {
	sk := s.seen
	if sk == nil || sk.over != s || i < 0 || int(i) >= len(sk.marks)*64 {
		return false
	}
	return sk.marks[i>>6]&(1<<(uint(i)&63)) != 0
}

// MarkedNew reports whether item i is marked and was created since the
// user last looked (else it is marked as changed).
func (s *Items) MarkedNew(i int32) bool {
	return s.Marked(i) && s.List[i].Created > s.seen.seen.Since
}

// MarkCount is how many items of kind k are marked.
func (g *Engine) MarkCount(k api.Kind) int {
	sk := g.kindSeen(k)
	if sk.over != g.sets[k] {
		return 0
	}
	return sk.count
}

// LastLooked is when the user last looked at kind k, in the service's
// time; "" before the kind is loaded.
func (g *Engine) LastLooked(k api.Kind) string { return g.kindSeen(k).seen.Since }

// Look takes the mark off item i of kind k: the user looked at it.
func (g *Engine) Look(k api.Kind, i int32) tea.Cmd {
	if !g.Marked(k, i) {
		return nil
	}
	sk := g.kindSeen(k)
	g.unmarkSeen(sk, i)
	return g.keepSeen(k, sk)
}

// LookAll takes every mark of kind k off: the user has seen all of it.
func (g *Engine) LookAll(k api.Kind) tea.Cmd {
	sk := g.kindSeen(k)
	n := g.MarkCount(k)
	if n == 0 {
		return note("nothing new in %s since you last looked", kindWord(k))
	}
	clear(sk.marks)
	sk.count = 0
	g.lookedAll(sk)
	return tea.Batch(g.keepSeen(k, sk), note("%s marked seen", countOf(n, k)))
}

// unmarkSeen takes item i's mark off, remembering the change looked at.
func (g *Engine) unmarkSeen(sk *seenKind, i int32) {
	sk.marks[i>>6] &^= 1 << (uint(i) & 63)
	sk.count--
	if sk.count == 0 {
		g.lookedAll(sk)
		return
	}
	if sk.seen.Looked == nil {
		sk.seen.Looked = make(map[string]string)
	}
	it := &sk.over.List[i]
	sk.seen.Looked[it.ID] = it.Modified
}

// lookedAll moves the last look to the newest change listed: no mark is
// left, so the items looked at one by one are forgotten.
func (g *Engine) lookedAll(sk *seenKind) {
	if sk.over != nil {
		sk.seen.Since = max(sk.seen.Since, sk.over.Synced)
	}
	sk.seen.Looked = nil
}

// remark marks the items of kind k someone else changed since the user
// last looked, once every item of the kind is in; it reads the change
// history of the first marked items.
func (g *Engine) remark(k api.Kind) tea.Cmd {
	s := g.sets[k]
	if !s.Complete {
		return nil
	}
	sk := g.kindSeen(k)
	begun := g.beginSeen(k, sk, s)
	n := (len(s.List) + 63) / 64
	if cap(sk.marks) >= n {
		sk.marks = sk.marks[:n]
		clear(sk.marks)
	} else {
		sk.marks = make([]uint64, n)
	}
	sk.over, sk.count, sk.eager, s.seen = s, 0, 0, sk
	since, looked := sk.seen.Since, sk.seen.Looked
	for i := range s.List {
		it := &s.List[i]
		if it.Modified <= since || looked[it.ID] == it.Modified || g.Edited(k, it.ID) {
			continue
		}
		sk.marks[i>>6] |= 1 << (uint(i) & 63)
		sk.count++
	}
	told := common.Cmd(SeenMsg{Kind: k})
	if sk.count == 0 && since < s.Synced {
		g.lookedAll(sk)
		return tea.Batch(begun, g.keepSeen(k, sk), told)
	}
	return tea.Batch(begun, g.readHistory(k, -1), told)
}

// beginSeen reads what the user last looked at in kind k, once; at the
// first look ever it begins: at the newest change listed, or for the demo
// a day before its clock.
func (g *Engine) beginSeen(k api.Kind, sk *seenKind, s *Items) tea.Cmd {
	if sk.begun {
		return nil
	}
	sk.begun = true
	var warn tea.Cmd
	if keeper := g.ctx.Seen; keeper != nil {
		kept, ok, err := keeper.LastLooked(g.ctx.User, g.ws, k)
		if err == nil && ok {
			sk.seen = kept
			return nil
		}
		if err != nil {
			warn = g.report(err)
		}
	}
	switch {
	case g.ctx.Method == "demo":
		sk.seen = store.Seen{Since: api.FormatTime(g.ctx.Clock().Add(-demoFirstLook))}
	case s.Synced != "":
		sk.seen = store.Seen{Since: s.Synced}
	default:
		sk.seen = store.Seen{Since: api.FormatTime(g.ctx.Clock())}
	}
	return tea.Batch(warn, g.keepSeen(k, sk))
}

// keepSeen keeps what the user has seen of kind k for the next start.
func (g *Engine) keepSeen(k api.Kind, sk *seenKind) tea.Cmd {
	keeper := g.ctx.Seen
	if keeper == nil {
		return nil
	}
	if err := keeper.KeepLooked(g.ctx.User, g.ws, k, sk.seen); err != nil {
		return g.report(err)
	}
	return nil
}

// lookMine looks at the cards the service confirmed an edit of: the user's
// own change never marks an item.
func (g *Engine) lookMine(items []Shown) tea.Cmd {
	var keep [len(api.Kinds)]bool
	for _, sh := range items {
		if !sh.Confirmed || sh.Item.ID == "" || sh.Item.Modified == "" {
			continue
		}
		sk := g.kindSeen(sh.Kind)
		if !sk.begun {
			continue
		}
		if i, ok := g.sets[sh.Kind].Find(sh.Item.ID); ok && g.Marked(sh.Kind, i) {
			g.unmarkSeen(sk, i)
		}
		if sk.seen.Since < sh.Item.Modified {
			if sk.seen.Looked == nil {
				sk.seen.Looked = make(map[string]string)
			}
			sk.seen.Looked[sh.Item.ID] = sh.Item.Modified
		}
		keep[sh.Kind] = true
	}
	var cmds []tea.Cmd
	for _, k := range api.Kinds {
		if keep[k] {
			cmds = append(cmds, g.keepSeen(k, g.kindSeen(k)))
		}
	}
	return tea.Batch(cmds...)
}

// seenOnChange brings the marks up to date with what the engine is about to
// tell the views: a kind loaded or refreshed is marked anew, and the cards
// of confirmed edits are looked at.
func (g *Engine) seenOnChange(msg ChangedMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, ld := range msg.Loaded {
		if ld.Reset || ld.Refreshed {
			cmds = append(cmds, g.remark(ld.Kind))
		}
	}
	if len(msg.Items) > 0 {
		cmds = append(cmds, g.lookMine(msg.Items))
	}
	return tea.Batch(cmds...)
}

// eachMarked calls yield with the position of each marked item of kind k,
// in the service's order, until it returns false.
func (g *Engine) eachMarked(k api.Kind, yield func(i int32) bool) {
	sk := g.kindSeen(k)
	if sk.over != g.sets[k] {
		return
	}
	for w, word := range sk.marks {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			word &^= 1 << uint(b)
			if !yield(int32(w*64 + b)) {
				return
			}
		}
	}
}
