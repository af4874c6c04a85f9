package demo

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"triage/api"

	"triage/api/sandbox"
	"triage/auth"
	"triage/store"
	"triage/ui/cli/open"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// demoWorkspace is the seed's workspace with English labels, opened first.
const demoWorkspace = 10022001

// Options are what `triage demo` runs with: its streams and how many items
// to add per workspace and kind.
type Options struct {
	IO    *wiring.Factory
	Items int
}

// NewCmd is `triage demo`: it reads the flags into Options and calls runF
// with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("demo", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		fs.IntVar(&o.Items, "items", 0, "`N` generated items to add per workspace and kind (try 100000)")
		return o
	}, nil, runF)
}

// Run runs the app on the local service, in-process, logged in as the
// demo user. It never reads or writes the user's config or credentials: all
// its files live in a temporary directory removed on exit.
func Run(ctx context.Context, o *Options) error {
	c := o.IO
	if o.Items < 0 {
		return api.Errorf("%w: --items must not be negative", wiring.ErrUsage)
	}
	if !c.IsTerminal {
		return api.Errorf("the demo needs a terminal")
	}
	opts := sandbox.Options{ExtraItems: o.Items}
	if o.Items > 0 {
		opts.Progress = demoProgress(c.Stderr, o.Items)
	}
	srv, err := sandbox.Start(opts)
	if err != nil {
		return err
	}
	defer srv.Close()
	root, err := os.MkdirTemp("", "triage-demo-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(root)

	demo := srv.Server.Demo()
	if len(demo.Users) == 0 {
		return api.Errorf("the demo service has no user")
	}
	noEnv := func(string) string { return "" }
	g := wiring.GlobalFlags{BaseURL: srv.URL, AuthURL: srv.URL, WebURL: srv.URL, ClientID: demo.ClientID, Workspace: demoWorkspace, InsecureStorage: true}
	s, err := quietly(c).LoadFrom(ctx, &g, store.PathsIn(root), noEnv)
	if err != nil {
		return err
	}
	sess, err := auth.LoginToken(ctx, srv.URL, demo.Users[0].PersonalToken, nil)
	if err != nil {
		return api.Errorf("the demo could not log in: %w", err)
	}
	secret := func(context.Context) (string, error) { return demo.ClientSecret, nil }
	return open.RunApp(c, ctx, open.App{Setup: s, Session: sess, ClientSecret: secret, Method: "demo"})
}

// demoProgress draws the building of the demo's items as a bar on one line
// of w, finished with a newline when every item set is built.
func demoProgress(w io.Writer, items int) func(done, total int) {
	const width = 30
	return func(done, total int) {
		filled := width * done / max(total, 1)
		fmt.Fprintf(w, "\r%s  %s%s  %s", i18n.Tf("Building %d items per workspace and kind", items),
			strings.Repeat("█", filled), strings.Repeat("░", width-filled), i18n.Tf("%d/%d sets", done, total))
		if done == total {
			fmt.Fprintln(w)
		}
	}
}

// quietly is the same command line with notes to stderr dropped: the demo's
// plain-text credential file is its own temporary one.
func quietly(c *wiring.Factory) *wiring.Factory {
	q := *c
	q.Stderr = io.Discard
	return &q
}
