package engine

import (
	"slices"

	"time"

	"triage/api"
	"triage/store"
)

// seqPageShift places an item's position within its page below its page
// number in its sequence key (a page holds at most 200 items).
const seqPageShift = 12

// Items are the items of one kind of the open workspace, as their cards
// show them (the edits on their way laid over the service's), in the order
// the service lists them. Items are appended, never removed, so a position
// stays valid for the life of the set; a whole load fills a new set. A view
// reads them and keeps its own indexes over them in order (Index).
type Items struct {
	Kind   api.Kind
	Fields api.FieldInfo // of the kind: priorities, statuses, iterations
	List   []api.Item
	// Seq is each item's place in the service's order: page number and
	// position in the page; items created in this session negative.
	Seq []int32

	Complete bool      // every item of the kind is in (a whole load, or the cache)
	CachedAt time.Time // when the cached board shown was saved; zero: loaded from the service
	// Synced is the sync point of the items: the newest modified time the
	// lists that filled them answered (not our own writes, which would skip
	// others' changes made before them); "" for none.
	Synced string

	lastPage int   // the highest page number added
	created  int32 // how many items this session created (their sequence keys)
	index    Index // the view's index over the items; nil: none yet

	// seen is the marks of since you last looked, once made over these
	// items (seen.go); nil: none.
	seen *seenKind
}

// An Index is a view's index over a kind's Items, kept in order as they
// change: Grew after items were appended (from first), Detach before item
// i changes and Attach after.
type Index interface {
	Grew(first int32)
	Detach(i int32)
	Attach(i int32)
}

func newItems(kind api.Kind) *Items { return &Items{Kind: kind} }

// Keep makes idx the index kept over the items, and has it index those in.
func (s *Items) Keep(idx Index) {
	s.index = idx
	idx.Grew(0)
}

// Find returns the position of the item with an id. It scans: it serves
// the service's answers, not key presses.
func (s *Items) Find(id string) (int32, bool) {
	for i := range s.List {
		if s.List[i].ID == id {
			return int32(i), true
		}
	}
	return 0, false
}

// Set lays a card's new value over item i (an edit staged, or its answer),
// keeping the view's index in order.
func (s *Items) Set(i int32, it api.Item) {
	if s.index != nil {
		s.index.Detach(i)
	}
	s.List[i] = it
	if s.index != nil {
		s.index.Attach(i)
	}
}

// Add appends an item the user created (it comes first in the service's
// order), or sets the item when it is in already; it returns its position.
func (s *Items) Add(it api.Item) int32 {
	if i, ok := s.Find(it.ID); ok {
		s.Set(i, it)
		return i
	}
	s.created++
	s.List = append(s.List, it)
	s.Seq = append(s.Seq, -s.created)
	i := int32(len(s.List) - 1)
	s.grew(i)
	return i
}

// grew tells the index of the items appended from first (none when the
// list only grew its room).
func (s *Items) grew(first int32) {
	if s.index != nil {
		s.index.Grew(first)
	}
}

// AddPage appends the items of one page (number from 1), as a load does.
// ListPages never delivers an item twice, so there is no look-up by id: no
// map of 100,000 ids to keep.
func (s *Items) AddPage(number int, items []api.Item) {
	base := int32(number) << seqPageShift
	s.lastPage = max(s.lastPage, number)
	first := int32(len(s.List))
	for k := range items {
		s.List = append(s.List, items[k])
		s.Seq = append(s.Seq, base|int32(k))
	}
	s.grew(first)
}

// reserve makes room for n items, so a large list grows once.
func (s *Items) reserve(n int) {
	if n <= cap(s.List) {
		return
	}
	s.List = slices.Grow(s.List, n-len(s.List))
	s.Seq = slices.Grow(s.Seq, n-len(s.Seq))
}

// serviceOrder returns the positions of the items in the service's order.
func (s *Items) serviceOrder() []int32 {
	order := make([]int32, len(s.List))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		if sa, sb := s.Seq[a], s.Seq[b]; sa != sb {
			return int(sa - sb)
		}
		return int(a - b)
	})
	return order
}

// itemsFromSnapshot builds the items of a cached board, in the order it was
// saved. The cached items become the set's without a copy.
func itemsFromSnapshot(k api.Kind, snap store.Snapshot) *Items {
	s := newItems(k)
	s.Fields = snap.Fields
	s.List = snap.Items[:0]
	s.Seq = make([]int32, 0, len(snap.Items))
	for n, page := 1, snap.Items; len(page) > 0; n++ {
		size := min(len(page), api.PageSize)
		items := page[:size]
		for j := range items {
			items[j].Kind = k
		}
		s.AddPage(n, items)
		page = page[size:]
	}
	s.Complete, s.CachedAt, s.Synced = true, snap.SavedAt, snap.Synced
	return s
}

// newestModified is the sync point of a whole list: the newest modified time
// among its items, by the service's clock.
func newestModified(items []api.Item) string {
	newest := ""
	for i := range items {
		newest = max(newest, items[i].Modified)
	}
	return newest
}
