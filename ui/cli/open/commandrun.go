package open

import (
	"bytes"
	"context"
	"time"
	"triage/api"

	"triage/store/launch"
)

// The config's commands (store.Command) run with no shell unless their
// entry is a shell script, no input, a time limit, and start through
// store/launch: no credential triage holds reaches them.

const (
	commandTimeout   = 2 * time.Minute
	commandOutputCap = 64 << 10
)

// commandRunner runs the config's commands with environ's variables (os.Environ).
func commandRunner(environ []string) func(ctx context.Context, args []string) (string, error) {
	return func(ctx context.Context, args []string) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, commandTimeout)
		defer cancel()
		cmd := launch.Command(ctx, environ, args[0], args[1:]...)
		var out cappedBuffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		if ctx.Err() != nil {
			err = api.Errorf("stopped after %s", commandTimeout)
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
