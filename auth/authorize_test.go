package auth

import (
	"encoding/base64"
	"net/url"
	"testing"
)

func TestAuthorizationURL(t *testing.T) {
	tests := []struct {
		name    string
		authURL string
		p       authorizationParams
		want    string
	}{
		{
			name:    "scopes with # and spaces",
			authURL: "https://www.tapd.cn",
			p: authorizationParams{
				ClientID:    "triage-app",
				RedirectURI: "http://127.0.0.1:8765/callback",
				Scope:       "story#read story#write bug#read",
				State:       "abc-_123",
			},
			want: "https://www.tapd.cn/oauth/?response_type=code&client_id=triage-app" +
				"&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback" +
				"&scope=story%23read%20story%23write%20bug%23read&state=abc-_123&auth_by=user",
		},
		{
			name:    "trailing slash and reserved characters in the client id",
			authURL: "http://127.0.0.1:9000/",
			p: authorizationParams{
				ClientID:    "a b+c&d=e/f?g#h",
				RedirectURI: "http://127.0.0.1:1/cb",
				Scope:       "story",
				State:       "s",
			},
			want: "http://127.0.0.1:9000/oauth/?response_type=code&client_id=a%20b%2Bc%26d%3De%2Ff%3Fg%23h" +
				"&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcb&scope=story&state=s&auth_by=user",
		},
		{
			name:    "auth url with a path",
			authURL: "https://example.test/tapd",
			p:       authorizationParams{ClientID: "c", RedirectURI: "r", Scope: "bug#write", State: "x"},
			want:    "https://example.test/tapd/oauth/?response_type=code&client_id=c&redirect_uri=r&scope=bug%23write&state=x&auth_by=user",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := authorizationURL(tt.authURL, tt.p)
			if got != tt.want {
				t.Fatalf("authorizationURL:\n got %s\nwant %s", got, tt.want)
			}
			u, err := url.Parse(got)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			q := u.Query()
			for key, want := range map[string]string{
				"response_type": "code", "client_id": tt.p.ClientID, "redirect_uri": tt.p.RedirectURI,
				"scope": tt.p.Scope, "state": tt.p.State, "auth_by": "user",
			} {
				if q.Get(key) != want {
					t.Errorf("%s decodes to %q, want %q", key, q.Get(key), want)
				}
			}
		})
	}
}

func TestNewState(t *testing.T) {
	a, err := newState()
	if err != nil {
		t.Fatal(err)
	}
	b, err := newState()
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Fatal("two states are equal")
	}
	raw, err := base64.RawURLEncoding.DecodeString(a)
	if err != nil || len(raw) != stateBytes {
		t.Fatalf("state %q is not %d base64url bytes (%v)", a, stateBytes, err)
	}
	if escapeParam(a) != a {
		t.Fatalf("state %q needs escaping", a)
	}
}

func TestNormalizeScopes(t *testing.T) {
	tests := map[string]string{
		"":                         "",
		"  story#read   bug#read ": "story#read bug#read",
		"story\tbug\n":             "story bug",
	}
	for in, want := range tests {
		if got := normalizeScopes(in); got != want {
			t.Errorf("normalizeScopes(%q) = %q, want %q", in, got, want)
		}
	}
}
