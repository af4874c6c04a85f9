package store

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"iter"
	"time"

	"triage/api"
)

// How a Snapshot is stored. An entry starts with a version byte; one of a
// version not listed here is a cache miss.
//
//   - snapshotVersion (1), older: the whole snapshot gob-encoded. Still read.
//   - tableVersion (5), written now: flatVersion with a table of the texts
//     its items repeat, to which they refer (see snapshot_table.go).
//   - flatVersion (3), older: flat, so that 100,000 items decode in a
//     few milliseconds with one allocation for all their text. After the
//     version byte: the length of a gob-encoded snapshotHead, the head, the
//     number of items, the length of the text, then per item its kind and
//     the length of each of its texts (api.Item.Texts, then the number of its
//     extra fields and the length of each name and value), all as uvarints,
//     then the text: every string of every item, one after the other.
//     Decoding copies the text once and slices each string from it.
//   - flatNoCreatorVersion (2), older: flat too, of items listed without
//     who made them (api.ListFields had no creator). Still read, without
//     its sync point, as version 1 is: the next refresh is a whole list,
//     which brings the creators the filter's creator: reads.
const (
	snapshotVersion      byte = 1
	flatNoCreatorVersion byte = 2
	flatVersion          byte = 3
	tableVersion         byte = 5
)

// snapshotRecord is the stored form of a Snapshot in snapshotVersion.
type snapshotRecord struct {
	Items   []api.Item
	Fields  api.FieldInfo
	SavedAt time.Time
	Synced  string // added after version 1: gob leaves it empty in older entries
	// Transitions were added later: gob leaves them empty in older entries.
	Transitions []api.Transition
}

// snapshotHead is what a flat entry holds besides the items.
type snapshotHead struct {
	Fields      api.FieldInfo
	SavedAt     time.Time
	Synced      string
	Transitions []api.Transition // the kind's workflow, for status moves made offline
	Listed      map[int]int      // a load stopped part way: Snapshot.Listed
}

// errFlat is an entry cut short or inconsistent.
var errFlat = api.Errorf("the cached entry is cut short")

// Encoded is a snapshot encoded for the cache. Encode reads the items where
// they are safe to read (the board's own goroutine), so that the write can
// run elsewhere without a copy of them.
type Encoded struct {
	raw    []byte
	textAt int // where the text starts in raw
}

// Encode encodes the items items yields, in order (it is called twice: to
// size the entry, then to fill it), with the field information, the time
// the snapshot is saved at, its sync point and the kind's workflow.
func Encode(items iter.Seq[*api.Item], fields api.FieldInfo, savedAt time.Time, synced string, moves []api.Transition) (Encoded, error) {
	return encode(snapshotHead{Fields: fields, SavedAt: savedAt, Synced: synced, Transitions: moves}, items)
}

// encode encodes a snapshot's head and the items items yields (twice).
func encode(h snapshotHead, items iter.Seq[*api.Item]) (Encoded, error) {
	var head bytes.Buffer
	if err := gob.NewEncoder(&head).Encode(h); err != nil {
		return Encoded{}, api.Errorf("encode: %w", err)
	}
	// The first pass fills the table and sizes the entry (the refs and the
	// text), so that the second writes the refs and the text into one
	// buffer: a second buffer of all the text, joined at the end, cost its
	// size again.
	var table textTable
	count, size, lengths := 0, 0, 0
	for it := range items {
		lengths += uvarintLen(uint64(it.Kind)) + uvarintLen(uint64(len(it.Extra)))
		for i, f := range it.Texts() {
			lengths, size = sizeText(&table, *f, tabledTexts[i], lengths, size)
		}
		for k, v := range it.Extra {
			lengths, size = sizeText(&table, k, true, lengths, size)
			lengths, size = sizeText(&table, v, true, lengths, size)
		}
		count++
	}
	lengths += uvarintLen(uint64(len(table.texts)))
	for _, s := range table.texts {
		lengths += uvarintLen(uint64(len(s)))
	}
	size += table.size
	out := make([]byte, 0, 1+3*binary.MaxVarintLen64+head.Len()+lengths+size)
	out = append(out, tableVersion)
	out = binary.AppendUvarint(out, uint64(head.Len()))
	out = append(out, head.Bytes()...)
	out = binary.AppendUvarint(out, uint64(count))
	out = binary.AppendUvarint(out, uint64(size))
	// The table, then each item's refs, then the text: the table's, then
	// the items' own, written in one pass over each item so that its extra
	// fields come in the same order in both.
	textAt := len(out) + lengths
	lens, text := out, out[textAt:textAt]
	out = out[:textAt+size]
	lens = binary.AppendUvarint(lens, uint64(len(table.texts)))
	for _, s := range table.texts {
		lens = binary.AppendUvarint(lens, uint64(len(s)))
		text = append(text, s...)
	}
	n := 0
	fits := func() bool { return len(lens) <= textAt && len(text) <= size }
	for it := range items {
		if n++; n > count {
			return Encoded{}, errChanged
		}
		lens = binary.AppendUvarint(lens, uint64(it.Kind))
		for i, f := range it.Texts() {
			lens, text = writeText(&table, *f, tabledTexts[i], lens, text)
		}
		lens = binary.AppendUvarint(lens, uint64(len(it.Extra)))
		for k, v := range it.Extra {
			lens, text = writeText(&table, k, true, lens, text)
			lens, text = writeText(&table, v, true, lens, text)
		}
		if !fits() {
			return Encoded{}, errChanged
		}
	}
	if n != count || len(lens) != textAt || len(text) != size {
		return Encoded{}, errChanged
	}
	return Encoded{raw: out, textAt: textAt}, nil
}

