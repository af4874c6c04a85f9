package sandbox

import (
	"net/url"
	"slices"
	"strings"

	"triage/api"
)

// Filters of list and count requests. Every query parameter that names a
// field of the kind is a filter; QUERIES.md in this package lists the
// operators. Parameters that are neither fields nor list controls are
// ignored, as the real service ignores them, and so is a filter with an
// empty value.

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
	not    bool            // "<>": the item passes when the condition fails
	set    map[string]bool // exact, id, people, multi, priority
	words  []pattern       // text: the alternatives, "%" a wildcard
	bounds [][]bound       // time: each alternative is a conjunction of bounds
}

// parseFilters reads the filters of a list query, in parameter order. A time
// filter that is not a time is a 422.
func parseFilters(ws *Workspace, k api.Kind, specs []fieldSpec, q url.Values) ([]filter, *httpError) {
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
		v, not := strings.CutPrefix(strings.TrimSpace(q.Get(name)), "<>")
		alts := splitAlternatives(v, spec.match == matchID)
		if len(alts) == 0 {
			continue
		}
		f, herr := newFilter(ws, k, spec, alts)
		if herr != nil {
			return nil, herr
		}
		f.not = not
		out = append(out, f)
	}
	return out, nil
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

func newFilter(ws *Workspace, k api.Kind, spec *fieldSpec, alts []string) (filter, *httpError) {
	f := filter{spec: spec}
	switch spec.match {
	case matchText:
		for _, a := range alts {
			f.words = append(f.words, newPattern("%"+a+"%"))
		}
		return f, nil
	case matchTime:
		for _, a := range alts {
			bs, err := parseBounds(a)
			if err != nil {
				return filter{}, unprocessable("%s: %v", spec.name, err)
			}
			f.bounds = append(f.bounds, bs)
		}
		return f, nil
	case matchExact:
		if textField(spec) && slices.ContainsFunc(alts, func(a string) bool { return strings.Contains(a, "%") }) {
			for _, a := range alts {
				f.words = append(f.words, newPattern(a))
			}
			return f, nil
		}
	case matchPriority:
		alts = ruleFor(ws, k).filterLabels(spec.name, alts)
	case matchID:
		for i, a := range alts {
			alts[i] = longID(ws.ID, a)
		}
	case matchPeople:
		for i, a := range alts {
			alts[i] = strings.TrimSpace(strings.TrimSuffix(a, ";"))
		}
	}
	f.set = make(map[string]bool, len(alts))
	for _, a := range alts {
		f.set[a] = true
	}
	return f, nil
}

// textField reports whether a field holds free text, where "%" is a wildcard.
func textField(spec *fieldSpec) bool {
	switch spec.htmlType {
	case "input", "textarea", "rich_edit":
		return true
	}
	return false
}

// match reports whether the item passes the filter.
func (f *filter) match(it *api.Item) bool {
	return f.holds(it) != f.not
}

// holds reports whether the item meets the condition, before "<>".
func (f *filter) holds(it *api.Item) bool {
	if f.words != nil {
		return anyPattern(f.words, f.spec.text(it))
	}
	switch f.spec.match {
	case matchID:
		return f.set[it.ID]
	case matchPriority:
		return f.set[effectivePriority(it)]
	}
	v := f.spec.text(it)
	switch f.spec.match {
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
