package ui

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestLoginThenPickerRemembersAndStoresTheCredential: a login then a
// workspace chosen in the picker open the board, and the login and the
// workspace are kept.
func TestLoginThenPickerRemembersAndStoresTheCredential(t *testing.T) {
	h := start(t, nil, 0, nil)
	h.d.Press("t", "good", "enter")
	h.until("the picker", h.onTop("picker"))
	h.d.Press("down", "enter")
	h.until("the board", h.onTop("board"))
	h.d.Settle()
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.logins) != 1 || h.logins[0].Token != "good" {
		t.Errorf("OnLogin got %v", h.logins)
	}
	if !slices.Equal(h.remembered, []int64{10022002}) {
		t.Errorf("remembered %v", h.remembered)
	}
	if h.ctx.User != "anyechen" || h.ctx.Method != "token" {
		t.Errorf("context user %q method %q", h.ctx.User, h.ctx.Method)
	}
}

func TestWorkspacesFailure(t *testing.T) {
	h := start(t, token(), 0, func(s *uitest.Service) {
		s.Err = &api.Error{Kind: api.ErrNetwork, Op: "list workspaces", Err: errors.New("connection refused")}
	})
	h.until("the error", func() bool { return h.m.state == stateError })
	if s := h.screen(); !strings.Contains(s, "r tries again") {
		t.Fatalf("error screen:\n%s", s)
	}
	h.svc.SetErr(nil)
	h.d.Press("r")
	h.until("the picker", h.onTop("picker"))
}

func TestWorkspacesNeedLogin(t *testing.T) {
	h := start(t, token(), 0, func(s *uitest.Service) {
		s.Err = &api.Error{Kind: api.ErrTokenExpired, HTTPStatus: 422, Info: "The access token provided has expired"}
	})
	h.until("the login", h.onTop("login"))
	h.svc.SetErr(nil)
	h.d.Press("t", "good", "enter")
	h.until("the picker", h.onTop("picker"))
}

// TestRefusedEnvironmentCredentialSaysWhatToChange: when the service
// refuses a credential set in the environment, the login view says that a
// login here serves this run and what to change for the next; once logged
// in here, a later refusal is a plain expiry.
func TestRefusedEnvironmentCredentialSaysWhatToChange(t *testing.T) {
	const advice = "set a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN to use the stored login"
	s := token()
	s.RefusedAdvice = advice
	h := start(t, s, 0, func(s *uitest.Service) {
		s.Err = &api.Error{Kind: api.ErrCredentials, HTTPStatus: 422, Info: "The access token provided is invalid"}
	})
	h.until("the login", h.onTop("login"))
	screen := strings.Join(strings.Fields(h.screen()), " ")
	if want := "The service refused the credential set in the environment. Log in here for this run (the board and your pending edits are kept); for the next runs, " + advice + "."; !strings.Contains(screen, want) {
		t.Fatalf("the login does not say %q:\n%s", want, h.screen())
	}
	h.svc.SetErr(nil)
	h.d.Press("t", "good", "enter")
	h.until("the picker", h.onTop("picker"))
	h.d.Send(common.AuthExpiredMsg{})
	h.until("the login again", h.onTop("login"))
	if screen := h.screen(); !strings.Contains(screen, "Session expired — log in again") || strings.Contains(screen, "TRIAGE_TOKEN") {
		t.Fatalf("a refusal of the login made here names the environment:\n%s", screen)
	}
}

func TestCredentialNotSavedIsAWarning(t *testing.T) {
	h := startWith(t, &harness{t: t, svc: uitest.NewService(), loginErr: errors.New("keyring locked")}, nil, 10022001, nil)
	h.d.Press("t", "good", "enter")
	h.until("the board", h.onTop("board"))
	h.d.Settle()
	if line := h.statusLine(); !strings.Contains(line, "could not be saved (keyring locked)") {
		t.Fatalf("status line %q", line)
	}
}
