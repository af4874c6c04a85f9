package auth

import (
	"strings"
	"testing"
	"time"

	"triage/store"
)

func TestCredentialRoundTrip(t *testing.T) {
	sessions := []Session{
		{Service: "http://svc", Method: MethodOAuth, Token: fakeToken, Scope: "story#read", WorkspaceID: 7, ExpiresAt: time.Unix(2e9, 0).UTC(), Nick: "alice", UserName: "Alice"},
		{Service: "http://svc", Method: MethodToken, Token: fakePersonal, Nick: "bob"},
		{Service: "http://svc", Method: MethodBasic, APIUser: fakeAPIUser, APIPassword: fakeAPIPassword},
	}
	for _, s := range sessions {
		got, err := FromCredential("http://svc/", ToCredential(s))
		if err != nil {
			t.Fatalf("%s: %v", s.Method, err)
		}
		if got != s {
			t.Fatalf("%s: round trip gave %#v, want %#v", s.Method, got, s)
		}
	}
}

func TestFromCredentialRefusals(t *testing.T) {
	tests := []struct {
		name string
		c    store.Credential
	}{
		{name: "oauth without token", c: store.Credential{Method: store.MethodOAuth}},
		{name: "token without token", c: store.Credential{Method: store.MethodToken}},
		{name: "basic without password", c: store.Credential{Method: store.MethodBasic, APIUser: "u"}},
		{name: "unknown method", c: store.Credential{Method: "kerberos", Token: fakeToken, APIPassword: fakeAPIPassword}},
		{name: "no method", c: store.Credential{Token: fakeToken}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromCredential("http://svc", tt.c)
			if err == nil || !strings.Contains(err.Error(), "log in again") {
				t.Fatalf("FromCredential = %v", err)
			}
			assertNoSecret(t, err.Error())
		})
	}
}
