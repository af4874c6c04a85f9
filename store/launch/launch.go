// Package launch starts the programs triage runs for the user (the editor
// program, the config's commands, the browser) with one environment policy:
// the user's environment less every variable that holds a credential, so
// that no token, secret or password triage was given reaches a child.
//
// It lives under store, beside the names of triage's own variables
// (store.EnvToken, …) and the credentials they stand for, and it is a leaf:
// auth (the browser), ui (the editor) and the command line (the config's
// commands) all import store already, so starting a child crosses no wall.
package launch

import (
	"context"
	"os/exec"
	"slices"
	"strings"

	"triage/store"
)

// Command is exec.CommandContext(ctx, name, arg...) run with environ (the
// caller's os.Environ()) less every credential (Env).
func Command(ctx context.Context, environ []string, name string, arg ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, arg...)
	cmd.Env = Env(environ)
	return cmd
}

// Env is environ ("NAME=value" entries) less the variables that hold a
// credential (Secret); the others keep their order.
func Env(environ []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !Secret(name) {
			out = append(out, kv)
		}
	}
	return out
}

// credentialVars are triage's own variables that hold a credential, or half
// of one, whatever their names say.
var credentialVars = []string{store.EnvToken, store.EnvAPIUser, store.EnvAPIPassword, store.EnvClientSecret}

// secretWords mark a variable that holds a secret wherever they stand in
// its name (GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY, PGPASSWORD, OPENAI_API_KEY).
var secretWords = []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "API_KEY", "APIKEY", "PRIVATE_KEY", "ACCESS_KEY"}

// Secret reports whether the variable named name holds a credential: one of
// triage's credential variables, a name with a secret word in it, or a name
// ending in _KEY, in any case.
func Secret(name string) bool {
	upper := strings.ToUpper(name)
	if slices.Contains(credentialVars, upper) || strings.HasSuffix(upper, "_KEY") {
		return true
	}
	return slices.ContainsFunc(secretWords, func(w string) bool { return strings.Contains(upper, w) })
}
