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

	"triage/ui/cli/wiring"
	"triage/ui/common"
	"triage/ui/i18n"
)

// ExitNotChecked is the exit code of a status the service could not check.
// 1 means "not logged in" (no, bad or expired credentials) and 2 is every
// command's usage error, so a script tells the three apart.
const ExitNotChecked = 3

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
	i18n.Use(i18n.Choose("", s.Env))
	c := &wiring.Factory{Stdin: s.Stdin, Stdout: s.Stdout, Stderr: s.Stderr, Env: s.Env, IsTerminal: s.IsTerminal,
		PrintHelp: printHelpOf(s.Stdout), Version: version}
	return run(c, ctx, args)
}

// Main runs the command line of this process (its arguments, streams and
// environment) until the command ends or the process is interrupted, and
// returns the exit code. version is the one set at build time, or "".
func Main(version string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s := Streams{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Env: os.Getenv, IsTerminal: wiring.StdioIsTerminal()}
	return Run(ctx, s, version, os.Args[1:])
}

// run dispatches a command and turns its error into an exit code.
func run(c *wiring.Factory, ctx context.Context, args []string) int {
	cmd, rest := splitCommand(args)
	err := dispatch(c, ctx, cmd, rest)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, wiring.ErrSilent):
		return 1
	case errors.Is(err, wiring.ErrNotChecked):
		return ExitNotChecked
	case errors.Is(err, wiring.ErrUsage):
		fmt.Fprintf(c.Stderr, "triage: %s\n", withoutUsageMark(common.ErrorText(err)))
		return 2
	default:
		fmt.Fprintf(c.Stderr, "triage: %s\n", common.ErrorText(err))
		return 1
	}
}

// dispatch runs one command of the command table.
func dispatch(c *wiring.Factory, ctx context.Context, name string, args []string) error {
	cmd, ok := lookupCommand(name)
	if !ok {
		return errUnknownCommand(name)
	}
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help") && flagsOf(ctx, cmd) == nil {
		printCommand(c.Stdout, cmd, nil)
		return nil
	}
	err := cmd.run(c, ctx, args)
	if errors.Is(err, wiring.ErrFlagsOnly) {
		return nil
	}
	return err
}

// withoutUsageMark is a usage error's text without the word that marks it
// (wiring.ErrUsage) and the colon after it, English or Chinese.
func withoutUsageMark(text string) string {
	rest, ok := strings.CutPrefix(text, wiring.ErrUsage.Error())
	if !ok {
		return text
	}
	for _, colon := range []string{": ", "："} {
		if after, ok := strings.CutPrefix(rest, colon); ok {
			return after
		}
	}
	return rest
}
