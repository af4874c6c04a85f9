// Command triage is a keyboard-driven terminal app for triaging the stories,
// bugs and tasks of a TAPD workspace, with a local TAPD-compatible service
// built in. The command line lives in ui/cli.
package main

import (
	"os"

	"triage/ui/cli"
)

// version is set at build time with -ldflags "-X main.version=..."; when it
// is not, the command line reads the build information.
var version = ""

func main() {
	os.Exit(cli.Main(version))
}
