// Package new is `triage new`: it makes a story, bug or task through the
// outbox, as the board's n does, with the fields its workspace's creation
// step requires checked before anything is queued (new.go: the command and
// its run; fields.go: the fields given, by name or label, and the check).
package new
