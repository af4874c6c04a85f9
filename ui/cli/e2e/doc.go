// Package e2e holds the tests that drive the built triage binary as a person
// or a script does: in tmux (the board, the queue, the login screens), in a
// headless Chromium (the web login), through the shell completions, piped
// and on a pseudo-terminal (golden transcripts under testdata/), and against
// `triage serve`. The package has no code of its own: its tests build the
// command once per run from the module's root (the nearest go.mod above the
// test's working directory) and run that binary. Regenerate the golden files
// on purpose with `go test ./ui/cli/e2e/ -update`.
package e2e
