// Package cli is triage's command line: the command table (commands.go),
// dispatch and exit codes (cli.go), help (cmd_help.go) and shell completion
// (cmd_completion.go, cmd_complete_values.go). main.go calls Main; a test
// calls Run with its own streams.
//
// What every command shares to reach the service (flags → config →
// credential → client → stores) is package wiring.
package cli
