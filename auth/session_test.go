package auth

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"triage/api"
)

func TestTokenExpiry(t *testing.T) {
	local := time.Date(2026, 1, 6, 9, 16, 4, 0, time.UTC) // 17:16:04 in the service's zone
	const lifetime = 7200 * time.Second
	tests := []struct {
		name      string
		serverNow string
		wantSkew  time.Duration
	}{
		{name: "clocks agree", serverNow: "2026-01-06 17:16:04"},
		{name: "server two hours ahead", serverNow: "2026-01-06 19:16:04", wantSkew: -2 * time.Hour},
		{name: "server two hours behind", serverNow: "2026-01-06 15:16:04", wantSkew: 2 * time.Hour},
		{name: "now missing", serverNow: ""},
		{name: "now unreadable", serverNow: "yesterday"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			expiresAt, skew := tokenExpiry(local, tt.serverNow, lifetime)
			if want := local.Add(lifetime); !expiresAt.Equal(want) {
				t.Fatalf("expires at %s, want local receipt + expires_in = %s", expiresAt, want)
			}
			if skew != tt.wantSkew {
				t.Fatalf("skew %s, want %s", skew, tt.wantSkew)
			}
			s := Session{Method: MethodOAuth, ExpiresAt: expiresAt}
			if s.Expired(local) {
				t.Fatal("expired at once")
			}
			if !s.Expired(local.Add(lifetime)) {
				t.Fatal("alive after expires_in")
			}
		})
	}
}

func TestExpiredAndRemaining(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name      string
		expiresAt time.Time
		expired   bool
		remaining time.Duration
	}{
		{name: "no expiry", expiresAt: time.Time{}, remaining: time.Duration(math.MaxInt64)},
		{name: "an hour left", expiresAt: now.Add(time.Hour), remaining: time.Hour - MaxExpiryMargin},
		{name: "inside the margin", expiresAt: now.Add(MaxExpiryMargin / 2), expired: true},
		{name: "exactly at the margin", expiresAt: now.Add(MaxExpiryMargin), expired: true},
		{name: "just outside the margin", expiresAt: now.Add(MaxExpiryMargin + time.Second), remaining: time.Second},
		{name: "long past", expiresAt: now.Add(-time.Hour), expired: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Session{ExpiresAt: tt.expiresAt}
			if got := s.Expired(now); got != tt.expired {
				t.Errorf("Expired = %v, want %v", got, tt.expired)
			}
			if got := s.Remaining(now); got != tt.remaining {
				t.Errorf("Remaining = %s, want %s", got, tt.remaining)
			}
		})
	}
}

func TestSessionFormattingRedacts(t *testing.T) {
	const token, password = "tok-0123456789abcdef", "pw-very-secret"
	sessions := []Session{
		{Service: "http://127.0.0.1:1", Method: MethodOAuth, Token: token, Scope: "story#read", WorkspaceID: 7, ExpiresAt: time.Unix(1e9, 0), Nick: "alice"},
		{Service: "http://127.0.0.1:1", Method: MethodToken, Token: token, Nick: "bob"},
		{Service: "http://127.0.0.1:1", Method: MethodBasic, APIUser: "acct", APIPassword: password},
	}
	for _, s := range sessions {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%d", "%x", "%q", "%T %v"} {
			out := fmt.Sprintf(verb, s) + fmt.Sprintf(verb, &s) + s.String() + s.GoString()
			if strings.Contains(out, token) || strings.Contains(out, password) {
				t.Fatalf("%s of %s shows a secret: %s", verb, s.Method, out)
			}
		}
		if !strings.Contains(s.String(), string(s.Method)) {
			t.Errorf("String %q does not name the method", s)
		}
	}
}

func TestSessionAuthorizer(t *testing.T) {
	tests := []struct {
		s    Session
		want api.Authorizer
	}{
		{Session{Method: MethodOAuth, Token: "t1"}, api.BearerToken("t1")},
		{Session{Method: MethodToken, Token: "t2"}, api.BearerToken("t2")},
		{Session{Method: MethodBasic, APIUser: "u", APIPassword: "p"}, api.BasicAuth{User: "u", Password: "p"}},
	}
	for _, tt := range tests {
		if got := tt.s.Authorizer(); got != tt.want {
			t.Errorf("%s: Authorizer = %T, want %T", tt.s.Method, got, tt.want)
		}
	}
}

// TestMarginOfShortAndLongTokens: the margin is a tenth of expires_in, at
// most MaxExpiryMargin, so a token of 8 s is alive when issued and for 7.2 s,
// and one of 7200 s keeps the full 30 s margin. The lifetime survives the
// credential store.
func TestMarginOfShortAndLongTokens(t *testing.T) {
	sent := time.Date(2026, 1, 6, 9, 16, 4, 0, time.UTC)
	tests := []struct {
		name      string
		expiresIn int64
		margin    time.Duration
	}{
		{"8 s token", 8, 800 * time.Millisecond},
		{"7200 s token", 7200, MaxExpiryMargin},
		{"300 s token: exactly a tenth is the cap", 300, MaxExpiryMargin},
		{"60 s token", 60, 6 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lifetime := time.Duration(tt.expiresIn) * time.Second
			tok := issuedToken{record: api.TokenRecord{AccessToken: "t", ExpiresIn: api.FlexInt(tt.expiresIn)}, sentAt: sent}
			s := oauthSession("http://127.0.0.1:1", tok, api.Resource{})
			stored, err := FromCredential(s.Service, ToCredential(s))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []Session{s, stored} {
				if got := s.Margin(); got != tt.margin {
					t.Fatalf("margin %s, want %s", got, tt.margin)
				}
				if s.Expired(sent) {
					t.Fatal("a fresh token is expired at once")
				}
				if got, want := s.Remaining(sent), lifetime-tt.margin; got != want {
					t.Fatalf("remaining when issued %s, want %s", got, want)
				}
				if s.Expired(sent.Add(lifetime - tt.margin - time.Millisecond)) {
					t.Fatal("expired before its margin")
				}
				if !s.Expired(sent.Add(lifetime - tt.margin)) {
					t.Fatal("alive inside its margin")
				}
			}
		})
	}
	if got := (Session{ExpiresAt: sent}).Margin(); got != MaxExpiryMargin {
		t.Errorf("margin of a session of unknown lifetime %s, want %s", got, MaxExpiryMargin)
	}
}
