package sandbox

import (
	"slices"
	"sort"

	"triage/api"
)

// itemSet holds the items of one kind in one workspace, in creation order.
// Positions run over three stretches: the items held from the start (the
// seed's, or all of a database's), the items generated on demand (lazy, the
// --items extras: nothing is kept of them until written), and the items held
// after them (created since). An item's id is newID(workspace, position+1)
// for everything the service made itself; ids that are not (kept from older
// data) are found through other.
type itemSet struct {
	ws     int64
	held   []api.Item       // positions [0, lazyAt) and [lazyAt+lazy.n, len)
	lazyAt int              // position of the first generated item
	lazy   *lazyItems       // nil when nothing is generated on demand
	edited map[int]api.Item // generated items written since, by position
	other  map[string]int   // id → position, for ids that do not follow it
	Seq    int64            // last sequence number used in ids
	// sortedCreated is true while the created times never go down along the
	// positions, so a created window is found by binary search.
	sortedCreated bool
	// encoded is the world's cache of full-field answers (itemcache.go).
	encoded *encodedCache
}

// newItemSet is an empty set of workspace ws.
func newItemSet(ws int64) *itemSet { return &itemSet{ws: ws, sortedCreated: true} }

// lazyN is how many items are generated on demand.
func (s *itemSet) lazyN() int {
	if s.lazy == nil {
		return 0
	}
	return s.lazy.n
}

// len is the number of items.
func (s *itemSet) len() int { return len(s.held) + s.lazyN() }

// at returns the item at a position.
func (s *itemSet) at(pos int) api.Item {
	if pos < s.lazyAt {
		return s.held[pos]
	}
	n := s.lazyN()
	if pos < s.lazyAt+n {
		if it, ok := s.edited[pos]; ok {
			return it
		}
		return s.lazy.item(pos - s.lazyAt)
	}
	return s.held[pos-n]
}

// idAt is the id of the item at a position, without building a generated one.
func (s *itemSet) idAt(pos int) string {
	if pos >= s.lazyAt && pos < s.lazyAt+s.lazyN() {
		return newID(s.ws, int64(pos+1))
	}
	return s.at(pos).ID
}

// createdAt is the created time of the item at a position, without building
// a generated one.
func (s *itemSet) createdAt(pos int) string {
	if pos >= s.lazyAt && pos < s.lazyAt+s.lazyN() {
		if it, ok := s.edited[pos]; ok {
			return it.Created
		}
		return s.lazy.created(pos - s.lazyAt)
	}
	return s.at(pos).Created
}

// find returns the position of the item with an id.
func (s *itemSet) find(id string) (int, bool) {
	if seq := idSeq(id, s.ws); seq > 0 && seq <= int64(s.len()) && s.idAt(int(seq-1)) == id {
		return int(seq - 1), true
	}
	pos, ok := s.other[id]
	return pos, ok
}

// put replaces the item at a position.
func (s *itemSet) put(pos int, it api.Item) {
	s.encoded.forget(s, pos)
	n := s.lazyN()
	switch {
	case pos < s.lazyAt:
		s.held[pos] = it
	case pos < s.lazyAt+n:
		if s.edited == nil {
			s.edited = make(map[int]api.Item)
		}
		s.edited[pos] = it
	default:
		s.held[pos-n] = it
	}
}

// add appends an item and returns its position.
func (s *itemSet) add(it api.Item) int {
	pos := s.len()
	if pos > 0 && it.Created < s.createdAt(pos-1) {
		s.sortedCreated = false
	}
	s.held = append(s.held, it)
	if s.idAt(pos) != newID(s.ws, int64(pos+1)) {
		if s.other == nil {
			s.other = make(map[string]int)
		}
		s.other[it.ID] = pos
	}
	return pos
}

// truncate drops the items from position n on (a refused create undone).
func (s *itemSet) truncate(n int) {
	for pos := n; pos < s.len(); pos++ {
		delete(s.other, s.idAt(pos))
		s.encoded.forget(s, pos)
	}
	s.held = s.held[:n-s.lazyN()]
}

// createdRange returns the positions [lo, hi) whose created time can meet
// the bounds of one alternative of a created filter; ok is false when the
// set is not in created order.
func (s *itemSet) createdRange(bs []bound) (lo, hi int, ok bool) {
	if !s.sortedCreated {
		return 0, 0, false
	}
	n := s.len()
	early := func(pos int) bool {
		return slices.ContainsFunc(bs, func(b bound) bool { return b.op != "<=" && b.compare(s.createdAt(pos)) < 0 })
	}
	late := func(pos int) bool {
		return slices.ContainsFunc(bs, func(b bound) bool { return b.op != ">=" && b.compare(s.createdAt(pos)) > 0 })
	}
	lo = sort.Search(n, func(pos int) bool { return !early(pos) })
	hi = sort.Search(n, late)
	return lo, max(lo, hi), true
}
