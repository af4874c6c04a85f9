package common

import (
	"triage/api"
	"triage/store"
)

// SeenKeeper keeps what the user last looked at in each kind of each
// workspace ("since you last looked"), for the next start; main keeps it
// in the profile's state directory (store.SaveSeen), per service and user.
type SeenKeeper interface {
	// LastLooked is what was kept for a user (nick) in a kind of a workspace, and false
	// when nothing was (the first look).
	LastLooked(user string, ws int64, kind api.Kind) (store.Seen, bool, error)
	// KeepLooked keeps it.
	KeepLooked(user string, ws int64, kind api.Kind, s store.Seen) error
}
