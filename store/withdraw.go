package store

// Withdraw takes back an edit that is waiting and was never sent: it moves
// to the history as discarded, with the reason. `triage set` withdraws the
// edits it could not send when the caller did not ask to keep them
// (--queue). An edit that may have reached the service (maybe_applied) or
// is being sent cannot be withdrawn: ErrEditState.
func (o *Outbox) Withdraw(seq uint64, reason string) (Edit, error) {
	return o.transition(seq, []EditState{StateWaiting}, func(e *Edit) {
		e.State, e.LastError = StateDiscarded, reason
	})
}
