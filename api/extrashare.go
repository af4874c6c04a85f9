package api

import (
	"encoding/json"
	"sync"
)

// Items of one answer often carry the same extra fields with the same values
// (a story's workitem_type_id: most workspaces have one story type). A map
// of one entry costs some 400 bytes, more than the rest of the item's text:
// 100,000 stories held 40 MB of maps alike. So the items of one answer whose
// few extra fields are the same share one map. A shared map is never
// written in place: Item.Set copies it first.

// sharedExtras hands out one map per distinct set of extra fields. The
// pages of one list share one (ExtrasPool): a workspace's custom fields
// (a customer, an estimate, a release) take few values, so 100,000 stories
// hold a few thousand sets of them, where each story held a map of its own
// (48 MB of them).
type sharedExtras struct {
	mu    sync.Mutex                            // a pool's pages are read at once
	maps  map[string]map[string]json.RawMessage // by extrasKey
	key   []byte
	hits  int               // items given a map kept before
	texts map[string]string // the typed values items repeat (Item.repeated)
}

// sharedSets is the most sets of extra fields one sharer keeps whatever
// the items read: past them, it keeps a new set only while the items read
// reuse the sets kept (hits a quarter of the sets at least). Four custom
// fields of a few values each make some 20,000 sets among 100,000
// stories, each used five times; a free-text custom field makes a set per
// item, none reused, and its keys would cost as much as the maps they save.
const sharedSets = 4096

// ExtrasPool shares the extra fields' maps among the pages of one list.
type ExtrasPool struct{ share sharedExtras }

// sharedField is one extra field of an item being read: its name and its
// value as sent.
type sharedField struct {
	Name  string
	Value []byte
}

// sharedMost is the most text (names and values) the extra fields of an
// item may hold to be shared: items with many (a list of every field) are
// seldom alike, and their key would cost their size again.
const sharedMost = 512

// get returns the map of fields, shared with the items read before that
// had the same ones; fields is read, not kept. The caller holds s.mu.
func (s *sharedExtras) get(fields []sharedField) map[string]json.RawMessage {
	size := 0
	for _, f := range fields {
		size += len(f.Name) + len(f.Value)
	}
	if size > sharedMost {
		return newExtras(fields)
	}
	s.key = s.key[:0]
	for _, f := range fields {
		s.key = appendLenValue(s.key, []byte(f.Name))
		s.key = appendLenValue(s.key, f.Value)
	}
	if m, ok := s.maps[string(s.key)]; ok {
		s.hits++
		return m
	}
	m := newExtras(fields)
	if s.maps == nil {
		s.maps = make(map[string]map[string]json.RawMessage)
	}
	if len(s.maps) < sharedSets || 4*s.hits >= len(s.maps) {
		s.maps[string(s.key)] = m
	}
	return m
}

// newExtras is a map of its own of the fields, their values in one copy.
func newExtras(fields []sharedField) map[string]json.RawMessage {
	size := 0
	for _, f := range fields {
		size += len(f.Value)
	}
	raw := make([]byte, 0, size)
	m := make(map[string]json.RawMessage, len(fields))
	for _, f := range fields {
		start := len(raw)
		raw = append(raw, f.Value...)
		m[f.Name] = raw[start:len(raw):len(raw)]
	}
	return m
}

// appendLenValue appends a value after its length, so that no two sets of
// fields make the same key.
func appendLenValue(b, v []byte) []byte {
	n := len(v)
	for n >= 0x80 {
		b = append(b, byte(n)|0x80)
		n >>= 7
	}
	return append(append(b, byte(n)), v...)
}

// sharedTexts is the most typed values one sharer keeps, and
// sharedTextLongest the longest: a status, an owner, an iteration's id.
const (
	sharedTexts       = 1 << 16
	sharedTextLongest = 64
)

// text returns v as a string, the string of an item read before with the
// same value: 100,000 stories of a workspace hold a few statuses, owners
// and iterations, each in a copy of its own (6 MB). The caller holds s.mu.
func (s *sharedExtras) text(v []byte) string {
	if t, ok := s.texts[string(v)]; ok {
		return t
	}
	t := string(v)
	if len(v) > sharedTextLongest || len(s.texts) >= sharedTexts {
		return t
	}
	if s.texts == nil {
		s.texts = make(map[string]string)
	}
	s.texts[t] = t
	return t
}

// repeated tells whether p is a typed field whose values many items share
// (a workspace, a status, an owner, an iteration), read into strings shared
// among them.
func (it *Item) repeated(p *string) bool {
	switch p {
	case &it.WorkspaceID, &it.Priority, &it.PriorityLabel, &it.Status, &it.Owner, &it.Creator,
		&it.IterationID, &it.Label, &it.Severity, &it.StoryID:
		return true
	}
	return false
}
