package sandbox

import (
	"cmp"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"triage/api"
)

// Records are the objects other than items that clients list, count and
// write: iterations and comments. Each is a flat set of string fields (TAPD
// writes nearly every value as a string or null), listed with the same
// operators as items (QUERIES.md): a|b, <>, time bounds on created and
// modified, and the like query on name and title.

// record is one iteration or comment: field name → value; a missing field
// is written as null.
type record map[string]string

// recordKind describes one kind of record.
type recordKind struct {
	wrapper string   // "Iteration"
	fields  []string // in the order TAPD writes them
	times   []string // fields that hold times
	like    []string // fields filtered with the like query
}

var (
	iterationKind = recordKind{
		wrapper: "Iteration",
		fields: []string{"id", "name", "workspace_id", "startdate", "enddate", "status", "release_id",
			"description", "creator", "created", "modified", "completed", "entity_type", "parent_id",
			"ancestor_id", "path", "workitem_type_id", "templated_id", "plan_app_id", "label"},
		times: []string{"startdate", "enddate", "created", "modified", "completed"},
		like:  []string{"name"},
	}
	commentKind = recordKind{
		wrapper: "Comment",
		fields: []string{"id", "title", "description", "author", "entry_type", "entry_id",
			"reply_id", "root_id", "created", "modified", "workspace_id"},
		times: []string{"created", "modified"},
		like:  []string{"title"},
	}
)

// recordSet holds the records of one kind in one workspace, in creation order.
type recordSet struct {
	list []record
	seq  int64 // last sequence number used in ids
}

// add appends r and returns it.
func (rs *recordSet) add(r record) record {
	rs.list = append(rs.list, r)
	return r
}

// find returns the record with id, or nil.
func (rs *recordSet) find(id string) record {
	for _, r := range rs.list {
		if r["id"] == id {
			return r
		}
	}
	return nil
}

// nextID is the id of the next record of a workspace (ids.go).
func (rs *recordSet) nextID(ws int64) string {
	rs.seq++
	return newID(ws, rs.seq)
}

// recordFilter is one parameter of a record list.
type recordFilter struct {
	field  string
	not    bool
	alts   map[string]bool
	like   []pattern
	bounds [][]bound
}

// parseRecordFilters reads the filters of a record list: any field of the
// kind with a value.
func parseRecordFilters(k recordKind, q url.Values) ([]recordFilter, *httpError) {
	var out []recordFilter
	for _, name := range k.fields {
		v := strings.TrimSpace(q.Get(name))
		if v == "" {
			continue
		}
		f := recordFilter{field: name}
		if rest, ok := strings.CutPrefix(v, "<>"); ok {
			f.not, v = true, rest
		}
		alts := splitAlternatives(v, name == "id")
		switch {
		case slices.Contains(k.times, name):
			for _, a := range alts {
				bs, err := parseBounds(a)
				if err != nil {
					return nil, unprocessable("%s: %v", name, err)
				}
				f.bounds = append(f.bounds, bs)
			}
		case slices.Contains(k.like, name):
			for _, a := range alts {
				f.like = append(f.like, newPattern("%"+a+"%"))
			}
		default:
			f.alts = make(map[string]bool, len(alts))
			for _, a := range alts {
				f.alts[a] = true
			}
		}
		out = append(out, f)
	}
	return out, nil
}

// holds reports whether r passes the filter.
func (f recordFilter) holds(r record) bool {
	v, set := r[f.field]
	var ok bool
	switch {
	case f.bounds != nil:
		ok = set && slices.ContainsFunc(f.bounds, func(bs []bound) bool { return allHold(bs, v) })
	case f.like != nil:
		ok = anyPattern(f.like, v)
	default:
		ok = f.alts[v]
	}
	return ok != f.not
}

// matching returns the records that pass every filter, in the order the
// query asks (order=<field> asc|desc), creation order otherwise.
func (rs *recordSet) matching(k recordKind, q url.Values) ([]record, *httpError) {
	filters, herr := parseRecordFilters(k, q)
	if herr != nil {
		return nil, herr
	}
	var out []record
	for _, r := range rs.list {
		if !slices.ContainsFunc(filters, func(f recordFilter) bool { return !f.holds(r) }) {
			out = append(out, r)
		}
	}
	if o := strings.Fields(q.Get("order")); len(o) > 0 && slices.Contains(k.fields, o[0]) {
		desc := len(o) > 1 && strings.EqualFold(o[1], "desc")
		slices.SortStableFunc(out, func(a, b record) int {
			c := compareValues(a[o[0]], b[o[0]])
			if desc {
				return -c
			}
			return c
		})
	}
	return out, nil
}

// listRecords is the data of a record list: [{"Iteration":{...}}, ...], one
// page of the records that match, with fields= honoured.
func (rs *recordSet) listRecords(k recordKind, q url.Values) (json.RawMessage, *httpError) {
	limit, page, herr := parsePaging(q)
	if herr != nil {
		return nil, herr
	}
	matched, herr := rs.matching(k, q)
	if herr != nil {
		return nil, herr
	}
	start := min((page-1)*limit, len(matched))
	names := k.fields
	if f := q.Get("fields"); f != "" {
		names = nil
		for _, n := range strings.Split(f, ",") {
			if n = strings.TrimSpace(n); slices.Contains(k.fields, n) {
				names = append(names, n)
			}
		}
	}
	b := []byte{'['}
	for i, r := range matched[start:min(start+limit, len(matched))] {
		if i > 0 {
			b = append(b, ',')
		}
		b = k.appendWrapped(b, r, names)
	}
	return append(b, ']'), nil
}

// countRecords is the data of a record count: {"count":N}.
func (rs *recordSet) countRecords(k recordKind, q url.Values) (json.RawMessage, *httpError) {
	matched, herr := rs.matching(k, q)
	if herr != nil {
		return nil, herr
	}
	return marshalData(map[string]int{"count": len(matched)})
}

// appendWrapped writes r as {"Wrapper":{...}} with the named fields.
func (k recordKind) appendWrapped(b []byte, r record, names []string) []byte {
	b = append(b, `{"`...)
	b = append(b, k.wrapper...)
	b = append(b, `":{`...)
	for i, n := range names {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendQuote(b, n)
		b = append(b, ':')
		if v, ok := r[n]; ok {
			b = api.AppendJSONString(b, v)
		} else {
			b = append(b, "null"...)
		}
	}
	return append(b, "}}"...)
}

// sortRecords orders a loaded set by id, which follows creation.
func sortRecords(list []record) {
	slices.SortFunc(list, func(a, b record) int { return cmp.Compare(a["id"], b["id"]) })
}

// recordParams reads the fields of a write that the kind knows, except
// those the service sets.
func recordParams(k recordKind, form url.Values, serviceSet ...string) record {
	r := record{}
	for _, n := range k.fields {
		if slices.Contains(serviceSet, n) {
			continue
		}
		if vs, ok := form[n]; ok && len(vs) > 0 {
			r[n] = vs[0]
		}
	}
	return r
}

// isDay reports whether v is a date YYYY-MM-DD.
func isDay(v string) bool {
	_, err := time.Parse(time.DateOnly, v)
	return err == nil && len(v) == len(time.DateOnly)
}

// badDate refuses a date parameter that is not YYYY-MM-DD.
func badDate(form url.Values, names ...string) *httpError {
	for _, n := range names {
		if v := form.Get(n); v != "" && !isDay(v) {
			return fault(http.StatusUnprocessableEntity, n+" must be a date YYYY-MM-DD, got "+quoteName(v))
		}
	}
	return nil
}
