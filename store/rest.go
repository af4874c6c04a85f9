package store

import (
	"time"

	"triage/api"
)

// Resting says whether the replayer holds its attempts, until when, and
// why, in a few words: the service asked to wait (429), failed (5xx), or
// could not be reached. A refused connection is never "asked to wait".
func (r *Replayer) Resting() (until time.Time, why string, ok bool) {
	r.mu.Lock()
	until, cause := r.serviceResumes, r.restCause
	r.mu.Unlock()
	if !r.now().Before(until) {
		return time.Time{}, "", false
	}
	return until, RestReason(cause), true
}

// RestReason names the kind of failure that makes the sender wait.
func RestReason(cause error) string {
	switch api.KindOf(cause) {
	case api.ErrRateLimited:
		return "the service asked to wait"
	case api.ErrServer, api.ErrNotJSON, api.ErrShape, api.ErrTooLarge:
		return "the service failed"
	case api.ErrNetwork:
		return "the service cannot be reached"
	}
	return "the last attempt failed"
}

// Resting is Replayer.Resting for user's edits, with the time left.
func (s *Sender) Resting(user string) (left time.Duration, why string, ok bool) {
	r, err := s.replayer(user)
	if err != nil {
		return 0, "", false
	}
	until, why, ok := r.Resting()
	if !ok {
		return 0, "", false
	}
	return until.Sub(s.cfg.Now()), why, true
}

// rest stops attempts until t: the service is down or asked to slow down.
func (r *Replayer) rest(t time.Time, cause error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t.After(r.serviceResumes) {
		r.serviceResumes, r.restCause = t, cause
	}
}

// resting reports whether attempts are stopped, and until when.
func (r *Replayer) resting() (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.serviceResumes, r.now().Before(r.serviceResumes)
}
