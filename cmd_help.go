package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"triage/assets"
)

// The help of the command line: `triage help`, `triage --help` and `-h` print
// the command list (assets/help/usage.txt); `triage help COMMAND` and
// `triage COMMAND --help` print that command's synopsis and flags, read from
// the command's own flag set, so help, completion and parsing share one
// definition of every flag.

// commands are the commands of triage, in the order help lists them; ""
// is the board.
var commands = []string{"", "demo", "serve", "login", "logout", "status", "log", "version", "help", "completion"}

// errFlagsOnly stops a command once its flags are defined (see flagsOf).
var errFlagsOnly = errors.New("flags only")

// parse reads a command's flags; positional arguments are refused. When the
// cli only collects flag sets (flagsOf), it hands fs over and stops.
func (c *cli) parse(fs *flag.FlagSet, args []string) error {
	if c.collect != nil {
		c.collect(fs)
		return errFlagsOnly
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printFlags(c.stdout, fs, c.synopses[fs.Name()])
			return err
		}
		return fmt.Errorf("%w: %s", errUsage, flagError(fs.Name(), err))
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: %s takes no arguments (got %q); see 'triage %s --help'", errUsage, commandName(fs.Name()), fs.Arg(0), fs.Name())
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
func flagError(cmd string, err error) string {
	help := "'triage --help'"
	if cmd != "triage" {
		help = "'triage " + cmd + " --help'"
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return fmt.Sprintf("unknown flag --%s for %q (see %s)", strings.TrimLeft(name, "-"), commandName(cmd), help)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return fmt.Sprintf("flag --%s needs a value (see %s)", strings.TrimLeft(name, "-"), help)
	}
	msg = strings.Replace(msg, "for flag -", "for flag --", 1)
	return msg + " (see " + help + ")"
}

// printFlags prints a command's synopsis and its flags, two dashes each,
// with their value names, descriptions and defaults.
func printFlags(w io.Writer, fs *flag.FlagSet, synopsis string) {
	fmt.Fprintf(w, "Usage: %s\n", synopsis)
	type row struct{ left, usage string }
	var rows []row
	width := 0
	fs.VisitAll(func(f *flag.Flag) {
		value, usage := flag.UnquoteUsage(f)
		left := "--" + f.Name
		if value != "" {
			left += " " + value
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "0s" {
			usage += " (default " + d + ")"
		}
		rows = append(rows, row{left, usage})
		width = max(width, len(left))
	})
	if len(rows) == 0 {
		return
	}
	fmt.Fprint(w, "\nFlags:\n")
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %s\n", width, r.left, r.usage)
	}
}

// flagsOf returns the flag set of a command, and its synopsis, without
// running it.
func (c *cli) flagsOf(ctx context.Context, cmd string) (*flag.FlagSet, string) {
	var fs *flag.FlagSet
	probe := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, env: func(string) string { return "" },
		collect: func(f *flag.FlagSet) { fs = f }, synopses: map[string]string{}}
	if err := probe.dispatch(ctx, cmd, nil); err != nil || fs == nil {
		return nil, ""
	}
	return fs, probe.synopses[fs.Name()]
}

// cmdHelp is `triage help [COMMAND]`.
func (c *cli) cmdHelp(ctx context.Context, args []string) error {
	switch {
	case len(args) == 0:
		_, err := io.WriteString(c.stdout, assets.Usage)
		return err
	case len(args) > 1:
		return fmt.Errorf("%w: help takes one command (got %q)", errUsage, strings.Join(args, " "))
	}
	switch args[0] {
	case "help", "version":
		_, err := io.WriteString(c.stdout, assets.Usage)
		return err
	case "completion":
		_, err := fmt.Fprintln(c.stdout, "Usage: triage completion bash|zsh|fish\n\nPrints a completion script: source <(triage completion bash), source <(triage completion zsh)\nafter compinit, or triage completion fish | source.")
		return err
	}
	fs, synopsis := c.flagsOf(ctx, args[0])
	if fs == nil {
		return fmt.Errorf("%w: unknown command %q (see 'triage help')", errUsage, args[0])
	}
	printFlags(c.stdout, fs, synopsis)
	return nil
}

// versionString is the version set at build time, or else the module's
// version from the build information, or the commit it was built from.
func versionString() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value[:min(12, len(s.Value))]
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if rev == "" {
		return "(devel)"
	}
	return "(devel) " + rev + dirty
}
