// Package launch starts the programs triage runs for the user (the editor
// program, the config's commands, the browser) with one environment policy:
// the user's environment less triage's own variables (TRIAGE_*, its
// credentials among them) and every variable whose name says it holds a
// token, secret, password or key, so that no credential reaches a child.
//
// It lives under store, beside the names of triage's variables
// (store.EnvToken, …) and the credentials they stand for. It imports only
// the standard library, and auth (the browser), ui (the editor) and the
// command line (the config's commands) all import store's tree already, so
// starting a child crosses none of DESIGN.md's walls.
package launch

import (
	"context"
	"os/exec"
	"slices"
	"strings"
)

// Command is exec.CommandContext(ctx, name, arg...) run with environ (the
// caller's os.Environ()) less what a child must not see (Env).
func Command(ctx context.Context, environ []string, name string, arg ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, arg...)
	cmd.Env = Env(environ)
	return cmd
}

// Env is environ ("NAME=value" entries) less the variables a child must not
// see (Withheld); the others keep their order.
func Env(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !Withheld(name) {
			out = append(out, kv)
		}
	}
	return out
}

// triagePrefix starts triage's own variables: they configure triage, and
// some hold its credentials (TRIAGE_TOKEN, TRIAGE_API_USER and its password,
// TRIAGE_CLIENT_SECRET).
const triagePrefix = "TRIAGE_"

// secretWords mark a variable that holds a secret wherever they stand in
// its name (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, PGPASSWORD, OPENAI_API_KEY).
var secretWords = []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "API_KEY", "APIKEY", "PRIVATE_KEY", "ACCESS_KEY"}

// Withheld reports whether the variable named name is kept from a child
// program: one of triage's own, a name with a secret word in it, or a name
// ending in _KEY, in any case.
func Withheld(name string) bool {
	upper := strings.ToUpper(name)
	if strings.HasPrefix(upper, triagePrefix) || strings.HasSuffix(upper, "_KEY") {
		return true
	}
	return slices.ContainsFunc(secretWords, func(w string) bool { return strings.Contains(upper, w) })
}
