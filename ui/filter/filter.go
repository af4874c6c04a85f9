// Package filter is the filter language of the board's / and of
// `triage list`: space-separated terms, all of which must hold.
//
//	word  "two words"        text in the title, owners or id
//	status:dev  prio:"Nice To Have"  owner:ali|bob  a field's value, by
//	                         prefix, alternatives joined by "|" or ","
//	owner:@me                the user logged in (a person, not an API account)
//	created:yesterday  modified:>3d  created:2026-11-01..2026-11-07
//	                         when an item was made or last changed (span.go)
//	severity:fatal           a bug's severity, by its name or code
//	creator:@me  reporter:bob  who made the item (a bug's reporter)
//	is:open  is:closed       whether the status is one of the kind's final
//	                         statuses (open.go)
//	#12                      the item whose short id is 12
//	-term                    not that term (-status:resolved, -crash)
//
// Parse reads it without a board: what the values match (a status's code
// or name, a priority's label or value) is the caller's to say, through
// Match or the board's own remembered answers. What it cannot read is
// listed in Problems, never silently turned into "no matches".
package filter

import (
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/ui/i18n"
)

// Field is a field a term may name, with an example of a term.
type Field struct{ Name, Sample string }

// Fields are the fields a term may name.
func Fields() []Field {
	return []Field{
		{"status", "status:developing"},
		{"owner", "owner:alice"},
		{"prio", `prio:"Nice To Have"`},
		{"iter", "iter:@current"},
		{"created", "created:yesterday"},
		{"modified", "modified:>3d"},
		{"severity", "severity:fatal"},
		{"creator", "creator:alice"},
		{"reporter", "reporter:alice"},
		{OpenField, "is:open"},
		{SeenNew, "new:yes"},
		{SeenChanged, "changed:yes"},
	}
}

// FieldOf is the field a term's key names, or "" for none.
func FieldOf(key string) string {
	switch key {
	case "status", "s":
		return "status"
	case "owner", "o":
		return "owner"
	case "prio", "priority", "p":
		return "prio"
	case "iter", "iteration":
		return "iter"
	case "created", "modified", "severity", "creator", "reporter":
		return key
	case "sev":
		return "severity"
	case OpenField:
		return OpenField
	}
	return ""
}

// UsableFields is the list of fields a problem points to.
func UsableFields() string {
	fields := Fields()
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.Name + ":"
	}
	return strings.Join(names, " ") + " #id -term"
}

// Word is a word or quoted phrase to find in the title, owners or id.
type Word struct {
	Text string
	Neg  bool
}

// Alt is one alternative value of a field term: a prefix, or an exact
// owner nick for @me.
type Alt struct {
	Text  string
	Exact bool
}

// Term narrows by one field: an item passes when its field has one of
// the alternatives (none of them when Neg).
type Term struct {
	Field string // a name of Fields (status, owner, prio, iter, created…) or CustomTerm
	Alts  []Alt
	// Spans are the times of a created: or modified: term, one for each
	// alternative.
	Spans  []Span
	Neg    bool
	Custom *api.CustomField // the custom field a CustomTerm names (custom.go)
}

// Query is a parsed filter.
type Query struct {
	Words    []Word
	Terms    []Term
	IDs      []string // short ids (#12), any of them
	Problems []string // what could not be read or applied, in order
	// IterAlias names the iterations iter:@current and iter:@next stand for
	// (IterAliases); the caller sets it when the query names them.
	IterAlias map[string]string
	// Finals are the final statuses of the kind filtered, by code, for an
	// is: term (NamesOpen); the caller reads them. nil: not known.
	Finals map[string]bool
	// blanks are the field terms typed without a value, whose problem
	// (at its place in Problems) gives an example of the workspace's
	// values once they are known (ProblemsWith).
	blanks []blank
	// at is when the filter was read: what today and 3d stand for.
	at time.Time
}

// blank is a field term typed without a value: key as typed, its field,
// and the place of its problem.
type blank struct {
	at         int
	key, field string
}

// Parse reads a filter, in any case; me is the nick of the person logged
// in, "" when the login is not a person (an API account).
func Parse(q, me string) Query { return parse(q, me, time.Now(), nil) }

