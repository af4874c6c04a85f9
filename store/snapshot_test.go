package store

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"reflect"
	"testing"

	"triage/api"
)

// TestFlatSnapshotRoundTrip: items with several extra fields, empty texts
// and every kind come back as saved.
func TestFlatSnapshotRoundTrip(t *testing.T) {
	items := testItems(4)
	items[1].Extra = map[string]json.RawMessage{"a": json.RawMessage(`1`), "bb": json.RawMessage(`"x"`), "ccc": json.RawMessage(`null`)}
	items[2].Extra = nil
	items[2].Kind, items[3].Kind = api.Bug, api.Task
	items[3].Title, items[3].Description = "", "多行\n描述"
	raw, err := encodeSnapshot(Snapshot{Items: items, Fields: testFields(), SavedAt: testNow, Synced: "2026-01-06 17:16:04"})
	if err != nil {
		t.Fatal(err)
	}
	if raw[0] != tableVersion {
		t.Fatalf("saved as version %d, want the flat with a table %d", raw[0], tableVersion)
	}
	snap, ok, err := decodeSnapshot(raw)
	if err != nil || !ok {
		t.Fatalf("decodeSnapshot = %v, %v", ok, err)
	}
	if !reflect.DeepEqual(snap.Items, items) || !reflect.DeepEqual(snap.Fields, testFields()) ||
		!snap.SavedAt.Equal(testNow) || snap.Synced != "2026-01-06 17:16:04" {
		t.Errorf("round trip differs: %+v", snap.Items)
	}
}

// TestFlatSnapshotCutShort: an entry cut anywhere is an error, never a
// panic or items made up.
func TestFlatSnapshotCutShort(t *testing.T) {
	raw, err := encodeSnapshot(Snapshot{Items: testItems(3), Fields: testFields(), SavedAt: testNow})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n < len(raw); n++ {
		if _, ok, err := decodeSnapshot(raw[:n]); ok || err == nil {
			t.Fatalf("cut after %d of %d bytes: found %v, %v; want an error", n, len(raw), ok, err)
		}
	}
}

// TestSnapshotWithoutCreatorsIsListedAnew: an entry saved before the lists
// asked for the creator (flat version 2) still draws its items, but without
// its sync point, so that the next refresh lists every item, creators and
// all, rather than only those changed since.
func TestSnapshotWithoutCreatorsIsListedAnew(t *testing.T) {
	raw := untabledEntry(t, flatNoCreatorVersion, Snapshot{Items: testItems(3), Fields: testFields(), SavedAt: testNow, Synced: "2026-01-06 17:16:04"})
	snap, ok, err := decodeSnapshot(raw)
	if err != nil || !ok || len(snap.Items) != 3 || snap.Synced != "" {
		t.Errorf("a version 2 entry reads as %d items synced at %q (%v, %v), want 3 items and no sync point", len(snap.Items), snap.Synced, ok, err)
	}
}

// TestUntabledSnapshotStillReads: an entry saved before the table (flat
// version 3) reads back whole, sync point and all.
func TestUntabledSnapshotStillReads(t *testing.T) {
	items := testItems(3)
	items[1].Extra = map[string]json.RawMessage{"a": json.RawMessage(`1`), "bb": json.RawMessage(`"x"`)}
	raw := untabledEntry(t, flatVersion, Snapshot{Items: items, Fields: testFields(), SavedAt: testNow, Synced: "2026-01-06 17:16:04"})
	snap, ok, err := decodeSnapshot(raw)
	if err != nil || !ok || !reflect.DeepEqual(snap.Items, items) || snap.Synced != "2026-01-06 17:16:04" {
		t.Errorf("a version 3 entry reads as %+v synced at %q (%v, %v)", snap.Items, snap.Synced, ok, err)
	}
}

// untabledEntry writes a snapshot as flat versions 2 and 3 did: the length
// of each text, then the texts, with no table.
func untabledEntry(t *testing.T, version byte, s Snapshot) []byte {
	t.Helper()
	var head bytes.Buffer
	if err := gob.NewEncoder(&head).Encode(snapshotHead{Fields: s.Fields, SavedAt: s.SavedAt, Synced: s.Synced}); err != nil {
		t.Fatal(err)
	}
	var lens, text []byte
	for _, it := range s.Items {
		lens = binary.AppendUvarint(lens, uint64(it.Kind))
		for _, f := range it.Texts() {
			lens = binary.AppendUvarint(lens, uint64(len(*f)))
			text = append(text, *f...)
		}
		lens = binary.AppendUvarint(lens, uint64(len(it.Extra)))
		for k, v := range it.Extra {
			lens = binary.AppendUvarint(binary.AppendUvarint(lens, uint64(len(k))), uint64(len(v)))
			text = append(append(text, k...), v...)
		}
	}
	raw := binary.AppendUvarint([]byte{version}, uint64(head.Len()))
	raw = append(raw, head.Bytes()...)
	raw = binary.AppendUvarint(raw, uint64(len(s.Items)))
	raw = binary.AppendUvarint(raw, uint64(len(text)))
	return append(append(raw, lens...), text...)
}
