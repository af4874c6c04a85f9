package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
)

// Lists, counts, field information and writes of stories, bugs and tasks.
// The router calls these with the lock held, after it checked workspace_id,
// the workspace, the caller's reach and scope.
//
// Our rules where CONTRACT.md is silent:
//   - limit above 200 is cut to 200; a limit or page that is not a positive
//     integer, or page*limit above 20000, is a 422.
//   - without order, items come in creation order (ids ascending); order on a
//     field the kind lacks, or a direction other than asc/desc, is a 422;
//     ties keep creation order.
//   - parameters that are neither fields nor list controls are ignored, and so
//     is a filter whose value is empty.
//   - every item carries every field of the catalog (see wire.go): a field
//     it holds no value for is written with its unset value (null, "", "0").
//     fields= returns only the named keys that are fields of the kind, in
//     catalog order (id is not added).
//   - priority filters compare the effective priority (the label, else the
//     legacy code through the legacy map), so legacy-only items are found by
//     label too; in a workspace with custom priorities legacy codes match nothing.
//   - filters take the operators of QUERIES.md: "a|b" either value, "<>a"
//     not a, "%" a wildcard in text fields (name, title, description and
//     other free text; without it the whole text must match, ignoring case),
//     and on times "a~b", ">a", "<b" (all inclusive) or a day; a time that
//     is not one is a 422. People fields match one of the nicks; label
//     matches one of its values.
//   - writes ignore unknown and read-only parameters, take creator/reporter
//     on create only, and refuse with 422 a select value (status, severity,
//     custom selects) outside the options, naming the allowed ones; an
//     unknown id is a 404 "<kind> <id> not existed in workspace <ws>".

// Paging limits of list requests (CONTRACT.md).
const (
	defaultLimit = 30
	maxLimit     = 200
	maxWindow    = 20000 // page*limit may not pass it
)

// listItems is the data of GET /stories (bugs, tasks): [{"Story":{...}}], [] when empty.
func (s *Server) listItems(ws *Workspace, kind api.Kind, q url.Values) (json.RawMessage, *httpError) {
	return s.world.listItems(ws, kind, q)
}

// countItems is the data of GET /stories/count: {"count":N}.
func (s *Server) countItems(ws *Workspace, kind api.Kind, q url.Values) (json.RawMessage, *httpError) {
	return s.world.countItems(ws, kind, q)
}

// writeItem creates (no id) or updates (id) an item; it returns the item as
// stored and the data of the answer, {"Story":{...}}.
func (s *Server) writeItem(ws *Workspace, kind api.Kind, form url.Values, p principal) (api.Item, json.RawMessage, *httpError) {
	return s.world.writeItem(ws, kind, form, p, s.now())
}

// readItems returns the item set of a kind in a workspace, or an empty one
// that is not stored: readers hold only the read lock.
func (w *world) readItems(ws *Workspace, k api.Kind) *itemSet {
	if set, ok := w.Items[itemKey{Workspace: ws.ID, Kind: k}]; ok {
		return set
	}
	return newItemSet(ws.ID)
}

// items returns the item set of a kind in a workspace, creating it empty; for
// writers.
func (w *world) items(ws *Workspace, k api.Kind) *itemSet {
	key := itemKey{Workspace: ws.ID, Kind: k}
	if w.Items == nil {
		w.Items = make(map[itemKey]*itemSet)
	}
	set, ok := w.Items[key]
	if !ok {
		set = newItemSet(ws.ID)
		set.encoded = w.encoded
		w.Items[key] = set
	}
	return set
}

func (w *world) listItems(ws *Workspace, k api.Kind, q url.Values) (json.RawMessage, *httpError) {
	set, l, matched, herr := w.listPage(ws, k, q)
	if herr != nil {
		return nil, herr
	}
	if len(matched) == 0 {
		return json.RawMessage("[]"), nil
	}
	return appendPage(make([]byte, 0, len(matched)*estimateItemBytes(len(l.fields))), set, l, matched), nil
}

