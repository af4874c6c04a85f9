package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"triage/api"
)

// list runs listItems and decodes the answer.
func list(t *testing.T, w *world, ws int64, k api.Kind, q url.Values) []api.Item {
	t.Helper()
	data, herr := w.listItems(workspace(t, w, ws), k, q)
	if herr != nil {
		t.Fatalf("list %v: %v", q, herr)
	}
	items, err := api.DecodeItems(k, data)
	if err != nil {
		t.Fatalf("list %v: %s: %v", q, data, err)
	}
	return items
}

// all lists every item matching q, page by page.
func all(t *testing.T, w *world, ws int64, k api.Kind, q url.Values) []api.Item {
	t.Helper()
	var out []api.Item
	for page := 1; ; page++ {
		pq := url.Values{}
		for key, v := range q {
			pq[key] = v
		}
		pq.Set("limit", "200")
		pq.Set("page", strconv.Itoa(page))
		items := list(t, w, ws, k, pq)
		out = append(out, items...)
		if len(items) < 200 {
			return out
		}
	}
}

func TestListFilters(t *testing.T) {
	w := newSeeded(t)
	stories := w.Items[itemKey{wsPhaseOne, api.Story}].all()
	bugs := w.Items[itemKey{wsPhaseOne, api.Bug}].all()
	cases := []struct {
		name string
		kind api.Kind
		q    url.Values
		want func(it *api.Item) bool
	}{
		{"status", api.Story, url.Values{"status": {"planning"}}, func(it *api.Item) bool { return it.Status == "planning" }},
		{"status alternatives", api.Bug, url.Values{"status": {"new|reopened"}},
			func(it *api.Item) bool { return it.Status == "new" || it.Status == "reopened" }},
		{"two filters", api.Story, url.Values{"status": {"developing"}, "priority_label": {"High"}},
			func(it *api.Item) bool { return it.Status == "developing" && it.PriorityLabel == "High" }},
		{"owner among several", api.Story, url.Values{"owner": {"alice"}},
			func(it *api.Item) bool { return slices.Contains(strings.Split(it.Owner, ";"), "alice") }},
		{"owner with the separator", api.Bug, url.Values{"current_owner": {"bob;|demo;"}},
			func(it *api.Item) bool {
				p := strings.Split(it.Owner, ";")
				return slices.Contains(p, "bob") || slices.Contains(p, "demo")
			}},
		{"label among joined values", api.Story, url.Values{"label": {"ux"}},
			func(it *api.Item) bool { return slices.Contains(strings.Split(it.Label, "|"), "ux") }},
		{"title contains, any case", api.Bug, url.Values{"title": {"CHECKOUT"}},
			func(it *api.Item) bool { return strings.Contains(strings.ToLower(it.Title), "checkout") }},
		{"custom field", api.Story, url.Values{"custom_field_one": {"Acme|Hooli"}},
			func(it *api.Item) bool { v, _ := it.Get("custom_field_one"); return v == "Acme" || v == "Hooli" }},
		{"severity", api.Bug, url.Values{"severity": {"fatal"}}, func(it *api.Item) bool { return it.Severity == "fatal" }},
		{"created on a day", api.Story, url.Values{"created": {stories[100].Created[:10]}},
			func(it *api.Item) bool { return it.Created[:10] == stories[100].Created[:10] }},
		{"created in a range", api.Story, url.Values{"created": {stories[50].Created[:10] + "~" + stories[60].Created[:10]}},
			func(it *api.Item) bool {
				return it.Created[:10] >= stories[50].Created[:10] && it.Created[:10] <= stories[60].Created[:10]
			}},
		{"modified after", api.Bug, url.Values{"modified": {">=" + bugs[170].Modified}},
			func(it *api.Item) bool { return it.Modified >= bugs[170].Modified }},
		{"modified before a day, that day included", api.Bug, url.Values{"modified": {"<" + bugs[20].Modified[:10]}},
			func(it *api.Item) bool { return it.Modified[:10] <= bugs[20].Modified[:10] }},
		{"null dates never match a bound", api.Story, url.Values{"due": {">2000-01-01"}},
			func(it *api.Item) bool { v, _ := it.Get("due"); return v != "" }},
		{"unknown parameter is ignored", api.Story, url.Values{"no_such_field": {"x"}}, func(*api.Item) bool { return true }},
		{"empty value is ignored", api.Story, url.Values{"status": {""}}, func(*api.Item) bool { return true }},
		{"no match", api.Story, url.Values{"status": {"no-such-status"}}, func(*api.Item) bool { return false }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var want []string
			for _, it := range w.Items[itemKey{wsPhaseOne, c.kind}].all() {
				if c.want(&it) {
					want = append(want, it.ID)
				}
			}
			var got []string
			for _, it := range all(t, w, wsPhaseOne, c.kind, c.q) {
				got = append(got, it.ID)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%v: %d items, want %d", c.q, len(got), len(want))
			}
			if n := countOf(t, w, wsPhaseOne, c.kind, c.q); n != len(want) {
				t.Errorf("count %v = %d, want %d", c.q, n, len(want))
			}
		})
	}
}

