package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"triage/api/sandbox"
	"triage/auth"
	"triage/store"
)

// demoWorkspace is the seed's workspace with English labels, opened first.
const demoWorkspace = 10022001

// cmdDemo runs the app on the local service, in-process, logged in as the
// demo user. It never reads or writes the user's config or credentials: all
// its files live in a temporary directory removed on exit.
func (c *cli) cmdDemo(ctx context.Context, args []string) error {
	fs := newFlags("demo")
	items := fs.Int("items", 0, "`N` generated items to add per workspace and kind (try 100000)")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	if *items < 0 {
		return fmt.Errorf("%w: --items must not be negative", errUsage)
	}
	if !c.isTerminal {
		return errors.New("the demo needs a terminal")
	}
	if *items > 0 {
		fmt.Fprintf(c.stderr, "Generating %d items per workspace and kind…\n", *items)
	}
	srv, err := sandbox.Start(sandbox.Options{ExtraItems: *items})
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
		return errors.New("the demo service has no user")
	}
	noEnv := func(string) string { return "" }
	g := globalFlags{baseURL: srv.URL, authURL: srv.URL, webURL: srv.URL, clientID: demo.ClientID, workspace: demoWorkspace, insecureStorage: true}
	s, err := c.quietly().loadFrom(ctx, &g, store.PathsIn(root), noEnv)
	if err != nil {
		return err
	}
	sess, err := auth.LoginToken(ctx, srv.URL, demo.Users[0].PersonalToken, nil)
	if err != nil {
		return fmt.Errorf("the demo could not log in: %w", err)
	}
	secret := func(context.Context) (string, error) { return demo.ClientSecret, nil }
	return c.runApp(ctx, appRun{setup: s, session: sess, clientSecret: secret, method: "demo"})
}

// quietly is the same command line with notes to stderr dropped: the demo's
// plain-text credential file is its own temporary one.
func (c *cli) quietly() *cli {
	q := *c
	q.stderr = io.Discard
	return &q
}
