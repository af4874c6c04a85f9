package store

import (
	"encoding/binary"
	"encoding/json"
	"slices"
	"strings"
)

// The items of a cached board share their extra fields' maps when the
// fields are the same (a story's workitem_type_id: most workspaces have one
// story type), as the items of an answer do (see api's sharedExtras): a map
// of one entry costs more than the rest of an item's text. api.Item.Set
// copies a shared map before it writes.

// extrasOfItems hands out one map per distinct set of extra fields.
type extrasOfItems struct {
	maps   map[string]map[string]json.RawMessage
	key    []byte
	fields [][2]string // the current item's names and values
}

// add records a field of the current item.
func (e *extrasOfItems) add(name, value string) {
	e.fields = append(e.fields, [2]string{name, value})
}

// take returns the map of the current item's fields, shared with the items
// before it that had the same ones, and starts the next item. The fields
// are keyed in the order of their names: a map is written in no order, so
// two items alike come back with their fields in two orders.
func (e *extrasOfItems) take() map[string]json.RawMessage {
	slices.SortFunc(e.fields, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	e.key = e.key[:0]
	for _, f := range e.fields {
		e.key = binary.AppendUvarint(e.key, uint64(len(f[0])))
		e.key = append(e.key, f[0]...)
		e.key = binary.AppendUvarint(e.key, uint64(len(f[1])))
		e.key = append(e.key, f[1]...)
	}
	m, ok := e.maps[string(e.key)]
	if !ok {
		m = make(map[string]json.RawMessage, len(e.fields))
		for _, f := range e.fields {
			m[f[0]] = json.RawMessage(f[1])
		}
		if e.maps == nil {
			e.maps = make(map[string]map[string]json.RawMessage)
		}
		e.maps[string(e.key)] = m
	}
	e.fields = e.fields[:0]
	return m
}
