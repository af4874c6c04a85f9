package main

import (
	"context"
	"io"

	clipkg "triage/ui/cli"
	logcmd "triage/ui/cli/log"
	"triage/ui/cli/serve"
	"triage/ui/cli/set"
)

// The tests of the built binary still in this folder name a few things of
// the command line, which now lives in ui/cli; these names point at them
// until those tests move beside it.

// cli runs the command line in-process, as cli_help_test.go's runCLI does.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	env            func(string) string
}

func (c *cli) run(ctx context.Context, args []string) int {
	return clipkg.Run(ctx, clipkg.Streams{Stdin: c.stdin, Stdout: c.stdout, Stderr: c.stderr, Env: c.env}, "", args)
}

type setResult = set.Result

const (
	resultApplied  = set.ResultApplied
	resultConflict = set.ResultConflict
	exitNotChecked = clipkg.ExitNotChecked
)

var (
	shellQuote      = serve.ShellQuote
	buildVersion    = clipkg.BuildVersion
	logColumns      = logcmd.Columns
	parseSince      = logcmd.ParseSince
	exposureWarning = serve.ExposureWarning
)