// ParseAt is Parse at now: what today, yesterday and 3d stand for.
func ParseAt(q, me string, now time.Time) Query { return parse(q, me, now, nil) }

// parse is ParseAt with the custom fields a term may name (ParseWith).
func parse(q, me string, now time.Time, custom []api.CustomField) Query {
	tq := Query{at: now}
	q = strings.ToLower(q)
	toks, unclosed := splitTerms(q)
	if unclosed {
		tq.Problems = append(tq.Problems, i18n.T(`a quote is not closed: close it with "`))
	}
	for _, tok := range toks {
		if tok != "" {
			tq.add(tok, me, custom)
		}
	}
	return tq
}

// add reads one term.
func (tq *Query) add(tok, me string, custom []api.CustomField) {
	neg := false
	if rest, ok := strings.CutPrefix(tok, "-"); ok {
		if rest == "" {
			tq.Problems = append(tq.Problems, i18n.T("- needs a term after it, e.g. -status:resolved"))
			return
		}
		neg, tok = true, rest
	}
	if id, ok := strings.CutPrefix(tok, "#"); ok {
		if !IsDigits(id) {
			tq.Problems = append(tq.Problems, i18n.Tf("#%s: # takes an item's number, e.g. #12", id))
			return
		}
		if neg {
			tq.Words = append(tq.Words, Word{Text: id, Neg: true})
			return
		}
		tq.IDs = append(tq.IDs, id)
		return
	}
	key, value, hasKey := strings.Cut(tok, ":")
	if hasKey && isSeenKey(key) {
		tq.addSeen(key, strings.TrimSpace(value), neg)
		return
	}
	if hasKey && isOpenKey(key) {
		tq.addOpen(value, neg)
		return
	}
	field := FieldOf(key)
	if !hasKey || key == "" || strings.Contains(key, `"`) {
		tq.Words = append(tq.Words, Word{Text: tok, Neg: neg})
		return
	}
	if field == "" && tq.customTerm(key, value, neg, custom) {
		return
	}
	if field == "" {
		tq.Problems = append(tq.Problems, i18n.Tf("%s: is not a field, searched as text (use %s)", key, UsableFields()))
		tq.Words = append(tq.Words, Word{Text: tok, Neg: neg})
		return
	}
	t := Term{Field: field, Neg: neg}
	for _, a := range strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' }) {
		a = strings.TrimSpace(a)
		switch {
		case a == "":
		case takesPeople(field) && a == "@me" && me == "":
			tq.Problems = append(tq.Problems, i18n.Tf("%s:@me cannot apply: an API account (Basic) is not a person; use %s:NAME", field, field))
		case takesPeople(field) && a == "@me":
			t.Alts = append(t.Alts, Alt{Text: strings.ToLower(me), Exact: true})
		default:
			t.Alts = append(t.Alts, Alt{Text: a})
		}
	}
	if len(t.Alts) == 0 {
		if strings.TrimSpace(value) == "" {
			tq.blanks = append(tq.blanks, blank{at: len(tq.Problems), key: key, field: field})
			tq.Problems = append(tq.Problems, needsValue(key, Example(field)))
		}
		return
	}
	if IsTimeField(field) && !tq.readSpans(&t, key) {
		return
	}
	tq.Terms = append(tq.Terms, t)
}

// needsValue is the problem of a field term typed without a value.
func needsValue(key, example string) string {
	return i18n.Tf("%s: needs a value, e.g. %s", key, example)
}

// ProblemsWith are the problems of reading the filter, a term typed
// without a value given an example of the values o offers (a bug's
// status, not a story's).
func (q *Query) ProblemsWith(o *Options) []string {
	if len(q.blanks) == 0 {
		return q.Problems
	}
	out := slices.Clone(q.Problems)
	for _, b := range q.blanks {
		out[b.at] = needsValue(b.key, o.Example(b.field))
	}
	return out
}

// Example is an example term of a field.
func Example(field string) string {
	for _, f := range Fields() {
		if f.Name == field {
			return f.Sample
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
