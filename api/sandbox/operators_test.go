package sandbox

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// TestQueryOperators holds every operator of QUERIES.md to its meaning, on
// the list and the count of each kind: the answer is exactly the items the
// predicate picks from the stored ones.
func TestQueryOperators(t *testing.T) {
	w := newSeeded(t)
	// pickAllOrNone are the cases that pick every item or none on purpose.
	pickAllOrNone := map[string]bool{"title % alone is every item": true}
	for _, kind := range []api.Kind{api.Story, api.Bug, api.Task} {
		items := w.Items[itemKey{wsPhaseOne, kind}].all()
		ref := items[len(items)/2]
		day := ref.Created[:10]
		word := strings.Fields(ref.Title)[1]
		title := kind.TitleField()
		cases := []struct {
			name string
			q    url.Values
			want func(it *api.Item) bool
		}{
			{"created on a day", url.Values{"created": {day}},
				func(it *api.Item) bool { return it.Created[:10] == day }},
			{"created on or after a day", url.Values{"created": {">" + day}},
				func(it *api.Item) bool { return it.Created[:10] >= day }},
			{"created on or before a day", url.Values{"created": {"<" + day}},
				func(it *api.Item) bool { return it.Created[:10] <= day }},
			{">= and <= are > and <", url.Values{"created": {">=" + day}, "modified": {"<=" + ref.Modified[:10]}},
				func(it *api.Item) bool { return it.Created[:10] >= day && it.Modified[:10] <= ref.Modified[:10] }},
			{"created in a range of days, both days included", url.Values{"created": {items[10].Created[:10] + "~" + day}},
				func(it *api.Item) bool { return it.Created[:10] >= items[10].Created[:10] && it.Created[:10] <= day }},
			{"created in a range of times, both ends included", url.Values{"created": {items[10].Created + "~" + ref.Created}},
				func(it *api.Item) bool { return it.Created >= items[10].Created && it.Created <= ref.Created }},
			{"created at or after a time", url.Values{"created": {">" + ref.Created}},
				func(it *api.Item) bool { return it.Created >= ref.Created }},
			{"created at or before a time", url.Values{"created": {"<" + ref.Created}},
				func(it *api.Item) bool { return it.Created <= ref.Created }},
			{"a range to the minute", url.Values{"created": {ref.Created[:16] + "~" + ref.Created[:16]}},
				func(it *api.Item) bool { return it.Created[:16] == ref.Created[:16] }},
			{"a range open at the end", url.Values{"created": {ref.Created + "~"}},
				func(it *api.Item) bool { return it.Created >= ref.Created }},
			{"modified at or after a time", url.Values{"modified": {">" + ref.Modified}},
				func(it *api.Item) bool { return it.Modified >= ref.Modified }},
			{"one of two days", url.Values{"created": {day + "|" + items[3].Created[:10]}},
				func(it *api.Item) bool { return it.Created[:10] == day || it.Created[:10] == items[3].Created[:10] }},
			{"not on a day", url.Values{"created": {"<>" + day}},
				func(it *api.Item) bool { return it.Created[:10] != day }},
			{"status not equal", url.Values{"status": {"<>" + ref.Status}},
				func(it *api.Item) bool { return it.Status != ref.Status }},
			{"status neither of two", url.Values{"status": {"<>" + ref.Status + "|" + items[1].Status}},
				func(it *api.Item) bool { return it.Status != ref.Status && it.Status != items[1].Status }},
			{"status one of two", url.Values{"status": {ref.Status + "|" + items[1].Status}},
				func(it *api.Item) bool { return it.Status == ref.Status || it.Status == items[1].Status }},
			{"id not equal", url.Values{"id": {"<>" + ref.ID}},
				func(it *api.Item) bool { return it.ID != ref.ID }},
			{"title, any case, is found inside longer titles", url.Values{title: {strings.ToUpper(ref.Title)}},
				func(it *api.Item) bool { return containsFold(it.Title, ref.Title) }},
			{"title is a like query: a word finds the titles containing it", url.Values{title: {word}},
				func(it *api.Item) bool { return containsFold(it.Title, word) }},
			{"title with % around the word finds the same", url.Values{title: {"%" + word + "%"}},
				func(it *api.Item) bool { return containsFold(it.Title, word) }},
			{"title with a wildcard between two words, in order", url.Values{title: {strings.Fields(ref.Title)[0] + "%" + lastWord(ref.Title)}},
				func(it *api.Item) bool {
					return inOrderFold(it.Title, strings.Fields(ref.Title)[0], lastWord(ref.Title))
				}},
			{"title not containing", url.Values{title: {"<>%" + word + "%"}},
				func(it *api.Item) bool { return !containsFold(it.Title, word) }},
			{"title % alone is every item", url.Values{title: {"%"}}, func(*api.Item) bool { return true }},
			{"operators combine", url.Values{"created": {">" + items[10].Created}, "status": {"<>" + ref.Status}, title: {"%" + word + "%"}},
				func(it *api.Item) bool {
					return it.Created >= items[10].Created && it.Status != ref.Status &&
						containsFold(it.Title, word)
				}},
		}
		for _, c := range cases {
			t.Run(kind.String()+"/"+c.name, func(t *testing.T) {
				var want []string
				for _, it := range items {
					if c.want(&it) {
						want = append(want, it.ID)
					}
				}
				if !pickAllOrNone[c.name] && (len(want) == 0 || len(want) == len(items)) {
					t.Fatalf("%v picks %d of %d items: the case tests nothing", c.q, len(want), len(items))
				}
				var got []string
				for _, it := range all(t, w, wsPhaseOne, kind, c.q) {
					got = append(got, it.ID)
				}
				if !slices.Equal(got, want) {
					t.Errorf("list %v: %d items, want %d", c.q, len(got), len(want))
				}
				if n := countOf(t, w, wsPhaseOne, kind, c.q); n != len(want) {
					t.Errorf("count %v = %d, want %d", c.q, n, len(want))
				}
			})
		}
	}
}

