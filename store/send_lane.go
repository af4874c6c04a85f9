package store

import (
	"context"
	"sync"
	"time"
)

// A user's sends go through a lane. A send waits there while another of
// theirs is on its way, and, on the board, until the user has stopped
// making edits for a moment (Gather); then all that wait go together:
// ten single moves made within a second are one send, their items read in
// one request and written in one batch (write_batch.go), rather than a
// read and a write each. The edits are in the outbox while they wait: a
// crash loses none, and the next start sends them.

// Gather is how long a send waits in its lane for more sends to go with
// it: until none came for Quiet, and no longer than Most after the first
// of them. The zero Gather sends at once what does not wait behind a send
// on its way.
type Gather struct {
	Quiet time.Duration
	Most  time.Duration
}

// BoardGather is the board's Gather: the moves a person makes one after
// another, a few a second, go together, and a lone move waits 0.4 s.
func BoardGather() Gather {
	return Gather{Quiet: 400 * time.Millisecond, Most: time.Second}
}

// due is when sends that came first and last go.
func (g Gather) due(first, last time.Time) time.Time {
	quiet, most := last.Add(g.Quiet), first.Add(g.Most)
	if most.Before(quiet) {
		return most
	}
	return quiet
}

// lane is the sends of one user: whether they are being sent, the one on
// its way, and those waiting.
type lane struct {
	gather  Gather
	mu      sync.Mutex
	busy    bool // a drain sends the lane's sends
	waiting []*laneSend
	sending []Edit // the edits of the send on its way
}

// laneSend is one SendAll call waiting in a lane, and its answer once sent.
type laneSend struct {
	ctx     context.Context
	edits   []Edit
	came    time.Time
	done    chan struct{}
	results []Result
	err     error
}

// send sends edits through r, together with the other sends that wait in
// the lane when they are due, and returns their results.
func (l *lane) send(ctx context.Context, r *Replayer, edits []Edit) ([]Result, error) {
	me := &laneSend{ctx: ctx, edits: edits, came: time.Now(), done: make(chan struct{})}
	l.mu.Lock()
	l.waiting = append(l.waiting, me)
	start := !l.busy
	l.busy = true
	l.mu.Unlock()
	if start {
		go l.drain(r)
	}
	select {
	case <-me.done:
		return me.results, me.err
	case <-ctx.Done():
		// The edits stay in the outbox, and the lane or a flush takes them.
		return queuedResults(edits), ctx.Err()
	}
}

// drain sends what waits in the lane, all that is due together, until
// none waits.
func (l *lane) drain(r *Replayer) {
	for {
		group := l.due()
		if len(group) == 0 {
			return
		}
		var all []Edit
		for _, w := range group {
			all = append(all, w.edits...)
		}
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

// due waits until the sends waiting in the lane are due (Gather) and takes
// them, their edits now the send on its way; none when none waits, and
// the lane is then idle.
func (l *lane) due() []*laneSend {
	for {
		l.mu.Lock()
		if len(l.waiting) == 0 {
			l.busy, l.sending = false, nil
			l.mu.Unlock()
			return nil
		}
		at := l.gather.due(l.waiting[0].came, l.waiting[len(l.waiting)-1].came)
		if wait := time.Until(at); wait > 0 {
			l.mu.Unlock()
			time.Sleep(wait) // a send that comes meanwhile moves at on
			continue
		}
		group := l.waiting
		l.waiting = nil
		for _, w := range group {
			l.sending = append(l.sending, w.edits...)
		}
		l.mu.Unlock()
		return group
	}
}

// sent says that the send on its way has its answer: its edits are no
// longer the lane's, and one the service did not take is a flush's again,
// also before the drain that follows has run.
func (l *lane) sent() {
	l.mu.Lock()
	l.sending = nil
	l.mu.Unlock()
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