func TestListByIDs(t *testing.T) {
	w := newSeeded(t)
	items := w.Items[itemKey{wsPhaseOne, api.Task}].all()
	a, b, c := items[3].ID, items[7].ID, items[150].ID
	cases := []struct {
		q    string
		want []string
	}{
		{a, []string{a}},
		{c + "," + a, []string{a, c}},
		{b + "|" + c + ", " + a, []string{a, b, c}},
		{a + ",1299999999000000001", []string{a}},
		{"1299999999000000001", nil},
	}
	for _, tc := range cases {
		var got []string
		for _, it := range list(t, w, wsPhaseOne, api.Task, url.Values{"id": {tc.q}}) {
			got = append(got, it.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("id=%s: %v, want %v", tc.q, got, tc.want)
		}
	}
	data, _ := w.listItems(workspace(t, w, wsPhaseOne), api.Task, url.Values{"id": {"1299999999000000001"}})
	if string(data) != "[]" {
		t.Errorf("empty list is %s, want []", data)
	}
}

func TestListPaging(t *testing.T) {
	w := newSeeded(t)
	stories := w.Items[itemKey{wsPhaseOne, api.Story}].all() // 240
	cases := []struct {
		name     string
		q        url.Values
		wantLen  int
		wantFrom int // position of the first item
		wantErr  string
	}{
		{name: "default limit 30", q: url.Values{}, wantLen: 30},
		{name: "second page", q: url.Values{"limit": {"50"}, "page": {"2"}}, wantLen: 50, wantFrom: 50},
		{name: "last partial page", q: url.Values{"limit": {"100"}, "page": {"3"}}, wantLen: 40, wantFrom: 200},
		{name: "past the end", q: url.Values{"limit": {"100"}, "page": {"4"}}, wantLen: 0},
		{name: "limit capped at 200", q: url.Values{"limit": {"1000"}}, wantLen: 200},
		{name: "page*limit at 20000", q: url.Values{"limit": {"200"}, "page": {"100"}}, wantLen: 0},
		{name: "page*limit past 20000", q: url.Values{"limit": {"200"}, "page": {"101"}}, wantErr: "20000"},
		{name: "capped limit counts", q: url.Values{"limit": {"5000"}, "page": {"101"}}, wantErr: "20000"},
		{name: "huge page", q: url.Values{"page": {"99999999999999999"}}, wantErr: "page"},
		{name: "zero limit", q: url.Values{"limit": {"0"}}, wantErr: "limit"},
		{name: "word limit", q: url.Values{"limit": {"ten"}}, wantErr: "limit"},
		{name: "zero page", q: url.Values{"page": {"0"}}, wantErr: "page"},
		{name: "negative page", q: url.Values{"page": {"-2"}}, wantErr: "page"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, herr := w.listItems(workspace(t, w, wsPhaseOne), api.Story, c.q)
			if c.wantErr != "" {
				if herr == nil || herr.Status != http.StatusUnprocessableEntity || !strings.Contains(herr.Info, c.wantErr) {
					t.Fatalf("got %v, want 422 about %s", herr, c.wantErr)
				}
				return
			}
			if herr != nil {
				t.Fatal(herr)
			}
			items, err := api.DecodeItems(api.Story, data)
			if err != nil {
				t.Fatal(err)
			}
			if len(items) != c.wantLen {
				t.Fatalf("%d items, want %d", len(items), c.wantLen)
			}
			if len(items) > 0 && items[0].ID != stories[c.wantFrom].ID {
				t.Errorf("first item %s, want %s", items[0].ID, stories[c.wantFrom].ID)
			}
		})
	}
}