// containsFold reports whether s contains sub, ignoring case.
func containsFold(s, sub string) bool { return inOrderFold(s, sub) }

// inOrderFold reports whether s contains every part, one after the other,
// ignoring case: what the like query %a%b% finds.
func inOrderFold(s string, parts ...string) bool {
	s = strings.ToLower(s)
	for _, p := range parts {
		i := strings.Index(s, strings.ToLower(p))
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return true
}

func lastWord(s string) string {
	f := strings.Fields(s)
	return f[len(f)-1]
}

// TestQueryOperatorsRefuseBadTimes: a time filter that is not a time is a
// 422 naming the field and the forms it takes, on list and count alike.
func TestQueryOperatorsRefuseBadTimes(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsPhaseOne)
	for _, v := range []string{"yesterday", "2016-13-01", "2016-1-1", "2016-02-30", "2016-01-01 25:00:00",
		">2016-01-01T10:00:00", "2016-01-01~someday", "~", "<>2016-01", "2016-01-01 10"} {
		for _, kind := range []api.Kind{api.Story, api.Bug, api.Task} {
			q := url.Values{"modified": {v}}
			for op, run := range map[string]func() *httpError{
				"list":  func() *httpError { _, herr := w.listItems(ws, kind, q); return herr },
				"count": func() *httpError { _, herr := w.countItems(ws, kind, q); return herr },
			} {
				herr := run()
				if herr == nil || herr.Status != http.StatusUnprocessableEntity ||
					!strings.HasPrefix(herr.Info, "modified: ") || !strings.Contains(herr.Info, "YYYY-MM-DD") {
					t.Errorf("%s %s modified=%s: %v, want a 422 naming the field and the forms", op, kind, v, herr)
				}
			}
		}
	}
}
