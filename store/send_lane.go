package store

import (
	"context"
	"sync"
)

// A user's sends wait in a lane while another send of theirs is on its
// way, and then go together: ten single moves made within a second are
// the first alone, then the nine that came meanwhile in one send, their
// items read in one request and written in one batch (write_batch.go),
// rather than a read and a write each.

// lane is the sends of one user: whether one is on its way, and those
// that came meanwhile.
type lane struct {
	mu      sync.Mutex
	busy    bool
	waiting []*laneSend
	sending []Edit // the edits of the send on its way
}

// laneSend is one SendAll call waiting in a lane, and its answer once sent.
type laneSend struct {
	ctx     context.Context
	edits   []Edit
	done    chan struct{}
	results []Result
	err     error
}

// send sends edits through r, together with the sends that wait in the
// lane: the first caller sends its own, then, until none waits, those that
// came meanwhile, all together; a later caller waits for its turn.
func (l *lane) send(ctx context.Context, r *Replayer, edits []Edit) ([]Result, error) {
	l.mu.Lock()
	if l.busy {
		me := &laneSend{ctx: ctx, edits: edits, done: make(chan struct{})}
		l.waiting = append(l.waiting, me)
		l.mu.Unlock()
		select {
		case <-me.done:
			return me.results, me.err
		case <-ctx.Done():
			// The edits stay in the outbox, and the send under way takes them.
			return queuedResults(edits), ctx.Err()
		}
	}
	l.busy, l.sending = true, edits
	l.mu.Unlock()
	results, err := r.SendAll(ctx, edits)
	l.sent()
	go l.drain(r)
	return results, err
}

// sent says that the send on its way has its answer: its edits are no
// longer the lane's, and one the service did not take is a flush's again,
// also before the drain that follows has run.
func (l *lane) sent() {
	l.mu.Lock()
	l.sending = nil
	l.mu.Unlock()
}

// drain sends what waits in the lane, together, until none waits.
func (l *lane) drain(r *Replayer) {
	for {
		l.mu.Lock()
		group := l.waiting
		l.waiting = nil
		if len(group) == 0 {
			l.busy, l.sending = false, nil
			l.mu.Unlock()
			return
		}
		var all []Edit
		for _, w := range group {
			all = append(all, w.edits...)
		}
		l.sending = all
		l.mu.Unlock()
		ctx := group[0].ctx
		for _, w := range group {
			if w.ctx.Err() == nil {
				ctx = w.ctx // one still waiting for its answer
				break
			}
		}
		results, err := r.SendAll(ctx, all)
		l.sent()
		for _, w := range group {
			n := len(w.edits)
			w.results, w.err = results[:min(n, len(results))], err
			results = results[min(n, len(results)):]
			close(w.done)
		}
	}
}

// owned are the edits the lane sends: those of the send on its way and
// those waiting. A flush leaves them to it (Sender.Flush): it would read
// their items a second time.
func (l *lane) owned() map[uint64]bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	seqs := make(map[uint64]bool, len(l.sending))
	for _, e := range l.sending {
		seqs[e.Seq] = true
	}
	for _, w := range l.waiting {
		for _, e := range w.edits {
			seqs[e.Seq] = true
		}
	}
	return seqs
}

// waitingSends is how many sends wait in the lane.
func (l *lane) waitingSends() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.waiting)
}

// queuedResults are edits left queued, not sent by this call.
func queuedResults(edits []Edit) []Result {
	out := make([]Result, len(edits))
	for i, e := range edits {
		out[i] = Result{Edit: e, Outcome: OutcomeQueued}
	}
	return out
}
