package filter

import (
	"slices"
	"strings"
	"time"
)

// Compiled is a query made to run over many items, as the board runs it on
// every keystroke: what a field term answers for a value (a status code, a
// priority column) is worked out the first time and remembered, and so are
// the values that match no option, until the options change.
type Compiled struct {
	Query
	answers []map[string]bool // per term: value → passes
	// problems are the terms that could not be read and unmatched the
	// values matching no option, for options of version checked-1 (0: not
	// checked).
	problems  []string
	unmatched []string
	checked   int
}

// Compile parses a filter for running over many items; me is the nick of
// the person logged in, "" when the login is not a person.
func Compile(q, me string) Compiled { return CompileAt(q, me, time.Now()) }

// CompileAt is Compile at now: what today, yesterday and 3d stand for.
func CompileAt(q, me string, now time.Time) Compiled {
	c := Compiled{Query: ParseAt(q, me, now)}
	c.answers = make([]map[string]bool, len(c.Terms))
	return c
}

// Known is what term k answered for value, and whether it was asked.
func (c *Compiled) Known(k int, value string) (passes, known bool) {
	passes, known = c.answers[k][value]
	return passes, known
}

// Remember keeps what term k answers for value.
func (c *Compiled) Remember(k int, value string, passes bool) {
	if c.answers[k] == nil {
		c.answers[k] = map[string]bool{}
	}
	c.answers[k][value] = passes
}

// AllProblems is what the filter line says: the terms that could not be read,
// then the values that match no option. version names the options (any
// number that changes when they do); the check runs again only then.
func (c *Compiled) AllProblems(version int, options func() Options) []string {
	if len(c.Terms) == 0 && len(c.blanks) == 0 {
		return c.Query.Problems
	}
	if c.checked != version+1 {
		o := options()
		c.problems = c.ProblemsWith(&o)
		c.unmatched = c.Unmatched(&o)
		c.checked = version + 1
	}
	return append(slices.Clip(c.problems), c.unmatched...)
}

// Narrows reports whether every item c passes also passes old: words and
// no terms, ids or negations in either, and each of old's words inside
// c's word of the same place (one more letter typed).
func (c *Compiled) Narrows(old *Compiled) bool {
	if !c.plainWords() || !old.plainWords() || len(c.Words) < len(old.Words) {
		return false
	}
	for k, o := range old.Words {
		if !strings.Contains(c.Words[k].Text, o.Text) {
			return false
		}
	}
	return true
}

// plainWords reports a filter of words only, none negated.
func (q *Query) plainWords() bool {
	if len(q.Terms) > 0 || len(q.IDs) > 0 {
		return false
	}
	for _, w := range q.Words {
		if w.Neg {
			return false
		}
	}
	return true
}

// OneWord returns the filter's word when it is one word of text (not
// digits, which may match an id) and nothing else: the common case,
// matched with one search of each haystack.
func (q *Query) OneWord() (string, bool) {
	if len(q.Words) != 1 || !q.plainWords() || IsDigits(q.Words[0].Text) {
		return "", false
	}
	return q.Words[0].Text, true
}

// Toggle adds term to the filter text, or takes it out when there.
func Toggle(q, term string) string {
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