func TestListOrder(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsPhaseOne)
	// Two items whose ids differ in length compare as numbers, not text.
	ws2 := &Workspace{ID: 10000001, Locale: "en"}
	w.Workspaces = append(w.Workspaces, ws2)
	set := w.items(ws2, api.Story)
	for _, id := range []string{"900", "1000", "95"} {
		set.add(api.Item{Kind: api.Story, ID: id, Status: "planning"})
	}
	cases := []struct {
		name  string
		ws    *Workspace
		order string
		check func(a, b api.Item) bool // holds for each neighbour pair
	}{
		{"created desc", ws, "created desc", func(a, b api.Item) bool { return a.Created >= b.Created }},
		{"created asc", ws, "created ASC", func(a, b api.Item) bool { return a.Created <= b.Created }},
		{"modified default asc", ws, "modified", func(a, b api.Item) bool { return a.Modified <= b.Modified }},
		{"status desc keeps creation order in ties", ws, "status desc", func(a, b api.Item) bool {
			return a.Status > b.Status || (a.Status == b.Status && compareValues(a.ID, b.ID) < 0)
		}},
		{"id desc", ws, "id desc", func(a, b api.Item) bool { return compareValues(a.ID, b.ID) > 0 }},
		{"ids compare as numbers", ws2, "id asc", func(a, b api.Item) bool { return compareValues(a.ID, b.ID) < 0 }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data, herr := w.listItems(c.ws, api.Story, url.Values{"order": {c.order}, "limit": {"200"}})
			if herr != nil {
				t.Fatal(herr)
			}
			items, err := api.DecodeItems(api.Story, data)
			if err != nil {
				t.Fatal(err)
			}
			for i := 1; i < len(items); i++ {
				if !c.check(items[i-1], items[i]) {
					t.Fatalf("items %d and %d out of order: %s / %s", i-1, i, items[i-1].ID, items[i].ID)
				}
			}
		})
	}
	var ids []string
	data, _ := w.listItems(ws2, api.Story, url.Values{"order": {"id asc"}})
	items, _ := api.DecodeItems(api.Story, data)
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	if !slices.Equal(ids, []string{"95", "900", "1000"}) {
		t.Errorf("numeric id order = %v", ids)
	}
	for _, bad := range []string{"nosuchfield desc", "created sideways", "created desc now"} {
		if _, herr := w.listItems(ws, api.Story, url.Values{"order": {bad}}); herr == nil || herr.Status != http.StatusUnprocessableEntity {
			t.Errorf("order=%s: %v, want 422", bad, herr)
		}
	}
}

func TestListFieldsTrimsKeys(t *testing.T) {
	w := newSeeded(t)
	cases := []struct {
		kind   api.Kind
		fields string
		want   []string
	}{
		{api.Story, "id,name,priority_label", []string{"id", "name", "priority_label"}},
		{api.Bug, " title , id ,severity,custom_field_one", []string{"id", "title", "severity", "custom_field_one"}},
		{api.Task, "id,no_such_field", []string{"id"}},
		{api.Task, "", nil},
	}
	for _, c := range cases {
		data, herr := w.listItems(workspace(t, w, wsPhaseOne), c.kind, url.Values{"fields": {c.fields}, "limit": {"3"}})
		if herr != nil {
			t.Fatal(herr)
		}
		var raw []map[string]map[string]json.RawMessage
		if err := json.Unmarshal(data, &raw); err != nil || len(raw) != 3 {
			t.Fatalf("fields=%s: %s (%v)", c.fields, data, err)
		}
		for _, wrapped := range raw {
			inner, ok := wrapped[c.kind.Wrapper()]
			if !ok || len(wrapped) != 1 {
				t.Fatalf("fields=%s: not wrapped once in %s: %v", c.fields, c.kind.Wrapper(), wrapped)
			}
			if c.want == nil {
				if len(inner) < 15 {
					t.Errorf("no fields=: only %d keys", len(inner))
				}
				continue
			}
			keys := make([]string, 0, len(inner))
			for k := range inner {
				keys = append(keys, k)
			}
			if !slices.Equal(slices.Sorted(slices.Values(keys)), slices.Sorted(slices.Values(c.want))) {
				t.Errorf("fields=%s: keys %v, want %v", c.fields, keys, c.want)
			}
		}
	}
}
