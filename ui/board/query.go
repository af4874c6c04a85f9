package board

import (
	"strings"
)

// The text filter (/) is a small query, as gh-dash and GitHub's search take
// one (the grammar is in query_parse.go): words must all appear in the
// title, owners or id, and terms narrow by field with values matched by
// prefix, case-insensitively:
//
//	status:dev|"in progress"  a status's code or display name
//	owner:ali   owner:@me     an owner's nick; @me is the user logged in
//	prio:hi  prio:none        a priority's label or value, "none" for none
//	#12  -term                one item by short id; not the term
//
// M toggles "owner:@me" ("mine").

// matches reports whether item i passes the filter.
func (d *dataset) matches(i int32) bool {
	tq := &d.tq
	for _, w := range tq.words {
		has := strings.Contains(d.hay[i], w.text) || (isDigits(w.text) && strings.Contains(d.items[i].ID, w.text))
		if has == w.neg {
			return false
		}
	}
	if len(tq.ids) > 0 && !d.hasShortID(i, tq.ids) {
		return false
	}
	for k := range tq.terms {
		t := &tq.terms[k]
		if d.termPasses(t, i) == t.neg {
			return false
		}
	}
	return true
}

// hasShortID reports whether item i's short id is one of ids.
func (d *dataset) hasShortID(i int32, ids []string) bool {
	short := d.items[i].ShortID()
	for _, id := range ids {
		if short == strings.TrimLeft(id, "0") || short == id {
			return true
		}
	}
	return false
}

// termPasses reports whether item i has one of a field term's values.
func (d *dataset) termPasses(t *fieldTerm, i int32) bool {
	switch t.field {
	case "status":
		return d.statusPasses(t, d.items[i].Status)
	case "prio":
		return d.columnPasses(t, int(d.col[i]))
	}
	return d.ownedByAny(i, t.alts)
}

// statusPasses reports whether a status code, or its display name, starts
// with one of the term's values.
func (d *dataset) statusPasses(t *fieldTerm, code string) bool {
	ok, seen := t.statusOK[code]
	if !seen {
		ok = anyPrefix(t.alts, strings.ToLower(code), strings.ToLower(statusName(d.fields, code)))
		if t.statusOK == nil {
			t.statusOK = map[string]bool{}
		}
		t.statusOK[code] = ok
	}
	return ok
}

// columnPasses reports whether column c's priority (label or value, "none"
// for no priority) starts with one of the term's values.
func (d *dataset) columnPasses(t *fieldTerm, c int) bool {
	ok, seen := t.colOK[c]
	if !seen {
		col := &d.cols[c]
		if col.key == "" {
			ok = anyPrefix(t.alts, "none")
		} else {
			ok = anyPrefix(t.alts, strings.ToLower(col.label), strings.ToLower(col.key))
		}
		if t.colOK == nil {
			t.colOK = map[int]bool{}
		}
		t.colOK[c] = ok
	}
	return ok
}

// ownedByAny reports whether one of item i's owners matches one of alts.
func (d *dataset) ownedByAny(i int32, alts []fieldAlt) bool {
	for _, o := range strings.Split(d.items[i].Owner, ";") {
		if o = strings.ToLower(strings.TrimSpace(o)); o != "" && anyPrefix(alts, o) {
			return true
		}
	}
	return false
}

// anyPrefix reports whether one of alts matches one of values: starts it,
// or equals it for an exact alternative.
func anyPrefix(alts []fieldAlt, values ...string) bool {
	for _, a := range alts {
		for _, v := range values {
			if a.exact && v == a.text || !a.exact && strings.HasPrefix(v, a.text) {
				return true
			}
		}
	}
	return false
}

// isDigits reports a non-empty string of ASCII digits.
func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// toggleTerm adds term to the filter text, or takes it out when there.
func toggleTerm(q, term string) string {
	var out []string
	found := false
	for _, f := range strings.Fields(q) {
		if f == term {
			found = true
			continue
		}
		out = append(out, f)
	}
	if !found {
		out = append(out, term)
	}
	return strings.Join(out, " ")
}
