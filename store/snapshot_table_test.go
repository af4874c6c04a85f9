package store

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"triage/api"
)

// boardLikeTheSandbox is n stories as `triage serve --items` lists them:
// a type, four custom fields of a few values each, and statuses, owners,
// creators and iterations that repeat.
func boardLikeTheSandbox(n int) []api.Item {
	statuses := []string{"planning", "developing", "resolved", "rejected", "status_5", "status_6"}
	users := []string{"demo;", "alice;", "bob;", "wangfang;", "dave;", "erin;", "demo;bob;"}
	customers := []string{"", `"Acme"`, `"Globex"`, `"Initech"`, `"Umbrella"`, `"Hooli"`}
	releases := []string{"", `"2025.10"`, `"2025.11"`, `"2025.12"`, `"2026.01"`}
	items := make([]api.Item, n)
	for i := range items {
		items[i] = api.Item{
			Kind: api.Story, ID: fmt.Sprintf("11100220010%08d", i+1), WorkspaceID: "10022001",
			Title:    fmt.Sprintf("Improve dark mode for enterprise accounts (%d)", i),
			Priority: "2", PriorityLabel: []string{"High", "Middle", "Low"}[i%3], Status: statuses[i%len(statuses)],
			Owner: users[i%len(users)], Creator: users[i/7%len(users)],
			Created:     fmt.Sprintf("2026-06-%02d 14:%02d:%02d", i%28+1, i/60%60, i%60),
			Modified:    fmt.Sprintf("2026-10-%02d 17:%02d:%02d", i%28+1, i/60%60, i%60),
			IterationID: fmt.Sprintf("111002200100000000%d", i%5), Label: []string{"", "ux|performance"}[i%2],
			Extra: map[string]json.RawMessage{
				"workitem_type_id":   json.RawMessage(`"1110022001000000001"`),
				"custom_field_one":   json.RawMessage(customers[i%len(customers)]),
				"custom_field_two":   json.RawMessage(fmt.Sprintf(`"%d"`, i%40)),
				"custom_field_three": json.RawMessage(releases[i/3%len(releases)]),
				"custom_field_four":  json.RawMessage(fmt.Sprintf("%q", users[i/5%len(users)])),
			},
		}
	}
	return items
}

// TestCachedBoardWritesRepeatedTextsOnce: 10,000 stories like the
// sandbox's are cached in at most 140 bytes each (321 when every item
// wrote its custom fields' names and values, its status and owner: the
// save of 100,000 held 29 MB at once), read back as saved, and the
// stories read back share the strings they repeat.
func TestCachedBoardWritesRepeatedTextsOnce(t *testing.T) {
	items := boardLikeTheSandbox(10_000)
	raw, err := encodeSnapshot(Snapshot{Items: items, Fields: testFields(), SavedAt: testNow, Synced: "2026-01-06 17:16:04"})
	if err != nil {
		t.Fatal(err)
	}
	if per := len(raw) / len(items); per > 140 {
		t.Errorf("a story takes %d bytes of the cached board; want 140 at most", per)
	}
	snap, ok, err := decodeSnapshot(raw)
	if err != nil || !ok {
		t.Fatalf("decodeSnapshot = %v, %v", ok, err)
	}
	if !reflect.DeepEqual(snap.Items, items) {
		t.Fatal("the stories read back differ from those saved")
	}
	a, b := snap.Items[0], snap.Items[6] // of the first of the six statuses
	if a.Status != b.Status || unsafe.StringData(a.Status) != unsafe.StringData(b.Status) {
		t.Errorf("two stories of status %q and %q hold a copy each", a.Status, b.Status)
	}
}
