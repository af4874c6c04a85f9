package wiring

import (
	"errors"
	"flag"
	"io"
	"strings"

	"triage/api"
)

// Factory is one run of the command line as a command sees it: its
// streams and environment, and (setup.go, target.go, stores.go) what
// reaches the service from them. A test makes one to run a command
// in-process.
type Factory struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	Env    func(string) string
	// IsTerminal reports whether stdin and stdout are a terminal: prompts and
	// the full-screen app need one.
	IsTerminal bool
	// Collect, when set, receives a command's flag set instead of running
	// the command (the help and the completion read flags this way).
	Collect func(*flag.FlagSet)
	// PrintHelp prints the help of a flag set's command (--help).
	PrintHelp func(*flag.FlagSet)
	// Version is the one set at build time, or "".
	Version string
}

// ErrUsage marks a command-line mistake: the message is printed with a hint
// and the exit code is 2.
var ErrUsage = errors.New("usage")

// ErrSilent marks a failure that has already been reported (exit 1, nothing more).
var ErrSilent = errors.New("reported")

// ErrNotChecked marks a status that could not be checked with the service
// (it could not be reached, failed, or kept refusing to answer): the report
// is printed, and the exit code is 3 (ui/cli's ExitNotChecked).
var ErrNotChecked = errors.New("the credential could not be checked")

// ErrFlagsOnly stops a command once its flags are defined (see Collect).
var ErrFlagsOnly = errors.New("flags only")

// NewFlags makes the flag set of a command ("triage" for the board); Parse
// reports its errors and prints its help.
func NewFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// Parse reads a command's flags; positional arguments are refused. When the
// factory only collects flag sets (Collect), it hands fs over and stops.
func (c *Factory) Parse(fs *flag.FlagSet, args []string) error {
	if c.Collect != nil {
		c.Collect(fs)
		return ErrFlagsOnly
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			c.PrintHelp(fs)
			return err
		}
		return api.Errorf("%w: %s", ErrUsage, flagError(fs.Name(), err))
	}
	if fs.NArg() > 0 {
		return api.Errorf("%w: %s takes no arguments (got %q); see '%s --help'", ErrUsage, commandName(fs.Name()), fs.Arg(0), commandName(fs.Name()))
	}
	return nil
}

// commandName is how messages name the command of a flag set.
func commandName(name string) string {
	if name == "triage" {
		return "triage"
	}
	return "triage " + name
}

// flagError rewrites an error of the flag package in the words of this
// command line: flags with two dashes, and where to look.
func flagError(cmd string, err error) api.Message {
	help := "'triage --help'"
	if cmd != "triage" {
		help = "'triage " + cmd + " --help'"
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return api.Say("unknown flag --%s for %q (see %s)", strings.TrimLeft(name, "-"), commandName(cmd), help)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return api.Say("flag --%s needs a value (see %s)", strings.TrimLeft(name, "-"), help)
	}
	msg = strings.Replace(msg, "for flag -", "for flag --", 1)
	return api.Say("%s (see %s)", msg, help)
}
