package sandbox

import (
	"net/url"
	"slices"
	"strings"

	"triage/api"
)

// Filters of list and count requests. Every query parameter that names a
// field of the kind is a filter; "a|b" means either value. Parameters that are
// neither fields nor list controls are ignored, as the real service ignores
// them, and so is a filter with an empty value.

// isControl reports whether a list parameter steers the list instead of
// filtering it.
func isControl(name string) bool {
	switch name {
	case "workspace_id", "limit", "page", "order", "fields":
		return true
	}
	return false
}

// filter is one field condition of a list query.
type filter struct {
	spec   *fieldSpec
	set    map[string]bool // exact, id, people, multi, priority
	lower  []string        // text: lower-cased alternatives
	bounds [][]bound       // time: each alternative is a conjunction of bounds
}

// bound compares the start of a time value with v: op is one of = >= <= > <.
type bound struct {
	op string
	v  string
}

// parseFilters reads the filters of a list query, in parameter order.
func parseFilters(ws *Workspace, k api.Kind, specs []fieldSpec, q url.Values) []filter {
	names := make([]string, 0, len(q))
	for name := range q {
		names = append(names, name)
	}
	slices.Sort(names)
	labelSent := len(splitAlternatives(q.Get("priority_label"), false)) > 0
	var out []filter
	for _, name := range names {
		if isControl(name) || (name == "priority" && labelSent) {
			continue
		}
		spec, ok := lookup(specs, name)
		if !ok {
			continue
		}
		alts := splitAlternatives(q.Get(name), spec.match == matchID)
		if len(alts) == 0 {
			continue
		}
		out = append(out, newFilter(ws, k, spec, alts))
	}
	return out
}

// splitAlternatives splits a filter value on "|" (and "," for ids), trimming
// each alternative and dropping empty ones.
func splitAlternatives(v string, ids bool) []string {
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '|' || (ids && r == ',') })
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func newFilter(ws *Workspace, k api.Kind, spec *fieldSpec, alts []string) filter {
	f := filter{spec: spec}
	switch spec.match {
	case matchText:
		for _, a := range alts {
			f.lower = append(f.lower, strings.ToLower(a))
		}
		return f
	case matchTime:
		for _, a := range alts {
			f.bounds = append(f.bounds, parseBounds(a))
		}
		return f
	case matchPriority:
		alts = ruleFor(ws, k).filterLabels(spec.name, alts)
	case matchPeople:
		for i, a := range alts {
			alts[i] = strings.TrimSpace(strings.TrimSuffix(a, ";"))
		}
	}
	f.set = make(map[string]bool, len(alts))
	for _, a := range alts {
		f.set[a] = true
	}
	return f
}

// parseBounds reads one alternative of a time filter: "a~b", ">=a", "<=b",
// ">a", "<b", or a prefix such as a date.
func parseBounds(a string) []bound {
	if lo, hi, ok := strings.Cut(a, "~"); ok {
		var bs []bound
		if lo = strings.TrimSpace(lo); lo != "" {
			bs = append(bs, bound{">=", lo})
		}
		if hi = strings.TrimSpace(hi); hi != "" {
			bs = append(bs, bound{"<=", hi})
		}
		return bs
	}
	for _, op := range [...]string{">=", "<=", ">", "<"} {
		if rest, ok := strings.CutPrefix(a, op); ok {
			return []bound{{op, strings.TrimSpace(rest)}}
		}
	}
	return []bound{{"=", a}}
}

// holds reports whether the time value v satisfies the bound, comparing the
// first len(b.v) characters of v, so a date bound covers the whole day.
func (b bound) holds(v string) bool {
	head := v
	if len(head) > len(b.v) {
		head = head[:len(b.v)]
	}
	c := strings.Compare(head, b.v)
	switch b.op {
	case ">=":
		return c >= 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case "<":
		return c < 0
	}
	return c == 0
}

// match reports whether the item passes the filter.
func (f *filter) match(it *api.Item) bool {
	switch f.spec.match {
	case matchID:
		return f.set[it.ID]
	case matchPriority:
		return f.set[effectivePriority(it)]
	}
	v := f.spec.text(it)
	switch f.spec.match {
	case matchText:
		lv := strings.ToLower(v)
		for _, a := range f.lower {
			if strings.Contains(lv, a) {
				return true
			}
		}
		return false
	case matchTime:
		if v == "" {
			return false
		}
		for _, alt := range f.bounds {
			if allHold(alt, v) {
				return true
			}
		}
		return false
	case matchPeople:
		return anyIn(f.set, v, ";")
	case matchMulti:
		return anyIn(f.set, v, "|")
	}
	return f.set[v]
}

func allHold(bs []bound, v string) bool {
	for _, b := range bs {
		if !b.holds(v) {
			return false
		}
	}
	return true
}

// anyIn reports whether one of the sep-joined parts of v is in set.
func anyIn(set map[string]bool, v, sep string) bool {
	for part := range strings.SplitSeq(v, sep) {
		if p := strings.TrimSpace(part); p != "" && set[p] {
			return true
		}
	}
	return false
}

// compareValues orders two field values: numerically when both are digit
// strings (ids pass int64 in general), as text otherwise.
func compareValues(a, b string) int {
	if isDigits(a) && isDigits(b) {
		a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
		if len(a) != len(b) {
			if len(a) < len(b) {
				return -1
			}
			return 1
		}
	}
	return strings.Compare(a, b)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
