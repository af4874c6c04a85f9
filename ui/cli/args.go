package cli

import (
	"flag"
	"strings"

	"triage/ui/cli/wiring"
)

// splitCommand finds the command among the arguments: the first one that is
// neither a flag nor a global flag's value. Global flags may come before
// the command or after it (`triage --workspace 1 status` is `triage status
// --workspace 1`); what is left, in order, goes to the command. `-v` and
// `--version` alone are `triage version`. Without a command name the board
// is the command, and a word that names no command is returned as the
// command so that the dispatcher says it is unknown.
func splitCommand(args []string) (name string, rest []string) {
	if len(args) == 1 {
		switch args[0] {
		case "-v", "-version", "--version":
			return "version", nil
		case "-h", "-help", "--help":
			return "help", nil
		}
	}
	global := wiring.NewFlags("triage")
	new(wiring.GlobalFlags).Register(global)
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			return "", args
		}
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			return arg, append(append([]string{}, args[:i]...), args[i+1:]...)
		}
		if takesValue(global, arg) {
			i++
		}
	}
	return "", args
}

// takesValue reports whether arg is a global flag whose value is the next
// argument (`--workspace 1`, not `--workspace=1` nor a boolean flag).
func takesValue(global *flag.FlagSet, arg string) bool {
	name := strings.TrimLeft(arg, "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := global.Lookup(name)
	if f == nil {
		return false
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return false
	}
	return true
}
