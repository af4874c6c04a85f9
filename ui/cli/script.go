package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"

	"triage/api"
	"triage/auth"
	"triage/store"
)

// The scriptable commands (list, view, set) share how they reach the
// service and read their arguments: the credential in use, the workspace of
// the flags, the environment or the board's last one, and flags mixed with
// arguments in any order, as gh and jira take them.

// scriptTarget is the service a scriptable command reads and writes.
type scriptTarget struct {
	setup  *setup
	sess   auth.Session
	client *api.Client
	ws     int64 // 0: none named
}

// openScript resolves the configuration and the credential in use. It never
// prompts: without a credential it says how to log in.
func (c *cli) openScript(ctx context.Context, g *globalFlags) (*scriptTarget, error) {
	s, err := c.load(ctx, g)
	if err != nil {
		return nil, err
	}
	sess, err := s.session(ctx)
	if errors.Is(err, errNotLoggedIn) {
		return nil, fmt.Errorf("%w: run triage login, or set TRIAGE_TOKEN", err)
	}
	if err != nil {
		return nil, err
	}
	if sess.Expired(time.Now()) {
		return nil, fmt.Errorf("the stored login to %s has expired: run triage login", s.cfg.BaseURL)
	}
	ws := s.cfg.Workspace
	if sess.Method == auth.MethodOAuth && sess.WorkspaceID != 0 && g.workspace == 0 {
		ws = sess.WorkspaceID // the token reaches only this one
	}
	client := api.NewClient(s.cfg.BaseURL, sess.Authorizer(), api.WithUserAgent("triage/"+c.version))
	return &scriptTarget{setup: s, sess: sess, client: client, ws: ws}, nil
}

// workspace is the workspace to read, or a usage error naming how to give one.
func (t *scriptTarget) workspace() (int64, error) {
	if t.ws == 0 {
		return 0, fmt.Errorf("%w: no workspace: pass --workspace ID, set TRIAGE_WORKSPACE, or open the board once to pick one", errUsage)
	}
	return t.ws, nil
}

// me is the nick of the user logged in, asked of the service when the
// credential does not say; an API account is no person and has none.
func (t *scriptTarget) me(ctx context.Context) (string, error) {
	switch {
	case t.sess.Nick != "":
		return t.sess.Nick, nil
	case t.sess.Method == auth.MethodBasic:
		return "", fmt.Errorf("%w: owner:@me needs a person's login, and an API account is not one: name the owner (owner:NICK), or log in with triage login --web or --token", errUsage)
	}
	checked, err := auth.Check(ctx, t.sess, nil)
	if err != nil {
		return "", err
	}
	return checked.Nick, nil
}

// names reads the field names of a kind, and keeps its priority labels for
// shell completion (a failure to keep them changes nothing else).
func (t *scriptTarget) names(ctx context.Context, ws int64, kind api.Kind) (workspaceNames, error) {
	n, err := readNames(ctx, t.client, ws, kind)
	if err != nil {
		return n, err
	}
	if service, err := store.ServiceKey(t.setup.cfg.BaseURL); err == nil {
		_ = store.SaveLabels(t.setup.paths.CacheDir, service, kind, n.opts)
	}
	return n, nil
}

// unreachable reports an error of the service and returns the error whose
// exit code is ExitNotChecked (3) when the service could not be reached or
// failed for a while (what the client retries), so that a script tells "no
// answer" from "refused".
func (c *cli) unreachable(err error) error {
	if api.Temporary(err) {
		fmt.Fprintf(c.stderr, "triage: %s\n", api.LeadWithAdvice(err))
		return errNotChecked
	}
	return err
}

// parseArgs reads flags and arguments in any order; after "--" everything
// is an argument, and so is a word with one dash that names no flag (a
// negated filter term: -status:resolved, -crash).
func (c *cli) parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	if c.collect != nil {
		c.collect(fs)
		return nil, errFlagsOnly
	}
	var pos []string
	for {
		for len(args) > 0 && isNegatedTerm(fs, args[0]) {
			pos, args = append(pos, args[0]), args[1:]
		}
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				cmd, _ := lookupCommand(tableName(fs.Name()))
				printCommand(c.stdout, cmd, fs)
				return nil, err
			}
			return nil, fmt.Errorf("%w: %s", errUsage, flagError(fs.Name(), err))
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

// stdoutIsTerminal reports whether the output goes to a terminal, which
// gets a table, rather than to a pipe or a file, which get plain lines.
func (c *cli) stdoutIsTerminal() bool {
	f, ok := c.stdout.(*os.File)
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
