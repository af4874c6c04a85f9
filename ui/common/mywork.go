package common

import "errors"

// OpenMyWorkMsg asks the root for my work across workspaces over the board
// (W).
type OpenMyWorkMsg struct{}

// ErrAPIAccountMyWork says why an API account has no "my work": to-dos are
// a person's.
var ErrAPIAccountMyWork = errors.New("my work lists a person's to-dos, and an API account is not a person: log in with triage login --token or --web")
