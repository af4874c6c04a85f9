package cli

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
	// version is the one set at build time, or "" (versionString).
	version string
}

// errUsage marks a command-line mistake: the message is printed with a hint
// and the exit code is 2.
var errUsage = errors.New("usage")

// errSilent marks a failure that has already been reported (exit 1, nothing more).
var errSilent = errors.New("reported")

// Streams are what one run of the command line reads and writes: its
// input, output and environment, and whether they are a terminal.
type Streams struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	Env            func(string) string
	IsTerminal     bool
}

// Run runs one command line on streams, in this process, and returns its
// exit code: what main does, and what a test calls.
func Run(ctx context.Context, s Streams, version string, args []string) int {
	c := &cli{stdin: s.Stdin, stdout: s.Stdout, stderr: s.Stderr, env: s.Env, isTerminal: s.IsTerminal, version: version}
	return c.run(ctx, args)
}

// Main runs the command line of this process (its arguments, streams and
// environment) until the command ends or the process is interrupted, and
// returns the exit code. version is the one set at build time, or "".
func Main(version string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := Streams{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Env: os.Getenv, IsTerminal: stdioIsTerminal()}
	return Run(ctx, s, version, os.Args[1:])
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
		return ExitNotChecked
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
