package store

import (
	"context"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestRestSaysWhy: while the sender holds edits back it says why: a 429 is
// the service asking to wait, a refused connection is a service that cannot
// be reached (never "asked to wait"), each with the time of the next try.
func TestRestSaysWhy(t *testing.T) {
	tests := []struct {
		name string
		err  func(*testing.T) error
		why  string
	}{
		{"429", func(*testing.T) error {
			return &api.Error{Kind: api.ErrRateLimited, HTTPStatus: 429, RetryAfter: 16 * time.Second}
		}, "the service asked to wait"},
		{"connection refused", refusedError, "the service cannot be reached"},
		{"503", func(t *testing.T) error { return writeError(t, 503) }, "the service failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t, story(itemA, "Middle", "m1"), story("1010022001000000002", "Low", "m1"))
			f.remote.failNext("priority", tt.err(t), false)
			first := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
			if res, _ := f.r.Send(context.Background(), first); res.Outcome != OutcomeQueued {
				t.Fatalf("first Send = %+v", res)
			}
			until, why, ok := f.r.Resting()
			if !ok || why != tt.why || !until.After(testNow) {
				t.Errorf("Resting = %v, %q, %v; want %q", until, why, ok, tt.why)
			}
			second := f.add(t, priorityEdit("1010022001000000002", "Low", "High", "m1"))
			res, _ := f.r.Send(context.Background(), second)
			if res.Err == nil || !strings.HasPrefix(res.Err.Error(), tt.why+"; retrying at ") {
				t.Errorf("the held edit says %v, want %q first", res.Err, tt.why)
			}
			if tt.name != "429" && strings.Contains(res.Err.Error(), "asked to wait") {
				t.Errorf("a %s is called asking to wait: %v", tt.name, res.Err)
			}
		})
	}
}
