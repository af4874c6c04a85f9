// Package filter is the filter language of the board's `/` and of
// `triage list`: words that must all appear in the title, owners or id, and
// terms that narrow by field, each with alternatives joined by "|" or ",":
//
//	status:planning|developing   a status's code or display name
//	owner:alice   owner:@me      an owner's nick; @me is the user logged in
//	prio:High|Low                a priority's label or value, "none" for none
//
// It is pure: the caller says what a status or a priority is called in its
// workspace, so the board can remember the answers per column and a script
// can ask per item.
package filter

import "strings"

// Query is a parsed filter; every value is lower-cased. A nil slice does
// not narrow.
type Query struct {
	Words  []string // all must appear in the haystack or the id
	Status []string // alternatives: a status's code or display name
	Prio   []string // alternatives: a priority's label or value, "none"
	Owners []string // alternatives: nicks
}

// Parse reads a filter; me is the user's nick, for @me.
func Parse(q, me string) Query {
	var tq Query
	for _, f := range strings.Fields(strings.ToLower(q)) {
		key, value, ok := strings.Cut(f, ":")
		alts := strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' })
		if !ok || len(alts) == 0 {
			tq.Words = append(tq.Words, strings.TrimPrefix(f, "#"))
			continue
		}
		switch key {
		case "status", "s":
			tq.Status = append(tq.Status, alts...)
		case "owner", "o":
			for _, a := range alts {
				if a == "@me" {
					a = strings.ToLower(me)
				}
				tq.Owners = append(tq.Owners, a)
			}
		case "prio", "priority", "p":
			tq.Prio = append(tq.Prio, alts...)
		default:
			tq.Words = append(tq.Words, f)
		}
	}
	return tq
}

// Empty reports a query that keeps every item.
func (q *Query) Empty() bool {
	return q.Words == nil && q.Status == nil && q.Prio == nil && q.Owners == nil
}

// WordsIn reports whether every word is in hay (lower-cased title and
// owners), or, for a word of digits, in the item's id.
func (q *Query) WordsIn(hay, id string) bool {
	for _, w := range q.Words {
		if !strings.Contains(hay, w) && !(isDigits(w) && strings.Contains(id, w)) {
			return false
		}
	}
	return true
}

// StatusPasses reports whether a status, by its code or display name, is
// one of the query's.
func (q *Query) StatusPasses(code, name string) bool {
	if q.Status == nil {
		return true
	}
	code, name = strings.ToLower(code), strings.ToLower(name)
	for _, a := range q.Status {
		if a == code || a == name {
			return true
		}
	}
	return false
}

// PriorityPasses reports whether a priority, by its option's value (key, ""
// for none) or label, is one of the query's.
func (q *Query) PriorityPasses(key, label string) bool {
	if q.Prio == nil {
		return true
	}
	lkey, label := strings.ToLower(key), strings.ToLower(label)
	for _, a := range q.Prio {
		if a == label || a == lkey || (a == "none" && key == "") {
			return true
		}
	}
	return false
}

// OwnedByAny reports whether one of the owners (a people field, nicks
// joined by ";") is one of the query's.
func (q *Query) OwnedByAny(owner string) bool {
	if q.Owners == nil {
		return true
	}
	for _, o := range strings.Split(owner, ";") {
		if o = strings.ToLower(strings.TrimSpace(o)); o != "" {
			for _, n := range q.Owners {
				if o == n {
					return true
				}
			}
		}
	}
	return false
}

// isDigits reports a non-empty string of ASCII digits.
func isDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }
