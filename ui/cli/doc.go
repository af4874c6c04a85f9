// Package cli is triage's command line: the command table (commands.go),
// dispatch and exit codes (cli.go), help (help.go), the order of flags and
// arguments (args.go) and shell completion (completion.go,
// complete_values.go). main.go calls Main; a test calls Run with its own
// streams.
//
// Each command lives in its own package beside this one, the way gh lays
// out its commands: an Options struct, NewCmd(runF) that reads the flags
// into it, and a run function a test calls without building the binary.
// open is the board, demo, serve, login (login and logout), status,
// profile, items (list and view), set and log. What they share to reach
// the service (flags → config → credential → client → stores) is package
// wiring; how they name items and show their fields is package itemref.
package cli
