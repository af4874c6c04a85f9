package api

import (
	"errors"
	"fmt"
	"strings"
)

// adviser is an error that knows what to do about it: an *Error, or an
// error a caller wrapped with its own advice in front.
type adviser interface {
	error
	Advice() string
}

// LeadWithAdvice is err's text with what to do first, so that a status line
// cut at its width, or a glance at a terminal, shows it: the outermost
// error in err's chain that gives advice decides. An *Error's "op: what
// happened; what to do" reads "what to do: op: what happened"; an error
// whose text already starts with its advice is left as it is.
func LeadWithAdvice(err error) string {
	text := err.Error()
	for e := err; e != nil; e = errors.Unwrap(e) {
		a, ok := e.(adviser)
		if !ok {
			continue
		}
		advice := a.Advice()
		if advice == "" || strings.HasPrefix(text, advice) {
			return text
		}
		rest := strings.Replace(text, "; "+advice, "", 1)
		if rest == text {
			return text
		}
		return advice + ": " + rest
	}
	return text
}

// CannotMove says that an item's status cannot go from one status to
// another, and which it can go to (display names), as the service, the
// board and triage set all say it.
func CannotMove(from, to string, next []string) string {
	allowed := "none"
	if len(next) > 0 {
		allowed = strings.Join(next, ", ")
	}
	return fmt.Sprintf("cannot go from %s to %s; from %s it can go to: %s", from, to, from, allowed)
}
