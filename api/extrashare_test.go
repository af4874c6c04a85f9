package api

import (
	"reflect"
	"testing"
)

// TestItemsAlikeShareTheirExtraFields: the stories of a page with the same
// extra fields hold one map between them (100,000 maps of one entry were
// 40 MB), one with other values a map of its own, and Set on one story
// changes that story only.
func TestItemsAlikeShareTheirExtraFields(t *testing.T) {
	page := []byte(`[{"Story":{"id":"1","workitem_type_id":"7"}},{"Story":{"id":"2","workitem_type_id":"7"}},` +
		`{"Story":{"id":"3","workitem_type_id":"8"}},{"Story":{"id":"4","workitem_type_id":"7","custom_field_one":"a"}}]`)
	items, err := DecodeItems(Story, page)
	if err != nil || len(items) != 4 {
		t.Fatalf("%d items: %v", len(items), err)
	}
	if reflect.ValueOf(items[0].Extra).UnsafePointer() != reflect.ValueOf(items[1].Extra).UnsafePointer() {
		t.Error("two stories of the same type hold a map each")
	}
	if reflect.ValueOf(items[0].Extra).UnsafePointer() == reflect.ValueOf(items[2].Extra).UnsafePointer() {
		t.Error("stories of two types share a map")
	}
	want := []map[string]string{
		{"workitem_type_id": "7"}, {"workitem_type_id": "7"}, {"workitem_type_id": "8"},
		{"workitem_type_id": "7", "custom_field_one": "a"},
	}
	for i, it := range items {
		got := map[string]string{}
		for k := range it.Extra {
			got[k], _ = it.Get(k)
		}
		if !reflect.DeepEqual(got, want[i]) {
			t.Errorf("story %s has %v; want %v", it.ID, got, want[i])
		}
	}
	items[0].Set("workitem_type_id", "9")
	if v, _ := items[0].Get("workitem_type_id"); v != "9" {
		t.Errorf("the story set has type %q; want 9", v)
	}
	if v, _ := items[1].Get("workitem_type_id"); v != "7" {
		t.Errorf("setting one story changed the type of another to %q", v)
	}
}