// listPage reads a list query: the item set, the layout of the fields asked
// for and the positions of the page's items.
func (w *world) listPage(ws *Workspace, k api.Kind, q url.Values) (*itemSet, *layout, []int, *httpError) {
	specs := catalog(ws, k)
	limit, page, herr := parsePaging(q)
	if herr != nil {
		return nil, nil, nil, herr
	}
	order, desc, herr := parseOrder(specs, k, q.Get("order"))
	if herr != nil {
		return nil, nil, nil, herr
	}
	filters, herr := parseFilters(ws, k, specs, q)
	if herr != nil {
		return nil, nil, nil, herr
	}
	set := w.readItems(ws, k)
	matched := pageOf(set, filters, order, desc, (page-1)*limit, limit)
	return set, newLayout(k, specs, splitFieldList(q.Get("fields"))), matched, nil
}

// estimateItemBytes is about how long an item with that many fields is on
// the wire, to size a page's buffer once.
func estimateItemBytes(fields int) int { return 64 + fields*28 }

// appendPage appends the items at positions as a JSON list. Full-field
// answers come from the set's cache when it holds them, and go into it.
func appendPage(b []byte, set *itemSet, l *layout, positions []int) []byte {
	b = append(b, '[')
	for i, pos := range positions {
		if i > 0 {
			b = append(b, ',')
		}
		if !l.all {
			it := set.at(pos)
			b = l.appendItem(b, &it)
			continue
		}
		if enc, ok := set.encoded.get(set, pos); ok {
			b = append(b, enc...)
			continue
		}
		it := set.at(pos)
		start := len(b)
		b = l.appendItem(b, &it)
		set.encoded.keep(set, pos, slices.Clone(b[start:]))
	}
	return append(b, ']')
}

func (w *world) countItems(ws *Workspace, k api.Kind, q url.Values) (json.RawMessage, *httpError) {
	filters, herr := parseFilters(ws, k, catalog(ws, k), q)
	if herr != nil {
		return nil, herr
	}
	set := w.readItems(ws, k)
	lo, hi, filters := narrow(set, filters)
	n := hi - lo
	if len(filters) > 0 {
		n = len(matchItems(set, filters, lo, hi))
	}
	raw, err := json.Marshal(api.Count{Count: api.FlexInt(n)})
	if err != nil {
		return nil, &httpError{Status: http.StatusInternalServerError, Info: "count cannot be written: " + err.Error()}
	}
	return raw, nil
}

// pageOf returns the positions of the items of a page: those that pass the
// filters, in order, from start, at most limit. Without filters and order
// (once a created window is cut out by position) the page is a range of
// positions.
func pageOf(set *itemSet, filters []filter, order *fieldSpec, desc bool, start, limit int) []int {
	lo, hi, filters := narrow(set, filters)
	if len(filters) == 0 && order == nil {
		first, end := lo+start, min(lo+start+limit, hi)
		if first >= end {
			return nil
		}
		page := make([]int, 0, end-first)
		for pos := first; pos < end; pos++ {
			page = append(page, pos)
		}
		return page
	}
	matched := matchItems(set, filters, lo, hi)
	if order != nil {
		sortPositions(set, matched, order, desc)
	}
	if start >= len(matched) {
		return nil
	}
	return matched[start:min(start+limit, len(matched))]
}

// narrow returns the positions [lo, hi) that can pass a created filter,
// found by binary search as items are in creation order, and the filters
// still to check: a created filter of one alternative is met by every
// position of its range and is dropped.
func narrow(set *itemSet, filters []filter) (lo, hi int, rest []filter) {
	lo, hi = 0, set.len()
	for i, f := range filters {
		if f.spec.name != "created" || f.not || len(f.bounds) == 0 {
			continue
		}
		flo, fhi := hi, lo
		ranged := true
		for _, alt := range f.bounds {
			alo, ahi, ok := set.createdRange(alt)
			if !ok {
				ranged = false
				break
			}
			flo, fhi = min(flo, alo), max(fhi, ahi)
		}
		if !ranged {
			continue
		}
		lo, hi = max(lo, flo), max(max(lo, flo), min(hi, fhi))
		if len(f.bounds) == 1 {
			rest = make([]filter, 0, len(filters)-1)
			rest = append(rest, filters[:i]...)
			return lo, hi, append(rest, filters[i+1:]...)
		}
	}
	return lo, hi, filters
}

