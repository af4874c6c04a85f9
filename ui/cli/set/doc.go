// Package set is `triage set`: it changes items through the outbox, as
// the board does. Flags become a plan per item (plan.go, fields.go,
// transition.go), each plan an edit of the outbox sent by the store's
// Sender (set.go), or kept when the service cannot be reached (offline.go);
// result.go and shown.go say what happened, in lines or JSON.
package set
