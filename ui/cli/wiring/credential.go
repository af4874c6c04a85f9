package wiring

import (
	"context"
	"fmt"
	"strings"

	"triage/auth"
	"triage/ui/i18n"
)

// Which credential decides who you are: a token in TRIAGE_TOKEN, else an API
// account in TRIAGE_API_USER and TRIAGE_API_PASSWORD, else the login stored
// for the service (Setup.Session). These sentences say so where a person
// would otherwise believe the stored login is used: status, login, logout.

// EnvCredential names the environment variables that decide the
// credential, or "" when the stored login does.
func (s *Setup) EnvCredential() string {
	switch {
	case s.Config.Token != "":
		return "TRIAGE_TOKEN"
	case s.Config.APIUser != "" && s.Config.APIPassword != "":
		return "TRIAGE_API_USER and TRIAGE_API_PASSWORD"
	}
	return ""
}

// EnvRefusedAdvice is what to do when the service refuses the credential set
// in the environment: set a valid one, or unset it for the stored login (or
// a login to store, when there is none), in the language in use. It names
// the variables, never their values.
func (s *Setup) EnvRefusedAdvice(ctx context.Context) string {
	env := s.EnvCredential()
	_, err := s.Credentials.Get(ctx, s.Config.BaseURL)
	stored := err == nil
	switch {
	case env == "TRIAGE_TOKEN" && stored:
		return i18n.Tf("set a valid token in %s, or unset %s to use the stored login", env, env)
	case env == "TRIAGE_TOKEN":
		return i18n.Tf("set a valid token in %s, or unset %s and run `triage login`", env, env)
	case stored:
		return i18n.Tf("correct %s, or unset them to use the stored login", env)
	}
	return i18n.Tf("correct %s, or unset them and run `triage login`", env)
}

// InUse says which credential a session is and why it was chosen over the
// others that are set, for `triage status`.
func (s *Setup) InUse(ctx context.Context, sess auth.Session) string {
	env := s.EnvCredential()
	if env == "" || !s.FromEnv(sess) {
		return i18n.T("the stored login (no credential is set in the environment)")
	}
	parts := []string{i18n.Tf("%s from the environment", env)}
	if env == "TRIAGE_TOKEN" && s.Config.APIUser != "" && s.Config.APIPassword != "" {
		parts = append(parts, i18n.T("TRIAGE_API_USER and TRIAGE_API_PASSWORD are set too but not used: a token comes before an API account"))
	}
	if cred, err := s.Credentials.Get(ctx, s.Config.BaseURL); err == nil {
		parts = append(parts, fmt.Sprintf("the environment wins over the stored login (%s), which is used once %s %s unset",
			MethodName(auth.Method(cred.Method)), env, isOrAre(env)))
	}
	return strings.Join(parts, "; ")
}

// EnvStillDecides is the note of login and logout when the environment,
// not the stored login, decides who you are; "" when it does not.
func (s *Setup) EnvStillDecides(what string) string {
	env := s.EnvCredential()
	if env == "" {
		return ""
	}
	if isOrAre(env) == "are" {
		return i18n.Tf("Note: %[1]s are set in the environment, so triage still uses them, not %[2]s; unset them for %[2]s to count.", env, what) + "\n"
	}
	return i18n.Tf("Note: %[1]s is set in the environment, so triage still uses it, not %[2]s; unset it for %[2]s to count.", env, what) + "\n"
}

func isOrAre(env string) string {
	if strings.Contains(env, " and ") {
		return "are"
	}
	return "is"
}

// FromEnv reports whether a session's credential comes from the environment.
func (s *Setup) FromEnv(sess auth.Session) bool {
	return s.Config.Token != "" && sess.Method == auth.MethodToken ||
		s.Config.APIUser != "" && sess.Method == auth.MethodBasic
}

// MethodName is how a login method is shown.
func MethodName(m auth.Method) string {
	switch m {
	case auth.MethodOAuth:
		return i18n.T("browser login (OAuth)")
	case auth.MethodToken:
		return i18n.T("personal access token")
	case auth.MethodBasic:
		return i18n.T("API account")
	}
	return string(m)
}

// Source says where a session's credential comes from.
func (s *Setup) Source(sess auth.Session) string {
	switch {
	case s.FromEnv(sess) && sess.Method == auth.MethodToken:
		return i18n.T("the environment (TRIAGE_TOKEN)")
	case s.FromEnv(sess):
		return i18n.T("the environment (TRIAGE_API_USER, TRIAGE_API_PASSWORD)")
	}
	return i18n.T(s.Credentials.Location())
}
