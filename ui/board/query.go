package board

import (
	"strings"

	"triage/filter"
)

// The text filter (/) is the query of package filter. M toggles
// "owner:@me" ("mine").

// textQuery is a parsed filter. Whether a status code or a column passes is
// worked out the first time an item has it, then remembered: the columns
// and the status names may arrive after the filter was typed.
type textQuery struct {
	filter.Query
	statusOK map[string]bool
	colOK    map[int]bool
}

// mineTerm is the term M adds and removes.
const mineTerm = "owner:@me"

// parseQuery reads a lower-cased filter; me is the user's nick.
func parseQuery(q, me string) textQuery {
	return textQuery{Query: filter.Parse(q, me), statusOK: map[string]bool{}, colOK: map[int]bool{}}
}

// matches reports whether item i passes the filter.
func (d *dataset) matches(i int32) bool {
	tq := &d.tq
	return tq.WordsIn(d.hay[i], d.items[i].ID) &&
		(tq.Status == nil || d.statusPasses(d.items[i].Status)) &&
		(tq.Prio == nil || d.columnPasses(int(d.col[i]))) &&
		tq.OwnedByAny(d.items[i].Owner)
}

// statusPasses reports whether a status code, or its display name, is one
// of the filter's.
func (d *dataset) statusPasses(code string) bool {
	ok, seen := d.tq.statusOK[code]
	if !seen {
		ok = d.tq.StatusPasses(code, statusName(d.fields, code))
		d.tq.statusOK[code] = ok
	}
	return ok
}

// columnPasses reports whether column c's priority (label or value, "none"
// for no priority) is one of the filter's.
func (d *dataset) columnPasses(c int) bool {
	ok, seen := d.tq.colOK[c]
	if !seen {
		ok = d.tq.PriorityPasses(d.cols[c].key, d.cols[c].label)
		d.tq.colOK[c] = ok
	}
	return ok
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
