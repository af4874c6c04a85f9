package board

import (
	"fmt"
	"strings"
)

// The filter's grammar: space-separated terms, all of which must hold.
//
//	word  "two words"        text in the title, owners or id
//	status:dev  prio:"Nice To Have"  owner:ali|bob  a field's value, by
//	                         prefix, alternatives joined by "|" or ","
//	owner:@me                the user logged in (a person, not an API account)
//	#12                      the item whose short id is 12
//	-term                    not that term (-status:resolved, -crash)
//
// parseQuery reads it without the board: what the values match (a status's
// code or name, a priority's label or value) is decided by dataset.matches.
// What it cannot read is listed in problems, for the filter line, and
// never silently turns into "no matches".

// filterFields are the fields a term may name, each with its short forms.
var filterFields = [...]struct{ name, example string }{
	{"status", "status:developing"},
	{"owner", "owner:alice"},
	{"prio", `prio:"Nice To Have"`},
}

// fieldOf is the field a term's key names, or "" for none.
func fieldOf(key string) string {
	switch key {
	case "status", "s":
		return "status"
	case "owner", "o":
		return "owner"
	case "prio", "priority", "p":
		return "prio"
	}
	return ""
}

// usableFields is the list of fields a problem points to.
func usableFields() string {
	names := make([]string, len(filterFields))
	for i, f := range filterFields {
		names[i] = f.name + ":"
	}
	return strings.Join(names, " ") + " #id -term"
}

// wordTerm is a word or quoted phrase to find in the title, owners or id.
type wordTerm struct {
	text string
	neg  bool
}

// fieldAlt is one alternative value of a field term: a prefix, or an exact
// owner nick for @me.
type fieldAlt struct {
	text  string
	exact bool
}

// fieldTerm narrows by one field. Whether a status code or a column
// passes is worked out the first time an item has it, then remembered.
type fieldTerm struct {
	field    string
	alts     []fieldAlt
	neg      bool
	statusOK map[string]bool
	colOK    map[int]bool
}

// textQuery is a parsed filter.
type textQuery struct {
	words    []wordTerm
	terms    []fieldTerm
	ids      []string // short ids (#12), any of them
	problems []string // what could not be read or applied, in order
	// valueProblems are the values that match no option (query_check.go),
	// worked out for the board of checkedN-1 items.
	valueProblems []string
	checkedN      int
}

// mineTerm is the term M adds and removes.
const mineTerm = "owner:@me"

// parseQuery reads a lower-cased filter; me is the nick of the person
// logged in, "" when the login is not a person (an API account).
func parseQuery(q, me string) textQuery {
	var tq textQuery
	toks, unclosed := splitTerms(q)
	if unclosed {
		tq.problems = append(tq.problems, `a quote is not closed: close it with "`)
	}
	for _, tok := range toks {
		if tok != "" {
			tq.add(tok, me)
		}
	}
	return tq
}

// add reads one term.
func (tq *textQuery) add(tok, me string) {
	neg := false
	if rest, ok := strings.CutPrefix(tok, "-"); ok {
		if rest == "" {
			tq.problems = append(tq.problems, "- needs a term after it, e.g. -status:resolved")
			return
		}
		neg, tok = true, rest
	}
	if id, ok := strings.CutPrefix(tok, "#"); ok {
		if !isDigits(id) {
			tq.problems = append(tq.problems, fmt.Sprintf("#%s: # takes an item's number, e.g. #12", id))
			return
		}
		if neg {
			tq.words = append(tq.words, wordTerm{text: id, neg: true})
			return
		}
		tq.ids = append(tq.ids, id)
		return
	}
	key, value, hasKey := strings.Cut(tok, ":")
	field := fieldOf(key)
	if !hasKey || key == "" || strings.Contains(key, `"`) {
		tq.words = append(tq.words, wordTerm{text: tok, neg: neg})
		return
	}
	if field == "" {
		tq.problems = append(tq.problems, fmt.Sprintf("%s: is not a field (use %s); searched as text", key, usableFields()))
		tq.words = append(tq.words, wordTerm{text: tok, neg: neg})
		return
	}
	t := fieldTerm{field: field, neg: neg}
	for _, a := range strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' }) {
		a = strings.TrimSpace(a)
		switch {
		case a == "":
		case field == "owner" && a == "@me" && me == "":
			tq.problems = append(tq.problems, "owner:@me cannot apply: an API account (Basic) is not a person; use owner:NAME")
		case field == "owner" && a == "@me":
			t.alts = append(t.alts, fieldAlt{text: strings.ToLower(me), exact: true})
		default:
			t.alts = append(t.alts, fieldAlt{text: a})
		}
	}
	if len(t.alts) == 0 {
		if strings.TrimSpace(value) == "" {
			tq.problems = append(tq.problems, fmt.Sprintf("%s: needs a value, e.g. %s", key, exampleOf(field)))
		}
		return
	}
	tq.terms = append(tq.terms, t)
}

// exampleOf is an example term of a field.
func exampleOf(field string) string {
	for _, f := range filterFields {
		if f.name == field {
			return f.example
		}
	}
	return field + ":VALUE"
}

// splitTerms cuts a filter at spaces outside double quotes and drops the
// quotes: `prio:"nice to have" crash` is `prio:nice to have` and `crash`.
// unclosed reports a quote left open (the rest is then one term, so a
// value typed so far already filters).
func splitTerms(q string) (toks []string, unclosed bool) {
	var cur strings.Builder
	inQuote, started := false, false
	flush := func() {
		if started {
			toks = append(toks, cur.String())
		}
		cur.Reset()
		started = false
	}
	for _, r := range q {
		switch {
		case r == '"':
			inQuote, started = !inQuote, true
		case !inQuote && (r == ' ' || r == '\t'):
			flush()
		default:
			cur.WriteRune(r)
			started = true
		}
	}
	flush()
	return toks, inQuote
}
