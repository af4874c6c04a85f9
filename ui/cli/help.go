package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"triage/api"

	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// The help of the command line: `triage help`, `triage --help` and `-h` print
// the command list, made from the command table; `triage help COMMAND` and
// `triage COMMAND --help` print that command's synopsis and flags, read from
// the command's own flag set, so help, completion and parsing share one
// definition of every command and flag.

// helpNotes ends the command list: what flags cannot say.
const helpNotes = `Secrets come from the environment or a prompt, never from arguments:
  TRIAGE_TOKEN, TRIAGE_API_USER + TRIAGE_API_PASSWORD, TRIAGE_CLIENT_SECRET.
Other variables: TRIAGE_CONFIG (config file), TRIAGE_PROFILE (profile to use),
TRIAGE_LANG (language: zh-CN, en or auto),
TRIAGE_BROWSER or BROWSER (program that opens the authorization page), NO_COLOR.
The config file ($XDG_CONFIG_HOME/triage/config.yaml) also takes language:, profiles:, keys:
(remap any action by its name in ? help), commands: and views: (see the README).

Run 'triage help COMMAND' or 'triage COMMAND --help' for the flags of a command,
and 'triage --version' (or -v) for the version.
`

// tableName is the name of a flag set's command in the command table.
func tableName(fsName string) string {
	if fsName == "triage" {
		return ""
	}
	return fsName
}

// printHelpOf prints the help of a flag set's command, with its synopsis
// from the command table.
func printHelpOf(w io.Writer) func(*flag.FlagSet) {
	return func(fs *flag.FlagSet) {
		cmd, _ := lookupCommand(tableName(fs.Name()))
		printCommand(w, cmd, fs)
	}
}

// printColumns prints rows of two cells, the second aligned, indented by two.
func printColumns(w io.Writer, rows [][2]string) {
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s   %s\n", width, r[0], r[1])
	}
}

// flagRows lists a flag set's flags as "--name VALUE" and their description
// with the default, when it says something.
func flagRows(fs *flag.FlagSet) [][2]string {
	var rows [][2]string
	fs.VisitAll(func(f *flag.Flag) {
		value, usage := flag.UnquoteUsage(f)
		usage = i18n.T(usage)
		left := "--" + f.Name
		if value != "" {
			left += " " + value
		}
		if d := f.DefValue; d != "" && d != "false" && d != "0" && d != "0s" {
			usage += i18n.Tf(" (default %s)", d)
		}
		rows = append(rows, [2]string{left, usage})
	})
	return rows
}

// printCommand prints a command's synopsis, summary and flags.
func printCommand(w io.Writer, cmd command, fs *flag.FlagSet) {
	fmt.Fprint(w, i18n.Tf("Usage: %s\n\n%s.\n", cmd.usageLine(), wiring.UpperFirst(i18n.T(cmd.summary))))
	if cmd.details != "" {
		fmt.Fprintln(w, i18n.T(cmd.details))
	}
	if fs == nil {
		return
	}
	if rows := flagRows(fs); len(rows) > 0 {
		fmt.Fprint(w, i18n.T("\nFlags:\n"))
		printColumns(w, rows)
	}
}

// printUsage prints the command list, the global flags and the notes.
func printUsage(w io.Writer) {
	fmt.Fprint(w, i18n.T("triage: triage TAPD stories, bugs and tasks from the keyboard.\n\nUsage:\n"))
	var rows [][2]string
	for _, cmd := range commandTable() {
		rows = append(rows, [2]string{cmd.usageLine(), i18n.T(cmd.summary)})
	}
	printColumns(w, rows)
	global := wiring.NewFlags("triage")
	new(wiring.GlobalFlags).Register(global)
	fmt.Fprint(w, i18n.T("\nGlobal flags (before or after the command):\n"))
	printColumns(w, flagRows(global))
	fmt.Fprint(w, "\n"+i18n.T(helpNotes))
}

// flagsOf returns the flag set of a command without running it, or nil
// when the command has none.
func flagsOf(ctx context.Context, cmd command) *flag.FlagSet {
	var fs *flag.FlagSet
	probe := &wiring.Factory{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Env: func(string) string { return "" },
		Collect: func(f *flag.FlagSet) { fs = f }}
	switch cmd.name {
	case "help", "version", "completion":
		return nil
	}
	if err := cmd.run(probe, ctx, nil); !errors.Is(err, wiring.ErrFlagsOnly) {
		return nil
	}
	return fs
}

// cmdHelp is `triage help [COMMAND]`.
func cmdHelp(c *wiring.Factory, ctx context.Context, args []string) error {
	switch {
	case len(args) == 0:
		printUsage(c.Stdout)
		return nil
	case len(args) > 1:
		return api.Errorf("%w: help takes one command (got %q)", wiring.ErrUsage, strings.Join(args, " "))
	}
	cmd, ok := lookupCommand(args[0])
	if !ok || cmd.name == "" {
		return errUnknownCommand(args[0])
	}
	printCommand(c.Stdout, cmd, flagsOf(ctx, cmd))
	return nil
}

// versionString is the version set at build time, or else the module's
// version from the build information, or the commit it was built from.
func versionString(version string) string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	return BuildVersion(bi)
}

// BuildVersion is the module's version, or for a development build
// "(devel)" with the commit's short hash and -dirty for uncommitted changes.
func BuildVersion(bi *debug.BuildInfo) string {
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
