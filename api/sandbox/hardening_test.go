package sandbox

import (
	"net/http"
	"testing"
	"time"

	"triage/api"
)

// Tests of the hardening of issue 19, section 3.

// TestReplayedCodeRevokesItsTokens: a code exchanged twice revokes the token
// the first exchange issued (RFC 6749 §4.1.2).
func TestReplayedCodeRevokesItsTokens(t *testing.T) {
	h := startHarness(t, Options{})
	code := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	var rec api.TokenRecord
	h.exchange(code, testRedirect).wantOK(t, &rec)
	h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsAtlas)}).wantOK(t, nil)
	h.exchange(code, testRedirect).wantError(t, http.StatusUnprocessableEntity, api.InfoCodeInvalid)
	h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsAtlas)}).
		wantError(t, http.StatusUnprocessableEntity, api.InfoTokenInvalid)
	// Another code's token is untouched.
	other := h.token("story#read", "demo", wsAtlas)
	h.exchange(code, testRedirect).wantError(t, http.StatusUnprocessableEntity, api.InfoCodeInvalid)
	h.do(request{path: "/stories", auth: bearer(other), query: wsQuery(wsAtlas)}).wantOK(t, nil)
}

// TestOutstandingCodesAreCappedAndExpire: at most maxCodes codes are kept,
// the oldest going first, and codes long past their lifetime are forgotten.
func TestOutstandingCodesAreCappedAndExpire(t *testing.T) {
	h := startHarness(t, Options{})
	first := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	for range maxCodes {
		h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	}
	s := h.srv()
	s.mu.RLock()
	held, firstHeld := len(s.codes), s.codes[first] != nil
	s.mu.RUnlock()
	if held != maxCodes || firstHeld {
		t.Fatalf("%d codes held (first held: %v), want %d without the first", held, firstHeld, maxCodes)
	}
	h.exchange(first, testRedirect).wantError(t, http.StatusUnprocessableEntity, api.InfoCodeInvalid)

	h.clock.Advance(DefaultCodeTTL + forgetAfter + time.Second)
	last := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	s.mu.RLock()
	held = len(s.codes)
	s.mu.RUnlock()
	if held != 1 {
		t.Fatalf("%d codes held after they all expired and one was issued, want 1", held)
	}
	h.exchange(last, testRedirect).wantOK(t, nil)
}

// TestSessionsAreCappedAndExpire: anonymous sessions are capped at
// maxAnonymous, and a session past its lifetime is forgotten at the next one.
func TestSessionsAreCappedAndExpire(t *testing.T) {
	h := startHarness(t, Options{})
	s := h.srv()
	q := authQuery(h, testRedirect)
	for range maxAnonymous + 50 {
		newBrowser(t).get(h.run.URL + "/oauth/?" + q.Encode())
	}
	s.mu.RLock()
	held := len(s.sessions)
	s.mu.RUnlock()
	if held > maxAnonymous {
		t.Fatalf("%d anonymous sessions held, want at most %d", held, maxAnonymous)
	}
	h.clock.Advance(anonymousTTL + time.Second)
	newBrowser(t).get(h.run.URL + "/oauth/?" + q.Encode())
	s.mu.RLock()
	held = len(s.sessions)
	s.mu.RUnlock()
	if held != 1 {
		t.Fatalf("%d sessions held after the others expired, want 1", held)
	}
}
