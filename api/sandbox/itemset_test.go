package sandbox

import (
	"fmt"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"triage/api"
)

// TestCreatedWindowMatchesAScan checks the binary search over creation
// order: every created filter finds, counts and pages what a scan of every
// item with the filter finds, with generated items, created ones after
// them, and in a set that is not in created order.
func TestCreatedWindowMatchesAScan(t *testing.T) {
	w, err := seedWorld(3000, seedTestNow)
	if err != nil {
		t.Fatal(err)
	}
	ws := workspace(t, w, wsPhaseOne)
	for range 3 {
		if _, _, herr := w.writeItem(ws, api.Story, url.Values{"name": {"late"}}, demoBasic, seedTestNow); herr != nil {
			t.Fatal(herr)
		}
	}
	values := []string{
		"2025-10-01~2025-10-31", "2025-10-01", ">2025-12-20", "<2025-07-20", ">=2025-11-02 10:00", "<=2025-09-01 00:00:00",
		"2025-08-01~2025-08-03|2025-11-01~2025-11-02", "<>2025-10-01~2025-12-31", "2026-01-06", "2030-01-01~", "~2000-01-01",
	}
	check := func(t *testing.T) {
		set := w.readItems(ws, api.Story)
		for _, v := range values {
			q := url.Values{"created": {v}}
			filters, herr := parseFilters(ws, api.Story, catalog(ws, api.Story), q)
			if herr != nil {
				t.Fatal(herr)
			}
			var want []string
			for _, it := range set.all() {
				if filters[0].match(&it) {
					want = append(want, it.ID)
				}
			}
			var got []string
			for page := 1; ; page++ {
				q.Set("limit", "200")
				q.Set("page", strconv.Itoa(page))
				items := list(t, w, wsPhaseOne, api.Story, q)
				for _, it := range items {
					got = append(got, it.ID)
				}
				if len(items) < 200 {
					break
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("created=%s: %d items, want %d", v, len(got), len(want))
			}
			raw, herr := w.countItems(ws, api.Story, url.Values{"created": {v}})
			if herr != nil || string(raw) != `{"count":`+strconv.Itoa(len(want))+`}` {
				t.Errorf("created=%s: count %s, want %d", v, raw, len(want))
			}
		}
	}
	t.Run("in created order", check)
	set := w.readItems(ws, api.Story)
	it := set.at(set.len() - 1)
	it.Created = "2025-01-01 00:00:00"
	set.truncate(set.len() - 1)
	set.add(it)
	if set.sortedCreated {
		t.Fatal("an item created before the one before it left the set sorted")
	}
	t.Run("out of created order", check)
}

// TestGeneratedItemsSurviveARestart: with --data, the generated items are
// made again the same, a written one keeps its change, and ids go on.
func TestGeneratedItemsSurviveARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lazy.db")
	h := startHarness(t, Options{DataPath: path, ExtraItems: 500})
	var before []api.Item
	listAll(t, h, &before)
	edited := before[400]
	changed := writeStory(t, h, url.Values{"id": {edited.ID}, "name": {"renamed after generation"}})
	created := writeStory(t, h, url.Values{"name": {"made after the extras"}})
	again := restart(t, h, Options{DataPath: path})
	var after []api.Item
	listAll(t, again, &after)
	if len(after) != len(before)+1 {
		t.Fatalf("%d stories after the restart, want %d", len(after), len(before)+1)
	}
	for i := range before {
		want := before[i]
		if want.ID == changed.ID {
			want = changed
		}
		if fmt.Sprint(after[i]) != fmt.Sprint(want) {
			t.Fatalf("story %d after the restart:\n%v\nwant\n%v", i, after[i], want)
		}
	}
	if after[len(after)-1].ID != created.ID {
		t.Errorf("the created story %s is not last", created.ID)
	}
	next := writeStory(t, again, url.Values{"name": {"after the restart"}})
	if next.ID <= created.ID {
		t.Errorf("new id %s after %s", next.ID, created.ID)
	}
	again.do(request{path: "/stories", auth: again.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "id": {edited.ID}}}).
		wantOK(t, nil)
}

// TestSeedReportsProgress: Options.Progress hears every item set built, the
// last call done == total.
func TestSeedReportsProgress(t *testing.T) {
	var calls [][2]int
	s, err := New(Options{ExtraItems: 10, Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) }})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	total := len(s.world.Workspaces) * len(api.Kinds)
	if len(calls) != total {
		t.Fatalf("%d progress calls, want %d", len(calls), total)
	}
	for i, c := range calls {
		if c != [2]int{i + 1, total} {
			t.Fatalf("call %d: %v, want %d of %d", i, c, i+1, total)
		}
	}
}
