package api

import (
	"errors"
	"strings"
)

// adviser is an error that knows what to do about it: an *Error, or an
// error a caller wrapped with its own advice in front. One that also has
// AdviceIn draws its advice in the user's language.
type adviser interface {
	error
	Advice() string
}

// LeadWithAdvice is err's text with what to do first, so that a status line
// cut at its width, or a glance at a terminal, shows it: the outermost
// error in err's chain that gives advice decides. An *Error's "op: what
// happened; what to do" reads "what to do: op: what happened"; an error
// whose text already starts with its advice is left as it is.
func LeadWithAdvice(err error) string { return LeadWithAdviceIn(err, nil) }

// LeadWithAdviceIn is LeadWithAdvice in tr's language (ErrorIn).
func LeadWithAdviceIn(err error, tr Translator) string {
	text := ErrorIn(err, tr)
	for e := err; e != nil; e = errors.Unwrap(e) {
		a, ok := e.(adviser)
		if !ok {
			continue
		}
		advice := adviceIn(a, tr)
		if advice == "" || strings.HasPrefix(text, advice) {
			return text
		}
		rest := strings.Replace(text, Say("%s; %s", "", advice).In(tr), "", 1)
		if rest == text {
			return text
		}
		return Say("%s: %s", advice, rest).In(tr)
	}
	return text
}

// adviceIn is a's advice in tr's language, when it can draw it so.
func adviceIn(a adviser, tr Translator) string {
	if in, ok := a.(interface{ AdviceIn(Translator) string }); ok {
		return in.AdviceIn(tr)
	}
	return a.Advice()
}

// CannotMove says that an item's status cannot go from one status to
// another, and which it can go to (display names), as the service, the
// board and triage set all say it.
func CannotMove(from, to string, next []string) Message {
	if len(next) == 0 {
		return Say("cannot go from %s to %s; from %s it can go to: none", from, to, from)
	}
	return Say("cannot go from %s to %s; from %s it can go to: %s", from, to, from, strings.Join(next, ", "))
}
