package wiring

import (
	"fmt"
	"time"

	"triage/auth"
	"triage/ui/i18n"
)

// How the command line describes a session: who it is, until when, and
// what to do when the service refuses it.

// Who names the person or account of a session; "" when it is not known
// (a token not checked with the service).
func Who(s auth.Session) string {
	switch {
	case s.Nick != "" && s.UserName != "" && s.UserName != s.Nick:
		return fmt.Sprintf("%s (%s)", s.Nick, s.UserName)
	case s.Nick != "":
		return s.Nick
	case s.APIUser != "":
		return i18n.Tf("API account %s", s.APIUser)
	}
	return ""
}

// ExpiryOf is when a session stops being used, on the local clock: its
// token's end less the margin (see auth.Session.Margin). Login and status
// both show this time.
func ExpiryOf(s auth.Session) string {
	return s.ExpiresAt.Add(-s.Margin()).Local().Format(time.DateTime)
}

// Renew says how to get a credential the service takes, for a session
// whose credential was refused or expired; fromEnv: it came from the
// environment.
func Renew(sess auth.Session, fromEnv bool) string {
	switch {
	case fromEnv && sess.RefusedAdvice != "":
		return UpperFirst(sess.RefusedAdvice) + "."
	case sess.Method == auth.MethodOAuth:
		return i18n.Tf("Run: %s", "triage login --web")
	case sess.Method == auth.MethodBasic:
		return i18n.Tf("Run: %s", "triage login --basic")
	}
	return i18n.Tf("Run: %s", "triage login --token")
}

// UpperFirst capitalises the first letter of an ASCII summary.
func UpperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
