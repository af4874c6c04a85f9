package engine

import (
	"errors"
	"testing"

	"triage/api"
)

// TestOtherTaskKeepsTheError: a success of another task leaves the error.
func TestOtherTaskKeepsTheError(t *testing.T) {
	r := newRig(t)
	r.g.reportTask(CacheTask(), errors.New("disk full"))
	r.run(r.g.succeeded(LoadTask(api.Story)))
	if got := r.g.Err(); got == nil || got.Error() != "disk full" {
		t.Errorf("engine error %v, want the cache's error", got)
	}
	r.run(r.g.succeeded(CacheTask()))
	if got := r.g.Err(); got != nil {
		t.Errorf("engine error %v after the cache worked again", got)
	}
}
