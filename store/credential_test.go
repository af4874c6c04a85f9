package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestServiceKey(t *testing.T) {
	tests := []struct {
		in, want string
		wantErr  bool
	}{
		{in: "https://api.tapd.cn", want: "https://api.tapd.cn"},
		{in: "HTTPS://API.Tapd.CN/", want: "https://api.tapd.cn"},
		{in: "https://api.tapd.cn:443//", want: "https://api.tapd.cn"},
		{in: "http://127.0.0.1:8080/", want: "http://127.0.0.1:8080"},
		{in: "http://127.0.0.1:80", want: "http://127.0.0.1"},
		{in: "https://host:80", want: "https://host:80"},
		{in: "http://[::1]:8080/api/", want: "http://[::1]:8080/api"},
		{in: "http://[::1]", want: "http://[::1]"},
		{in: " https://host/Path ", want: "https://host/Path"},
		{in: "api.tapd.cn", wantErr: true},
		{in: "", wantErr: true},
		{in: "ftp://host", wantErr: true},
		{in: "https://user:pw@host", wantErr: true},
		{in: "https://host?x=1", wantErr: true},
		{in: "https://host#frag", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ServiceKey(tt.in)
			if (err != nil) != tt.wantErr {
				t.Fatalf("ServiceKey(%q) = %q, %v; want error %v", tt.in, got, err, tt.wantErr)
			}
			if err != nil {
				assertNoSecret(t, "error", err.Error(), "pw")
				return
			}
			if got != tt.want {
				t.Errorf("ServiceKey(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCredentialCheck(t *testing.T) {
	tests := []struct {
		name    string
		c       Credential
		wantErr bool
	}{
		{name: "oauth", c: Credential{Method: MethodOAuth, Token: "t"}},
		{name: "token", c: Credential{Method: MethodToken, Token: "t"}},
		{name: "basic", c: Credential{Method: MethodBasic, APIUser: "u", APIPassword: "p"}},
		{name: "oauth without token", c: Credential{Method: MethodOAuth, APIPassword: "p"}, wantErr: true},
		{name: "basic without password", c: Credential{Method: MethodBasic, APIUser: "u", Token: "t"}, wantErr: true},
		{name: "no method", c: Credential{Token: "t"}, wantErr: true},
		{name: "unknown method", c: Credential{Method: "cookie", Token: "t"}, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.check()
			if (err != nil) != tt.wantErr {
				t.Errorf("check = %v, want error %v", err, tt.wantErr)
			}
		})
	}
}

func TestCredentialNeverPrintsSecrets(t *testing.T) {
	c := Credential{
		Method: MethodBasic, Token: "tok-9f8e7d6c5b", APIUser: "bot", APIPassword: "pw-1a2b3c4d5e",
		Scope: "story#read", WorkspaceID: 10022001, ExpiresAt: time.Date(2026, 1, 6, 17, 16, 4, 0, time.UTC),
		Nick: "anyechen", UserName: "Anye Chen",
	}
	secrets := []string{c.Token, c.APIPassword}
	type holder struct {
		C   Credential
		Ptr *Credential
	}
	for _, verb := range fmtVerbs {
		for _, v := range []any{c, &c, holder{c, &c}, []Credential{c}} {
			assertNoSecret(t, verb, fmt.Sprintf(verb, v), secrets...)
		}
	}
	for _, want := range []string{"bot", "anyechen", "10022001", "story#read", redacted} {
		if !strings.Contains(fmt.Sprint(c), want) {
			t.Errorf("%v does not show %q", c, want)
		}
	}
	if got := fmt.Sprintf("%#v", c); !strings.HasPrefix(got, "store.Credential{") {
		t.Errorf("%%#v = %s, want a store.Credential literal", got)
	}
	j, err := json.Marshal(holder{c, &c})
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "json", string(j), secrets...)
}
