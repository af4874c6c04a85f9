package common

import (
	"triage/api"
	"triage/ui/i18n"
)

// Advise puts what to do in front of an error: its text reads "advice:
// err", and api.LeadWithAdvice keeps it first, ahead of any advice of the
// failed call inside (which the full text, in !, still holds). advice is
// in the language in use (i18n.T at the call).
func Advise(advice string, err error) error { return &advised{advice: advice, err: err} }

type advised struct {
	advice string
	err    error
}

func (a *advised) Error() string  { return a.advice + ": " + a.err.Error() }
func (a *advised) Advice() string { return a.advice }
func (a *advised) Unwrap() error  { return a.err }

// AdviceIn is the advice, already in the language in use: tr leaves it as
// it is, or translates it when it is a message of the catalogue in English.
func (a *advised) AdviceIn(tr api.Translator) string {
	if tr == nil {
		return a.advice
	}
	return tr(a.advice)
}

// TextIn is the error's text in tr's language: the advice, and the error
// it is about drawn in tr's language.
func (a *advised) TextIn(tr api.Translator) string {
	return api.Say("%s: %s", a.AdviceIn(tr), a.err).In(tr)
}

// ErrorText is err as the user reads it, on the status line, in ! and on
// stderr: in the language in use (ui/i18n), what to do first
// (api.LeadWithAdvice).
func ErrorText(err error) string { return api.LeadWithAdviceIn(err, i18n.T) }
