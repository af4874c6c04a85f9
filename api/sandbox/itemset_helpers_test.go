package sandbox

import "triage/api"

// Test helpers that read an item set whole.

// all is every item of the set, generated ones built.
func (s *itemSet) all() []api.Item {
	out := make([]api.Item, s.len())
	for pos := range out {
		out[pos] = s.at(pos)
	}
	return out
}

// position is where the set finds an id, -1 when it does not.
func position(s *itemSet, id string) int {
	if pos, ok := s.find(id); ok {
		return pos
	}
	return -1
}

// indexed is how many items the set finds by their ids at their positions.
func indexed(s *itemSet) int {
	n := 0
	for pos := range s.len() {
		if position(s, s.idAt(pos)) == pos {
			n++
		}
	}
	return n
}
