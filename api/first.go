package api

import "context"

// The user's own requests go first: a write takes a slot of the budget
// before the reads of this process that wait, and so does every request
// made under a context marked UserFirst (the read before an edit's write,
// the write itself), so that an edit made while a big load waits for the
// rate limit is not queued behind the load's remaining pages.

type userFirstKey struct{}

// UserFirst marks the requests of ctx as the user's own: they take a slot
// of the rate budget before the background reads waiting in this process.
func UserFirst(ctx context.Context) context.Context {
	return context.WithValue(ctx, userFirstKey{}, true)
}

// first reports whether a call goes before the background reads: a write,
// or any request under UserFirst.
func (cl call) first(ctx context.Context) bool {
	marked, _ := ctx.Value(userFirstKey{}).(bool)
	return cl.write() || marked
}
