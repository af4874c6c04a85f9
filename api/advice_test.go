package api

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"
)

// TestErrorsLeadWithWhatToDo: every common failure a user meets reads
// "what to do: what happened", one wording per cause, so that a 120-column
// status line ("✗ " and the text) shows the advice even after a long cause.
func TestErrorsLeadWithWhatToDo(t *testing.T) {
	refused := &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "connection refused " + strings.Repeat("x", 80), Name: "127.0.0.1:41237"}}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"network down", &Error{Kind: ErrNetwork, Op: "list stories", Err: refused},
			"check the network and the service address, then retry: list stories: cannot reach the service (dial tcp: lookup 127.0.0.1:41237: connection refused "},
		{"no answer in time", &Error{Kind: ErrNetwork, Op: "list stories", Err: timeoutErr{}},
			"check the network and retry: list stories: the service did not answer in time"},
		{"expired token", &Error{Kind: ErrTokenExpired, Op: "update story 1110022001000000004", HTTPStatus: 422, RequestID: "r1"},
			"run `triage login` to sign in again: update story 1110022001000000004: the access token has expired [request r1]"},
		{"401", &Error{Kind: ErrCredentials, Op: "list bugs", HTTPStatus: 401, Info: "Unauthorized"},
			"run `triage login`: list bugs: the credentials were refused (401: Unauthorized)"},
		{"403", &Error{Kind: ErrForbidden, Op: "read story fields", HTTPStatus: 403, Info: "access to workspace 10033001 is not granted"},
			"pick a workspace this account may use, or log in with one that may: read story fields: access was refused (403: access to workspace 10033001 is not granted)"},
		{"404", &Error{Kind: ErrNotFound, Op: "read story fields", HTTPStatus: 404, Info: "workspace 99999999 not existed"},
			"check the workspace and the service address: read story fields: not found (404: workspace 99999999 not existed)"},
		{"429", &Error{Kind: ErrRateLimited, Op: "list stories", HTTPStatus: 429, Info: "rate limit", RetryAfter: 16 * time.Second},
			"wait 16s and retry: list stories: too many requests (429: rate limit)"},
		{"malformed", &Error{Kind: ErrNotJSON, Op: "list stories", HTTPStatus: 200, Excerpt: "<html>"},
			`check the service address, or retry later: list stories: the service answered HTTP 200 with something that is not JSON ("<html>")`},
		{"unexpected shape", &Error{Kind: ErrShape, Op: "list stories", Info: "expected a list of stories, got a string"},
			"check that the service address points at the API: list stories: unexpected answer (expected a list of stories, got a string)"},
		{"server", &Error{Kind: ErrServer, Op: "update story 4", HTTPStatus: 502, Info: "Bad Gateway"},
			"retry later: update story 4: the service failed (502: Bad Gateway)"},
		{"refused value", &Error{Kind: ErrValidation, Op: "update story 4", HTTPStatus: 422, Info: `priority_label "Urgent" is not allowed`},
			`correct it and retry: update story 4: the service refused the request (422: priority_label "Urgent" is not allowed)`},
		{"wrapped", fmt.Errorf("could not list your workspaces: %w", &Error{Kind: ErrNetwork, Op: "list workspaces", Err: errors.New("connection refused")}),
			"check the network and the service address, then retry: could not list your workspaces: list workspaces: cannot reach the service (connection refused)"},
		{"the caller's own advice leads", leading{"press R to send it again", &Error{Kind: ErrServer, Op: "update story 4", HTTPStatus: 500}},
			"press R to send it again: update story 4: the service failed (500); retry later"},
		{"no advice", errors.New("the title is empty"), "the title is empty"},
	}
	for _, tt := range tests {
		got := LeadWithAdvice(tt.err)
		if !strings.HasPrefix(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		var e *Error
		if errors.As(tt.err, &e) && e.Advice() != "" {
			if line := []rune("✗ " + got); len(line) > 120 && !strings.Contains(string(line[:120]), e.Advice()) && !strings.HasPrefix(got, "press R") {
				t.Errorf("%s: a 120-column line cuts the advice: %q", tt.name, string(line[:120]))
			}
		}
	}
	if got := CannotMove("Developing", "Rejected", []string{"Resolved", "Planning"}).String(); got != "cannot go from Developing to Rejected; from Developing it can go to: Resolved, Planning" {
		t.Errorf("a refused move reads %q", got)
	}
	if got := CannotMove("Done", "Open", nil).String(); got != "cannot go from Done to Open; from Done it can go to: none" {
		t.Errorf("a move from a final status reads %q", got)
	}
}

// timeoutErr is a network error that timed out.
type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

// leading is an error whose text starts with its own advice, as the app's
// wrappers (common.Advise) make them.
type leading struct {
	advice string
	err    error
}

func (l leading) Error() string  { return l.advice + ": " + l.err.Error() }
func (l leading) Advice() string { return l.advice }
func (l leading) Unwrap() error  { return l.err }
