package board

import (
	"strings"

	"triage/filter"
)

// The text filter (/) is a small query, as gh-dash and GitHub's search take
// one (the grammar is package filter's, shared with triage list): words must all appear in the
// title, owners or id, and terms narrow by field with values matched by
// prefix, case-insensitively:
//
//	status:dev|"in progress"  a status's code or display name
//	owner:ali   owner:@me     an owner's nick; @me is the user logged in
//	prio:hi  prio:none        a priority's label or value, "none" for none
//	iter:@current|@next       an iteration (query_iter.go)
//	#12  -term                one item by short id; not the term
//
// M toggles "owner:@me" ("mine").

// fieldTerm is a field term of the filter. Whether a status code or a
// column passes is worked out the first time an item has it, then
// remembered.
type fieldTerm struct {
	filter.Term
	statusOK map[string]bool
	colOK    map[int]bool
}

// textQuery is a parsed filter.
type textQuery struct {
	words    []filter.Word
	terms    []fieldTerm
	ids      []string // short ids (#12), any of them
	problems []string // what could not be read or applied, in order
	// valueProblems are the values that match no option (query_check.go),
	// worked out for the board of checkedN-1 items.
	valueProblems []string
	checkedN      int
}

// mineTerm is the term M adds and removes.
const mineTerm = filter.MineTerm

// parseQuery reads a filter; me is the nick of the person logged in, ""
// when the login is not a person (an API account).
func parseQuery(q, me string) textQuery {
	fq := filter.Parse(q, me)
	tq := textQuery{words: fq.Words, ids: fq.IDs, problems: fq.Problems}
	for _, t := range fq.Terms {
		tq.terms = append(tq.terms, fieldTerm{Term: t})
	}
	return tq
}

// narrows reports whether every item tq passes also passes old: words and
// no terms, ids or negations in either, and each of old's words inside
// tq's word of the same place (one more letter typed).
func (tq *textQuery) narrows(old *textQuery) bool {
	if !tq.plainWords() || !old.plainWords() || len(tq.words) < len(old.words) {
		return false
	}
	for k, o := range old.words {
		if !strings.Contains(tq.words[k].Text, o.Text) {
			return false
		}
	}
	return true
}

// plainWords reports a filter of words only, none negated.
func (tq *textQuery) plainWords() bool {
	if len(tq.terms) > 0 || len(tq.ids) > 0 {
		return false
	}
	for _, w := range tq.words {
		if w.Neg {
			return false
		}
	}
	return true
}

// oneWord returns the filter's word when it is one word of text (not
// digits, which may match an id) and nothing else: the common case,
// matched with one search of each haystack.
func (tq *textQuery) oneWord() (string, bool) {
	if len(tq.words) != 1 || !tq.plainWords() || filter.IsDigits(tq.words[0].Text) {
		return "", false
	}
	return tq.words[0].Text, true
}

// matches reports whether item i passes the filter.
func (d *dataset) matches(i int32) bool {
	tq := &d.tq
	words := filter.Query{Words: tq.words}
	if !words.WordsPass(d.hay[i], d.items[i].ID) {
		return false
	}
	if len(tq.ids) > 0 && !filter.HasShortID(d.items[i].ShortID(), tq.ids) {
		return false
	}
	for k := range tq.terms {
		t := &tq.terms[k]
		if d.termPasses(t, i) == t.Neg {
			return false
		}
	}
	return true
}

// termPasses reports whether item i has one of a field term's values.
func (d *dataset) termPasses(t *fieldTerm, i int32) bool {
	switch t.Field {
	case "status":
		return d.statusPasses(t, d.items[i].Status)
	case "prio":
		return d.priorityPasses(t, i)
	case "iter":
		return d.iterPasses(t, i)
	}
	return filter.OwnedByAny(d.items[i].Owner, t.Alts)
}

// statusPasses reports whether a status code, or its display name, starts
// with one of the term's values.
func (d *dataset) statusPasses(t *fieldTerm, code string) bool {
	ok, seen := t.statusOK[code]
	if !seen {
		ok = filter.AnyPrefix(t.Alts, strings.ToLower(code), strings.ToLower(statusName(d.fields, code)))
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
		ok = filter.PriorityPasses(t.Alts, d.cols[c].key, d.cols[c].label)
		if t.colOK == nil {
			t.colOK = map[int]bool{}
		}
		t.colOK[c] = ok
	}
	return ok
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
