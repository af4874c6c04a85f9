package wiring

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/x/term"

	"triage/api"
	"triage/auth"
	"triage/ui/common"
)

// The scriptable commands (list, view, set, log) share how they reach the
// service and read their arguments: the credential in use, the workspace of
// the flags, the environment or the board's last one, and flags mixed with
// arguments in any order, as gh and jira take them.

// Target is the service a scriptable command reads and writes.
type Target struct {
	Setup   *Setup
	Session auth.Session
	Client  *api.Client
	WS      int64 // 0: none named
	// Close releases the client's rate budget; call it when the command ends.
	Close func() error
}

// OpenScript resolves the configuration and the credential in use. It never
// prompts: without a credential it says how to log in.
func (c *Factory) OpenScript(ctx context.Context, g *GlobalFlags) (*Target, error) {
	s, err := c.Load(ctx, g)
	if err != nil {
		return nil, err
	}
	sess, err := s.Session(ctx)
	if errors.Is(err, ErrNotLoggedIn) {
		return nil, api.Errorf("%w: run triage login, or set TRIAGE_TOKEN", err)
	}
	if err != nil {
		return nil, err
	}
	if sess.Expired(time.Now()) {
		return nil, api.Errorf("the stored login to %s has expired: run triage login", s.Config.BaseURL)
	}
	ws := s.Config.Workspace
	if sess.Method == auth.MethodOAuth && sess.WorkspaceID != 0 && g.Workspace == 0 {
		ws = sess.WorkspaceID // the token reaches only this one
	}
	client, closeBudget, err := s.NewClient(sess.Authorizer(), sess.Account(), c.Version, c.WaitTeller())
	if err != nil {
		return nil, err
	}
	return &Target{Setup: s, Session: sess, Client: client, WS: ws, Close: closeBudget}, nil
}

// Workspace is the workspace to read, or a usage error naming how to give one.
func (t *Target) Workspace() (int64, error) {
	if t.WS == 0 {
		return 0, api.Errorf("%w: no workspace: pass --workspace ID, set TRIAGE_WORKSPACE, or open the board once to pick one", ErrUsage)
	}
	return t.WS, nil
}

// Me is the nick of the user logged in, asked of the service when the
// credential does not say; an API account is no person and has none.
func (t *Target) Me(ctx context.Context) (string, error) {
	switch {
	case t.Session.Nick != "":
		return t.Session.Nick, nil
	case t.Session.Method == auth.MethodBasic:
		return "", api.Errorf("%w: owner:@me needs a person's login, and an API account is not one: name the owner (owner:NICK), or log in with triage login --web or --token", ErrUsage)
	}
	u, err := t.Client.UserInfo(ctx) // the command's client: its budget, its waits said
	if err != nil {
		return "", err
	}
	return string(u.Nick), nil
}

// Unreachable reports an error of the service and returns the error whose
// exit code is ExitNotChecked (3) when the service could not be reached or
// failed for a while (what the client retries), so that a script tells "no
// answer" from "refused".
func (c *Factory) Unreachable(err error) error {
	if api.Temporary(err) {
		fmt.Fprintf(c.Stderr, "triage: %s\n", common.ErrorText(err))
		return ErrNotChecked
	}
	return err
}

// ParseArgs reads flags and arguments in any order; after "--" everything
// is an argument, and so is a word with one dash that names no flag (a
// negated filter term: -status:resolved, -crash).
func (c *Factory) ParseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	if c.Collect != nil {
		c.Collect(fs)
		return nil, ErrFlagsOnly
	}
	var pos []string
	for {
		for len(args) > 0 && isNegatedTerm(fs, args[0]) {
			pos, args = append(pos, args[0]), args[1:]
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c.PrintHelp(fs)
				return nil, err
			}
			return nil, api.Errorf("%w: %s", ErrUsage, flagError(fs.Name(), err))
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
}

// StdoutIsTerminal reports whether the output goes to a terminal, which
// gets a table, rather than to a pipe or a file, which get plain lines.
func (c *Factory) StdoutIsTerminal() bool {
	f, ok := c.Stdout.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// isNegatedTerm reports a word with one dash that is no flag of fs.
func isNegatedTerm(fs *flag.FlagSet, arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || name == "" || strings.HasPrefix(name, "-") {
		return false
	}
	name, _, _ = strings.Cut(name, "=")
	return fs.Lookup(name) == nil && name != "h" && name != "help"
}

// WaitTeller tells on stderr, as it starts, each wait for the rate limit, so
// that a script's user knows why nothing happens and for how long. Requests
// under way at once wait together: a wait ending no later than one already
// told is not told again.
func (c *Factory) WaitTeller() func(api.Wait) {
	var mu sync.Mutex
	var told time.Time
	return func(w api.Wait) {
		mu.Lock()
		defer mu.Unlock()
		if !w.Until.After(told) {
			return
		}
		told = w.Until
		fmt.Fprintf(c.Stderr, "triage: %s…\n", WaitText(w))
	}
}
