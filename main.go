// Command triage is a keyboard-driven terminal app for triaging the stories,
// bugs and tasks of a TAPD workspace, with a local TAPD-compatible service built in.
//
// This file is the command line: it reads the configuration and wires
// store → auth → api → ui. Each command lives in a cmd_*.go file beside it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"triage/assets"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// cli is one run of the command line, with its streams and environment, so
// that tests run commands in-process.
type cli struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	env    func(string) string
	// isTerminal reports whether stdin and stdout are a terminal: prompts and
	// the full-screen app need one.
	isTerminal bool
}

// errUsage marks a command-line mistake: the message is printed with a hint
// and the exit code is 2.
var errUsage = errors.New("usage")

// errSilent marks a failure that has already been reported (exit 1, nothing more).
var errSilent = errors.New("reported")

func main() {
	c := &cli{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, env: os.Getenv, isTerminal: stdioIsTerminal()}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := c.run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// run dispatches a command and turns its error into an exit code.
func (c *cli) run(ctx context.Context, args []string) int {
	cmd, rest := "", args
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, rest = args[0], args[1:]
	}
	var err error
	switch cmd {
	case "":
		err = c.cmdOpen(ctx, rest)
	case "demo":
		err = c.cmdDemo(ctx, rest)
	case "serve":
		err = c.cmdServe(ctx, rest)
	case "login":
		err = c.cmdLogin(ctx, rest)
	case "logout":
		err = c.cmdLogout(ctx, rest)
	case "status":
		err = c.cmdStatus(ctx, rest)
	case "log":
		err = c.cmdLog(ctx, rest)
	case "version":
		_, err = fmt.Fprintln(c.stdout, "triage", version)
	case "help":
		_, err = io.WriteString(c.stdout, assets.Usage)
	default:
		err = fmt.Errorf("%w: unknown command %q", errUsage, cmd)
	}
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errSilent):
		return 1
	case errors.Is(err, errNotChecked):
		return exitNotChecked
	case errors.Is(err, errUsage):
		fmt.Fprintf(c.stderr, "triage: %s\nRun 'triage help' for usage.\n", strings.TrimPrefix(err.Error(), "usage: "))
		return 2
	default:
		fmt.Fprintf(c.stderr, "triage: %s\n", err)
		return 1
	}
}

// newFlags makes the flag set of a command; its errors are usage errors and
// -h prints the command's flags.
func (c *cli) newFlags(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(c.stderr)
	fs.Usage = func() {
		fmt.Fprintf(c.stderr, "Usage: %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// parse reads a command's flags; positional arguments are refused.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%w: %s", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: %s takes no arguments (got %q)", errUsage, fs.Name(), fs.Arg(0))
	}
	return nil
}
