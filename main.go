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

	"triage/api"
)

// version is set at build time with -ldflags "-X main.version=..."; when it
// is not, versionString reads the build information.
var version = ""

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
	// collect, when set, receives a command's flag set instead of running
	// the command (flagsOf).
	collect func(*flag.FlagSet)
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
	cmd, rest := splitCommand(args)
	err := c.dispatch(ctx, cmd, rest)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errSilent):
		return 1
	case errors.Is(err, errNotChecked):
		return exitNotChecked
	case errors.Is(err, errUsage):
		fmt.Fprintf(c.stderr, "triage: %s\n", strings.TrimPrefix(err.Error(), "usage: "))
		return 2
	default:
		fmt.Fprintf(c.stderr, "triage: %s\n", api.LeadWithAdvice(err))
		return 1
	}
}

// dispatch runs one command of the command table.
func (c *cli) dispatch(ctx context.Context, name string, args []string) error {
	cmd, ok := lookupCommand(name)
	if !ok {
		return errUnknownCommand(name)
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") && flagsOf(ctx, cmd) == nil {
		printCommand(c.stdout, cmd, nil)
		return nil
	}
	err := cmd.run(c, ctx, args)
	if errors.Is(err, errFlagsOnly) {
		return nil
	}
	return err
}

// newFlags makes the flag set of a command ("triage" for the board); parse
// reports its errors and prints its help (cmd_help.go) with the synopsis of
// the command table.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}