// sizeText counts a text of an item in the first pass: it adds a tabled text
// to the table, and adds its ref's length to lengths and its own text's to
// size.
func sizeText[T ~string | ~[]byte](t *textTable, s T, tabled bool, lengths, size int) (int, int) {
	if tabled {
		add(t, s)
	}
	ref, own := refOf(t, s, tabled)
	if own {
		size += len(s)
	}
	return lengths + uvarintLen(ref), size
}

// writeText writes a text of an item in the second pass: its ref to lens,
// its own text to text.
func writeText[T ~string | ~[]byte](t *textTable, s T, tabled bool, lens, text []byte) ([]byte, []byte) {
	ref, own := refOf(t, s, tabled)
	if own {
		text = append(text, s...)
	}
	return binary.AppendUvarint(lens, ref), text
}

// errChanged is an encoding whose items changed between its two passes.
var errChanged = api.Errorf("encode: the items changed while they were encoded")

// uvarintLen is the length of v written as a uvarint.
func uvarintLen(v uint64) int {
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// Decode reads what Encode made, as Load would.
func (e Encoded) Decode() (Snapshot, error) {
	s, _, err := decodeSnapshot(e.raw)
	return s, err
}

// encodeSnapshot encodes a whole Snapshot.
func encodeSnapshot(s Snapshot) ([]byte, error) {
	e, err := encodeWhole(s)
	return e.raw, err
}

// encodeWhole encodes a whole Snapshot for SaveEncoded.
func encodeWhole(s Snapshot) (Encoded, error) {
	return Encode(func(yield func(*api.Item) bool) {
		for i := range s.Items {
			if !yield(&s.Items[i]) {
				return
			}
		}
	}, s.Fields, s.SavedAt, s.Synced, s.Transitions)
}

// decodeSnapshot reads a stored snapshot; one of another version is a miss.
func decodeSnapshot(raw []byte) (Snapshot, bool, error) {
	if len(raw) == 0 {
		return Snapshot{}, false, nil
	}
	switch raw[0] {
	case snapshotVersion:
		var rec snapshotRecord
		if err := gob.NewDecoder(bytes.NewReader(raw[1:])).Decode(&rec); err != nil {
			return Snapshot{}, false, err
		}
		return Snapshot{Items: rec.Items, Fields: rec.Fields, SavedAt: rec.SavedAt, Transitions: rec.Transitions}, true, nil
	case flatNoCreatorVersion, flatVersion, tableVersion:
		s, err := decodeFlat(raw[0], raw[1:])
		if raw[0] == flatNoCreatorVersion {
			s.Synced = ""
		}
		return s, err == nil, err
	}
	return Snapshot{}, false, nil
}

// flatReader reads the uvarints of a flat entry, none more than limit.
type flatReader struct {
	b     []byte
	limit uint64
	err   error
}

func (r *flatReader) next() int {
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > r.limit {
		r.err = errFlat
		r.b = nil
		return 0
	}
	r.b = r.b[n:]
	return int(v)
}

// decodeFlat reads a flat entry of version v after its version byte.
func decodeFlat(v byte, raw []byte) (Snapshot, error) {
	r := &flatReader{b: raw, limit: uint64(len(raw))}
	headLen := r.next()
	if r.err != nil || headLen > len(r.b) {
		return Snapshot{}, errFlat
	}
	r.b = r.b[headLen:]
	r.next()
	textLen := r.next()
	if r.err != nil || textLen > len(raw) {
		return Snapshot{}, errFlat
	}
	return decodeFlatParts(v, raw[:len(raw)-textLen], string(raw[len(raw)-textLen:]))
}

// decodeFlatParts reads a flat entry of version v after its version byte
// whose text is apart: front is the head and the lengths (the refs of
// tableVersion), text the text.
func decodeFlatParts(v byte, front []byte, text string) (Snapshot, error) {
	r := &flatReader{b: front, limit: uint64(len(front) + len(text))}
	headLen := r.next()
	if r.err != nil || headLen > len(r.b) {
		return Snapshot{}, errFlat
	}
	var head snapshotHead
	if err := gob.NewDecoder(bytes.NewReader(r.b[:headLen])).Decode(&head); err != nil {
		return Snapshot{}, err
	}
	r.b = r.b[headLen:]
	count, textLen := r.next(), r.next()
	if r.err != nil || textLen != len(text) || count > len(r.b) {
		return Snapshot{}, errFlat
	}
	at := 0
	cut := func(n int) string {
		if n > len(text)-at {
			r.err = errFlat
			return ""
		}
		s := text[at : at+n]
		at += n
		return s
	}
	next := func() string { return cut(r.next()) }
	if v == tableVersion {
		var table []string
		if n := r.next(); n <= len(r.b) {
			table = make([]string, n)
		} else {
			r.err = errFlat
		}
		for i := range table {
			table[i] = cut(r.next())
		}
		next = func() string {
			ref := r.next()
			if ref&1 == 0 {
				return cut(ref >> 1)
			}
			if ref>>1 >= len(table) {
				r.err = errFlat
				return ""
			}
			return table[ref>>1]
		}
	}
	items := make([]api.Item, count)
	var extras extrasOfItems
	for i := range items {
		it := &items[i]
		it.Kind = api.Kind(r.next())
		for _, f := range it.Texts() {
			*f = next()
		}
		if extra := r.next(); extra > 0 {
			for range extra {
				k := next()
				extras.add(k, next())
			}
			it.Extra = extras.take()
		}
		if r.err != nil {
			return Snapshot{}, r.err
		}
	}
	if at != len(text) || len(r.b) != 0 {
		return Snapshot{}, errFlat
	}
	return Snapshot{Items: items, Fields: head.Fields, SavedAt: head.SavedAt, Synced: head.Synced, Transitions: head.Transitions, Listed: head.Listed}, nil
}
