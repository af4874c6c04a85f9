// Package log is `triage log`: today's changes on the service (or every
// change since a time) for a stand-up, merging the service's history of
// the workspaces with the edits this machine made or still holds.
package log
