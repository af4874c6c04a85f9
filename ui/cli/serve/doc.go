// Package serve is `triage serve`: the local TAPD-compatible service
// (api/sandbox) in the foreground, with the shell lines that point a client
// at it, until interrupted.
package serve
