package store

import (
	"encoding/json"
	"reflect"
	"testing"
	"unsafe"

	"triage/api"
)

// TestCachedItemsAlikeShareTheirExtraFields: stories read back from the
// cache with the same extra fields hold one map between them (100,000 maps
// of one entry were 40 MB); one with other fields has its own, and every
// story reads back as saved.
func TestCachedItemsAlikeShareTheirExtraFields(t *testing.T) {
	items := testItems(4)
	for i := range items {
		items[i].Extra = map[string]json.RawMessage{"workitem_type_id": json.RawMessage(`"7"`)}
	}
	items[2].Extra = map[string]json.RawMessage{"workitem_type_id": json.RawMessage(`"8"`)}
	items[3].Extra = map[string]json.RawMessage{"workitem_type_id": json.RawMessage(`"7"`), "size": json.RawMessage(`3`)}
	raw, err := encodeSnapshot(Snapshot{Items: items, Fields: testFields(), SavedAt: testNow})
	if err != nil {
		t.Fatal(err)
	}
	snap, ok, err := decodeSnapshot(raw)
	if err != nil || !ok {
		t.Fatalf("decodeSnapshot = %v, %v", ok, err)
	}
	if !reflect.DeepEqual(snap.Items, items) {
		t.Errorf("read back %+v; want %+v", snap.Items, items)
	}
	same := func(i, j int) bool {
		return reflect.ValueOf(snap.Items[i].Extra).UnsafePointer() == reflect.ValueOf(snap.Items[j].Extra).UnsafePointer()
	}
	if !same(0, 1) {
		t.Error("two stories of the same type hold a map each")
	}
	if same(0, 2) || same(0, 3) {
		t.Error("stories with other extra fields share a map")
	}
}

// TestPartialSnapshotRoundTrip: the snapshot of a load stopped part way
// reads back with the pages it listed; a whole one reads back with none.
func TestPartialSnapshotRoundTrip(t *testing.T) {
	items := testItems(5)
	listed := map[int]int{1: 3, 4: 2}
	e, err := EncodePartial(func(yield func(*api.Item) bool) {
		for i := range items {
			if !yield(&items[i]) {
				return
			}
		}
	}, testFields(), testNow, "2026-01-05 00:04:00", listed)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := e.Decode()
	if err != nil || !reflect.DeepEqual(snap.Listed, listed) || !reflect.DeepEqual(snap.Items, items) || snap.Synced != "2026-01-05 00:04:00" {
		t.Fatalf("read back %d items, pages %v, synced %q: %v", len(snap.Items), snap.Listed, snap.Synced, err)
	}
	raw, err := encodeSnapshot(Snapshot{Items: items, SavedAt: testNow})
	if err != nil {
		t.Fatal(err)
	}
	if whole, _, err := decodeSnapshot(raw); err != nil || whole.Listed != nil {
		t.Errorf("a whole board reads back with pages %v: %v", whole.Listed, err)
	}
}

// TestCachedItemsWithSeveralFieldsShareThem: stories alike in several extra
// fields (a customer, an estimate, a release) share one map once read back,
// though a map is written in no order: 100,000 of them held a map each.
func TestCachedItemsWithSeveralFieldsShareThem(t *testing.T) {
	items := testItems(40)
	for i := range items {
		items[i].Extra = map[string]json.RawMessage{
			"custom_field_one": json.RawMessage(`"Acme"`), "custom_field_two": json.RawMessage(`"3"`),
			"custom_field_three": json.RawMessage(`"2025.10"`), "workitem_type_id": json.RawMessage(`"7"`),
		}
	}
	raw, err := encodeSnapshot(Snapshot{Items: items, Fields: testFields(), SavedAt: testNow})
	if err != nil {
		t.Fatal(err)
	}
	snap, ok, err := decodeSnapshot(raw)
	if err != nil || !ok || !reflect.DeepEqual(snap.Items, items) {
		t.Fatalf("decodeSnapshot = %v, %v, or the items differ", ok, err)
	}
	maps := map[unsafe.Pointer]bool{}
	for _, it := range snap.Items {
		maps[reflect.ValueOf(it.Extra).UnsafePointer()] = true
	}
	if len(maps) != 1 {
		t.Errorf("40 stories alike hold %d maps; want 1", len(maps))
	}
}
