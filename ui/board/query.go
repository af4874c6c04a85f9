package board

import (
	"slices"
	"strings"
)

// The text filter (/) is a small query, as gh-dash and GitHub's search take
// one: words must all appear in the title, owners or id, and terms narrow by
// field, each with alternatives joined by "|" or ",":
//
//	status:planning|developing   a status's code or display name
//	owner:alice   owner:@me      an owner's nick; @me is the user logged in
//	prio:High|Low                a priority's label or value, "none" for none
//
// M toggles "owner:@me" ("mine").

// textQuery is a parsed filter. Whether a status code or a column passes is
// worked out the first time an item has it, then remembered: the columns
// and the status names may arrive after the filter was typed.
type textQuery struct {
	words    []string // lower-cased
	digits   []bool   // whether each word is all digits: it may match an id
	status   []string // alternatives, lower-cased; nil: any
	prio     []string // alternatives, lower-cased; nil: any
	owners   []string // lower-cased nicks; nil: any
	statusOK map[string]bool
	colOK    map[int]bool
}

// mineTerm is the term M adds and removes.
const mineTerm = "owner:@me"

// parseQuery reads a lower-cased filter; me is the user's nick.
func parseQuery(q, me string) textQuery {
	var tq textQuery
	for _, f := range strings.Fields(q) {
		key, value, ok := strings.Cut(f, ":")
		alts := strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' })
		if !ok || len(alts) == 0 {
			tq.words = append(tq.words, strings.TrimPrefix(f, "#"))
			continue
		}
		switch key {
		case "status", "s":
			tq.status = append(tq.status, alts...)
		case "owner", "o":
			for _, a := range alts {
				if a == "@me" {
					a = strings.ToLower(me)
				}
				tq.owners = append(tq.owners, a)
			}
		case "prio", "priority", "p":
			tq.prio = append(tq.prio, alts...)
		default:
			tq.words = append(tq.words, f)
		}
	}
	tq.digits = make([]bool, len(tq.words))
	for k, w := range tq.words {
		tq.digits[k] = isDigits(w)
	}
	tq.statusOK, tq.colOK = map[string]bool{}, map[int]bool{}
	return tq
}

// narrows reports whether every item tq passes also passes old: the same
// terms, and each of old's words inside one of tq's (one more letter typed).
func (tq *textQuery) narrows(old *textQuery) bool {
	if !slices.Equal(tq.status, old.status) || !slices.Equal(tq.prio, old.prio) || !slices.Equal(tq.owners, old.owners) {
		return false
	}
	for _, o := range old.words {
		if !slices.ContainsFunc(tq.words, func(w string) bool { return strings.Contains(w, o) }) {
			return false
		}
	}
	return true
}

// oneWord returns the filter's word when it is one word of text (not
// digits, which may match an id) and no terms: the common case, matched
// with one search of each haystack.
func (tq *textQuery) oneWord() (string, bool) {
	if len(tq.words) != 1 || tq.digits[0] || tq.status != nil || tq.prio != nil || tq.owners != nil {
		return "", false
	}
	return tq.words[0], true
}

// matches reports whether item i passes the filter.
func (d *dataset) matches(i int32) bool {
	tq := &d.tq
	for k, w := range tq.words {
		if !strings.Contains(d.hay[i], w) && !(tq.digits[k] && strings.Contains(d.items[i].ID, w)) {
			return false
		}
	}
	if tq.status != nil && !d.statusPasses(d.items[i].Status) {
		return false
	}
	if tq.prio != nil && !d.columnPasses(int(d.col[i])) {
		return false
	}
	if tq.owners != nil && !d.ownedByAny(i, tq.owners) {
		return false
	}
	return true
}

// statusPasses reports whether a status code, or its display name, is one
// of the filter's statuses.
func (d *dataset) statusPasses(code string) bool {
	ok, seen := d.tq.statusOK[code]
	if !seen {
		lower, name := strings.ToLower(code), strings.ToLower(statusName(d.fields, code))
		for _, a := range d.tq.status {
			ok = ok || a == lower || a == name
		}
		d.tq.statusOK[code] = ok
	}
	return ok
}

// columnPasses reports whether column c's priority (label or value, "none"
// for no priority) is one of the filter's.
func (d *dataset) columnPasses(c int) bool {
	ok, seen := d.tq.colOK[c]
	if !seen {
		col := &d.cols[c]
		label, key := strings.ToLower(col.label), strings.ToLower(col.key)
		for _, a := range d.tq.prio {
			ok = ok || a == label || a == key || (a == "none" && col.key == "")
		}
		d.tq.colOK[c] = ok
	}
	return ok
}

// ownedByAny reports whether one of item i's owners is one of nicks.
func (d *dataset) ownedByAny(i int32, nicks []string) bool {
	for _, o := range strings.Split(d.items[i].Owner, ";") {
		if o = strings.ToLower(strings.TrimSpace(o)); o != "" {
			for _, n := range nicks {
				if o == n {
					return true
				}
			}
		}
	}
	return false
}

// isDigits reports a non-empty string of ASCII digits.
func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

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
