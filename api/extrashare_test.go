package api

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unsafe"
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

// TestPagesOfAListShareTheirExtraFields: the stories of two pages of one
// list with the same custom field values hold one map (100,000 stories
// with a customer, an estimate and a release held 48 MB of maps alike);
// past sharedSets distinct sets, a new set is not kept to share, and its
// item still reads its values.
func TestPagesOfAListShareTheirExtraFields(t *testing.T) {
	var pool ExtrasPool
	first, err := DecodeItemsPooled(Story, []byte(`[{"Story":{"id":"1","custom_field_one":"Acme","custom_field_two":"3"}}]`), &pool)
	if err != nil {
		t.Fatal(err)
	}
	second, err := DecodeItemsPooled(Story, []byte(`[{"Story":{"id":"2","custom_field_one":"Acme","custom_field_two":"3"}}]`), &pool)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.ValueOf(first[0].Extra).UnsafePointer() != reflect.ValueOf(second[0].Extra).UnsafePointer() {
		t.Error("two stories alike on two pages of a list hold a map each")
	}
	alone, _ := DecodeItems(Story, []byte(`[{"Story":{"id":"3","custom_field_one":"Acme","custom_field_two":"3"}}]`))
	if reflect.ValueOf(alone[0].Extra).UnsafePointer() == reflect.ValueOf(first[0].Extra).UnsafePointer() {
		t.Error("a page read on its own shares the list's map")
	}
	for i := range sharedSets {
		page := []byte(`[{"Story":{"id":"9","custom_field_two":"` + strconv.Itoa(i) + `"}}]`)
		if _, err := DecodeItemsPooled(Story, page, &pool); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(pool.share.maps); n != sharedSets {
		t.Errorf("the pool keeps %d sets; want at most %d", n, sharedSets)
	}
	last, _ := DecodeItemsPooled(Story, []byte(`[{"Story":{"id":"10","custom_field_two":"new"}}]`), &pool)
	if v, _ := last[0].Get("custom_field_two"); v != "new" || len(pool.share.maps) != sharedSets {
		t.Errorf("past the most sets: value %q, %d sets kept", v, len(pool.share.maps))
	}
}

// TestSetsOfCustomFieldsReusedPastSharedSets: 20,000 stories of a type with
// four custom fields of a few values each (a customer, an estimate, a
// release, a user: some 8,000 sets, each of some 130 bytes) hold one map
// per set, past sharedSets too, as long as the sets are reused: 100,000
// such stories held 35 MB of maps of their own.
func TestSetsOfCustomFieldsReusedPastSharedSets(t *testing.T) {
	var pool ExtrasPool
	customers := []string{"", "Acme", "Globex", "Initech", "Umbrella", "Hooli"}
	releases := []string{"", "2025.10", "2025.11", "2025.12", "2026.01"}
	users := []string{"", "demo;", "alice;", "bob;", "wangfang;", "dave;", "erin;"}
	seed := uint32(1)
	next := func(n int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % n
	}
	sets, maps := map[string]bool{}, map[uintptr]bool{}
	for page := range 100 {
		var b strings.Builder
		b.WriteByte('[')
		for i := range 200 {
			if i > 0 {
				b.WriteByte(',')
			}
			fields := fmt.Sprintf(`"workitem_type_id":"1110022001000000001","custom_field_one":%q,"custom_field_two":"%d","custom_field_three":%q,"custom_field_four":%q`,
				customers[next(len(customers))], next(40), releases[next(len(releases))], users[next(len(users))])
			sets[fields] = true
			fmt.Fprintf(&b, `{"Story":{"id":"%d",%s}}`, page*200+i, fields)
		}
		b.WriteByte(']')
		items, err := DecodeItemsPooled(Story, []byte(b.String()), &pool)
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range items {
			maps[uintptr(reflect.ValueOf(it.Extra).UnsafePointer())] = true
		}
	}
	if len(sets) <= sharedSets {
		t.Fatalf("the stories make %d sets; the test wants more than %d", len(sets), sharedSets)
	}
	if len(maps) != len(sets) {
		t.Errorf("20,000 stories of %d sets of custom fields hold %d maps; want one per set", len(sets), len(maps))
	}
}

// TestPagesOfAListShareTheValuesItemsRepeat: stories on two pages of a
// list with the same status, owner, creator and iteration hold one string
// of each (100,000 stories held a copy each, 6 MB), and the values of
// their own (id, title, times) are read as sent.
func TestPagesOfAListShareTheValuesItemsRepeat(t *testing.T) {
	var pool ExtrasPool
	read := func(id, title string) Item {
		t.Helper()
		page := `[{"Story":{"id":"` + id + `","name":"` + title + `","status":"developing","owner":"demo;bob;","creator":"alice",` +
			`"iteration_id":"1110022001000000003","workspace_id":"10022001","priority_label":"High","created":"2026-06-10 20:49:35"}}]`
		items, err := DecodeItemsPooled(Story, []byte(page), &pool)
		if err != nil || len(items) != 1 {
			t.Fatalf("%d items: %v", len(items), err)
		}
		return items[0]
	}
	a, b := read("1", "Add the checklist"), read("2", "Rework the filters")
	if a.ID != "1" || a.Title != "Add the checklist" || b.ID != "2" || b.Title != "Rework the filters" ||
		a.Created != "2026-06-10 20:49:35" || b.Status != "developing" || b.Owner != "demo;bob;" {
		t.Fatalf("read %+v and %+v", a, b)
	}
	for name, pair := range map[string][2]string{"status": {a.Status, b.Status}, "owner": {a.Owner, b.Owner},
		"creator": {a.Creator, b.Creator}, "iteration": {a.IterationID, b.IterationID},
		"workspace": {a.WorkspaceID, b.WorkspaceID}, "priority": {a.PriorityLabel, b.PriorityLabel}} {
		if unsafe.StringData(pair[0]) != unsafe.StringData(pair[1]) {
			t.Errorf("two stories of the same %s %q hold a copy each", name, pair[0])
		}
	}
}
