package sandbox

import (
	"net/url"
	"strings"
	"testing"
)

// TestChangesOfSeveralItemsPaged: story_id takes several ids joined by ","
// (story/get_story_changes: 支持多ID查询); the list holds their changes
// alone, oldest first, page by page (limit, page), and the count agrees.
func TestChangesOfSeveralItemsPaged(t *testing.T) {
	h := startHarness(t, Options{})
	ws := "10022001"
	var listed []struct {
		Story struct {
			ID string `json:"id"`
		}
	}
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {ws}, "limit": {"3"}, "order": {"id asc"}, "fields": {"id"}}}).wantOK(t, &listed)
	if len(listed) != 3 {
		t.Fatalf("%d stories listed", len(listed))
	}
	ids := []string{listed[0].Story.ID, listed[1].Story.ID, listed[2].Story.ID}
	for _, name := range []string{"one", "two"} {
		for _, id := range ids[:2] {
			h.do(request{method: "POST", path: "/stories", auth: h.apiBasic(),
				form: url.Values{"workspace_id": {ws}, "id": {id}, "name": {"renamed " + name}, "current_user": {"alice"}}}).wantOK(t, nil)
		}
	}
	q := url.Values{"workspace_id": {ws}, "story_id": {strings.Join(ids[:2], ",")}, "change_field": {"name"}, "order": {"created asc"}, "limit": {"3"}}
	type page []struct {
		WorkitemChange struct {
			StoryID string `json:"story_id"`
			Creator string `json:"creator"`
			Created string `json:"created"`
		}
	}
	var first, second page
	h.do(request{path: "/story_changes", auth: h.apiBasic(), query: q}).wantOK(t, &first)
	q.Set("page", "2")
	h.do(request{path: "/story_changes", auth: h.apiBasic(), query: q}).wantOK(t, &second)
	all := append(first, second...)
	if len(first) != 3 || len(second) != 1 {
		t.Fatalf("pages of %d and %d changes; want 3 and 1 (two renames of two stories)", len(first), len(second))
	}
	for i, c := range all {
		if c.WorkitemChange.StoryID != ids[0] && c.WorkitemChange.StoryID != ids[1] || c.WorkitemChange.Creator != "alice" {
			t.Errorf("change %d: %+v; want alice's, of the two stories named", i, c.WorkitemChange)
		}
		if i > 0 && c.WorkitemChange.Created < all[i-1].WorkitemChange.Created {
			t.Errorf("change %d comes before the one above it", i)
		}
	}
	var count struct {
		Count int `json:"count"`
	}
	q.Del("page")
	h.do(request{path: "/story_changes/count", auth: h.apiBasic(), query: q}).wantOK(t, &count)
	if count.Count != 4 {
		t.Errorf("count = %d, want 4", count.Count)
	}
}
