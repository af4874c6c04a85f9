package filter

import (
	"strings"

	"triage/ui/i18n"
)

// The term of an item's state in its workflow:
//
//	is:open    the items whose status is not one of their kind's final
//	           statuses (TAPD's /workflows/last_steps: resolved,
//	           rejected, closed, done, or the workspace's own)
//	is:closed  the others; -is:open says the same
//
// The final statuses are the caller's to read (Query.Finals): until they
// are known the term keeps nothing, and the caller says it is reading them.

// OpenField is the Field of an is: term; an is:closed term is a negated
// is:open.
const OpenField = "is"

// The values of an is: term.
const (
	OpenValue   = "open"
	ClosedValue = "closed"
)

// isOpenKey reports whether a term's key is the state's.
func isOpenKey(key string) bool { return key == OpenField }

// addOpen reads an is: term: open, closed, or either (which keeps all).
func (tq *Query) addOpen(value string, neg bool) {
	open, closed := false, false
	for _, a := range strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' }) {
		switch a = strings.TrimSpace(a); {
		case a == "":
		case prefixOf(a, OpenValue):
			open = true
		case prefixOf(a, ClosedValue):
			closed = true
		default:
			tq.Problems = append(tq.Problems, i18n.Tf("is:%s: is: takes open or closed, e.g. is:open", a))
			return
		}
	}
	switch {
	case !open && !closed:
		tq.blanks = append(tq.blanks, blank{at: len(tq.Problems), key: OpenField, field: OpenField})
		tq.Problems = append(tq.Problems, needsValue(OpenField, Example(OpenField)))
	case open && closed:
		if neg {
			tq.Problems = append(tq.Problems, i18n.T("-is:open|closed keeps nothing: use is:open or is:closed"))
		}
	default:
		tq.Terms = append(tq.Terms, Term{Field: OpenField, Alts: []Alt{{Text: OpenValue, Exact: true}}, Neg: neg != closed})
	}
}

// prefixOf reports whether typed starts word (a value typed in part).
func prefixOf(typed, word string) bool { return strings.HasPrefix(word, typed) }

// OpenPasses reports whether an item of status code is open: its status
// is not one of finals. With finals not known (nil) no item is.
func OpenPasses(finals map[string]bool, code string) bool {
	return finals != nil && !finals[code]
}

// NamesOpen reports whether the filter has an is: term, whose final
// statuses the caller reads (Finals).
func (q *Query) NamesOpen() bool {
	for _, t := range q.Terms {
		if t.Field == OpenField {
			return true
		}
	}
	return false
}

// ReadingFinals is what the filter line says while the final statuses of
// kind (stories, bugs, tasks) are read for an is: term.
func ReadingFinals(kind string) string {
	return i18n.Tf("is: reading the final statuses of %s (one request)…", i18n.T(kind))
}
