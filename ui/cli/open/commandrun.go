package open

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// The config's commands (store.Command) run with no shell unless their
// entry is a shell script, no input, a time limit, and an environment
// without any credential: triage's own variables and every variable whose
// name says it holds a secret are left out.

const (
	commandTimeout   = 2 * time.Minute
	commandOutputCap = 64 << 10
)

// secretNames are the words that mark a variable holding a secret.
var secretNames = []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL", "API_KEY", "APIKEY", "PRIVATE_KEY"}

// commandEnv is the environment of a command: env less triage's variables
// and anything that looks like a secret.
func commandEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		upper := strings.ToUpper(name)
		if strings.HasPrefix(upper, "TRIAGE_") || containsAny(upper, secretNames) {
			continue
		}
		out = append(out, kv)
	}
	return out
}

// containsAny reports whether s contains one of the words.
func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// commandRunner runs the config's commands with environ's variables (os.Environ).
func commandRunner(environ []string) func(ctx context.Context, args []string) (string, error) {
	env := commandEnv(environ)
	return func(ctx context.Context, args []string) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, commandTimeout)
		defer cancel()
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Env = env
		var out cappedBuffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if ctx.Err() != nil {
			err = fmt.Errorf("stopped after %s", commandTimeout)
		}
		return out.String(), err
	}
}

// cappedBuffer keeps the first commandOutputCap bytes written to it.
type cappedBuffer struct {
	b       bytes.Buffer
	dropped bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if room := commandOutputCap - c.b.Len(); room < len(p) {
		c.b.Write(p[:max(room, 0)])
		c.dropped = true
		return len(p), nil
	}
	return c.b.Write(p)
}

func (c *cappedBuffer) String() string {
	if c.dropped {
		return c.b.String() + "\n(output cut)"
	}
	return c.b.String()
}