// matchItems returns the positions in [lo, hi) of the items that pass every
// filter, in creation order. An id filter picks its candidates through the
// ids.
func matchItems(set *itemSet, filters []filter, lo, hi int) []int {
	var candidates []int
	byID := slices.IndexFunc(filters, func(f filter) bool { return f.spec.match == matchID && !f.not })
	if byID >= 0 {
		for id := range filters[byID].set {
			if pos, ok := set.find(id); ok && pos >= lo && pos < hi {
				candidates = append(candidates, pos)
			}
		}
		slices.Sort(candidates)
	}
	matched := make([]int, 0, min(hi-lo, 1024))
	consider := func(pos int) {
		it := set.at(pos)
		for i := range filters {
			if !filters[i].match(&it) {
				return
			}
		}
		matched = append(matched, pos)
	}
	if byID >= 0 {
		for _, pos := range candidates {
			consider(pos)
		}
		return matched
	}
	for pos := lo; pos < hi; pos++ {
		consider(pos)
	}
	return matched
}

// sortPositions orders positions by a field, stably: ties keep creation
// order. When every value is digits they compare as numbers (ids pass int64
// in general), otherwise as text.
func sortPositions(set *itemSet, positions []int, field *fieldSpec, desc bool) {
	type keyed struct {
		pos int
		key string
	}
	ks := make([]keyed, len(positions))
	numeric := true
	for i, pos := range positions {
		it := set.at(pos)
		ks[i] = keyed{pos, field.text(&it)}
		numeric = numeric && isDigits(ks[i].key)
	}
	compare := strings.Compare
	if numeric {
		compare = compareValues
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		c := compare(a.key, b.key)
		if desc {
			c = -c
		}
		if c == 0 {
			c = a.pos - b.pos
		}
		return c
	})
	for i, k := range ks {
		positions[i] = k.pos
	}
}

// parsePaging reads limit (default 30, larger than 200 is cut to 200) and
// page (from 1); page*limit may not pass 20000.
func parsePaging(q url.Values) (limit, page int, herr *httpError) {
	limit, page = defaultLimit, 1
	if v := strings.TrimSpace(q.Get("limit")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, 0, unprocessable("limit must be a positive integer (at most %d), got %s", maxLimit, quoteShort(v))
		}
		limit = min(n, maxLimit)
	}
	if v := strings.TrimSpace(q.Get("page")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, 0, unprocessable("page must be a positive integer, got %s", quoteShort(v))
		}
		page = n
	}
	if page > maxWindow || page*limit > maxWindow {
		return 0, 0, unprocessable("page*limit may not pass %d (page %d, limit %d): narrow the filters instead", maxWindow, page, limit)
	}
	return limit, page, nil
}

// parseOrder reads "order=<field> asc|desc"; no order keeps creation order.
func parseOrder(specs []fieldSpec, k api.Kind, v string) (*fieldSpec, bool, *httpError) {
	words := strings.Fields(v)
	if len(words) == 0 {
		return nil, false, nil
	}
	if len(words) > 2 {
		return nil, false, unprocessable("order must be \"<field> asc\" or \"<field> desc\", got %s", quoteShort(v))
	}
	spec, ok := lookup(specs, words[0])
	if !ok {
		return nil, false, unprocessable("order field %s is not a field of %s", quoteShort(words[0]), k.Path())
	}
	if len(words) == 1 {
		return spec, false, nil
	}
	switch strings.ToLower(words[1]) {
	case "asc":
		return spec, false, nil
	case "desc":
		return spec, true, nil
	}
	return nil, false, unprocessable("order direction must be asc or desc, got %s", quoteShort(words[1]))
}

// splitFieldList reads fields=id,name,...; nil means every field.
func splitFieldList(v string) []string {
	var out []string
	for f := range strings.SplitSeq(v, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// unprocessable is a 422 with a formatted message.
func unprocessable(format string, args ...any) *httpError {
	return &httpError{Status: http.StatusUnprocessableEntity, Info: fmt.Sprintf(format, args...)}
}
