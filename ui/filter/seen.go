package filter

import "triage/ui/i18n"

// The terms of "since you last looked" (the board's marks):
//
//	new:  new:yes    the items marked new to you: created or changed by
//	                 someone else since you last looked (what the tab counts)
//	changed:         of those, the ones that were there when you last
//	                 looked (changed, not created): -changed: new: keeps
//	                 the created ones
//	new:no  -new:    the others
//
// `triage list` has no marks: there the terms keep nothing.

// The fields of the terms.
const (
	SeenNew     = "new"
	SeenChanged = "changed"
)

// isSeenKey reports whether a term's key is one of the marks'.
func isSeenKey(key string) bool { return key == SeenNew || key == SeenChanged }

// addSeen reads a term of the marks: no value or yes selects the marked
// items, no the others.
func (tq *Query) addSeen(key, value string, neg bool) {
	switch value {
	case "", "yes", "y", "true":
	case "no", "n", "false":
		neg = !neg
	default:
		tq.Problems = append(tq.Problems, i18n.Tf("%s:%s: %s: takes yes or no, e.g. %s: or %s:no", key, value, key, key, key))
		return
	}
	tq.Terms = append(tq.Terms, Term{Field: key, Alts: []Alt{{Text: "yes"}}, Neg: neg})
}

// SeenPasses reports whether an item passes a term of the marks: marked
// for new:, marked and not created since the last look for changed:.
func SeenPasses(t *Term, marked, created bool) bool {
	if t.Field == SeenChanged {
		return marked && !created
	}
	return marked
}

// HasSeenTerms reports whether the filter selects by the marks.
func (q *Query) HasSeenTerms() bool {
	for _, t := range q.Terms {
		if isSeenKey(t.Field) {
			return true
		}
	}
	return false
}
