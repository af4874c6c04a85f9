package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

const (
	sandboxURL = "http://127.0.0.1:8080"
	realURL    = "https://api.tapd.cn"
)

// storeMaker builds a fresh credential store for one test.
type storeMaker struct {
	name string
	make func(t *testing.T) Credentials
}

// stores are the implementations every contract test runs against. The mock
// keyring replaces go-keyring's global provider, so these tests do not run
// in parallel.
func stores() []storeMaker {
	return []storeMaker{
		{"file", func(t *testing.T) Credentials { return NewCredentialsFile(PathsIn(t.TempDir()).CredentialsFile) }},
		{"keyring", func(t *testing.T) Credentials { keyring.MockInit(); return NewKeyring() }},
	}
}

func sampleCredentials() []Credential {
	return []Credential{
		{
			Method: MethodOAuth, Token: "0123456789abcdef0123456789abcdef01234567", Scope: "story#read bug#read",
			WorkspaceID: 10022001, ExpiresAt: time.Date(2026, 1, 6, 19, 16, 4, 0, time.FixedZone("CST", 8*3600)),
			Nick: "anyechen", UserName: "Anye Chen",
		},
		{Method: MethodToken, Token: "personal-token-xyz", Nick: "bot"},
		{Method: MethodBasic, APIUser: "api-user", APIPassword: "api-password-q1w2e3"},
	}
}

func TestCredentialsRoundTrip(t *testing.T) {
	ctx := context.Background()
	for _, sm := range stores() {
		for i, want := range sampleCredentials() {
			t.Run(fmt.Sprintf("%s/%s", sm.name, want.Method), func(t *testing.T) {
				s := sm.make(t)
				if _, err := s.Get(ctx, realURL); !errors.Is(err, ErrNotFound) {
					t.Fatalf("Get before Set: err = %v, want ErrNotFound", err)
				}
				if err := s.Set(ctx, realURL+"/", want); err != nil {
					t.Fatal(err)
				}
				got, err := s.Get(ctx, "HTTPS://API.TAPD.CN")
				if err != nil {
					t.Fatal(err)
				}
				if !got.ExpiresAt.Equal(want.ExpiresAt) {
					t.Errorf("case %d: expiry %v, want %v", i, got.ExpiresAt, want.ExpiresAt)
				}
				got.ExpiresAt, want.ExpiresAt = time.Time{}, time.Time{}
				if got != want {
					t.Errorf("case %d: got %+v, want %+v", i, got, want)
				}
				if err := s.Delete(ctx, realURL); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Get(ctx, realURL); !errors.Is(err, ErrNotFound) {
					t.Errorf("Get after Delete: err = %v, want ErrNotFound", err)
				}
				if err := s.Delete(ctx, realURL); !errors.Is(err, ErrNotFound) {
					t.Errorf("second Delete: err = %v, want ErrNotFound", err)
				}
			})
		}
	}
}

func TestCredentialsKeepServicesApart(t *testing.T) {
	ctx := context.Background()
	creds := sampleCredentials()
	for _, sm := range stores() {
		t.Run(sm.name, func(t *testing.T) {
			s := sm.make(t)
			if err := s.Set(ctx, realURL, creds[0]); err != nil {
				t.Fatal(err)
			}
			if err := s.Set(ctx, sandboxURL, creds[2]); err != nil {
				t.Fatal(err)
			}
			if err := s.SetClientSecret(ctx, realURL, "real-client-secret"); err != nil {
				t.Fatal(err)
			}
			if got, err := s.Get(ctx, sandboxURL); err != nil || got != creds[2] {
				t.Errorf("sandbox: %+v, %v; want %+v", got, err, creds[2])
			}
			if err := s.Delete(ctx, sandboxURL); err != nil {
				t.Fatal(err)
			}
			if got, err := s.Get(ctx, realURL); err != nil || got.Token != creds[0].Token {
				t.Errorf("real service after deleting the sandbox's: %+v, %v", got, err)
			}
			if _, err := s.ClientSecret(ctx, sandboxURL); !errors.Is(err, ErrNotFound) {
				t.Errorf("sandbox client secret: err = %v, want ErrNotFound", err)
			}
		})
	}
}

func TestClientSecretOutlivesLogout(t *testing.T) {
	ctx := context.Background()
	for _, sm := range stores() {
		t.Run(sm.name, func(t *testing.T) {
			s := sm.make(t)
			if _, err := s.ClientSecret(ctx, realURL); !errors.Is(err, ErrNotFound) {
				t.Fatalf("before: err = %v, want ErrNotFound", err)
			}
			if err := s.SetClientSecret(ctx, realURL, "cs-5up3r"); err != nil {
				t.Fatal(err)
			}
			if err := s.Set(ctx, realURL, sampleCredentials()[0]); err != nil {
				t.Fatal(err)
			}
			if err := s.Delete(ctx, realURL); err != nil {
				t.Fatal(err)
			}
			got, err := s.ClientSecret(ctx, realURL)
			if err != nil || got.Reveal() != "cs-5up3r" {
				t.Errorf("client secret after logout: %q, %v", got.Reveal(), err)
			}
			for range 2 {
				if err := s.SetClientSecret(ctx, realURL, ""); err != nil {
					t.Errorf("clearing the client secret: %v", err)
				}
			}
			if _, err := s.ClientSecret(ctx, realURL); !errors.Is(err, ErrNotFound) {
				t.Errorf("after clearing: err = %v, want ErrNotFound", err)
			}
		})
	}
}

func TestCredentialsRejectBadInput(t *testing.T) {
	ctx := context.Background()
	const secret = "pw-should-not-leak"
	for _, sm := range stores() {
		t.Run(sm.name, func(t *testing.T) {
			s := sm.make(t)
			errs := []error{
				s.Set(ctx, realURL, Credential{Method: MethodBasic, APIPassword: secret}),
				s.Set(ctx, realURL, Credential{Method: "magic", Token: secret}),
				s.Set(ctx, "https://user:"+secret+"@api.tapd.cn", sampleCredentials()[1]),
				s.SetClientSecret(ctx, "not a url "+secret, Secret(secret)),
			}
			_, err := s.Get(ctx, "https://u:"+secret+"@host")
			errs = append(errs, err)
			for i, err := range errs {
				if err == nil {
					t.Errorf("case %d: accepted", i)
					continue
				}
				assertNoSecret(t, fmt.Sprintf("case %d error", i), err.Error(), secret)
			}
			if _, err := s.Get(ctx, realURL); !errors.Is(err, ErrNotFound) {
				t.Errorf("a rejected Set stored something: %v", err)
			}
		})
	}
}

func TestCredentialsHonourCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, sm := range stores() {
		t.Run(sm.name, func(t *testing.T) {
			s := sm.make(t)
			if _, err := s.Get(ctx, realURL); !errors.Is(err, context.Canceled) {
				t.Errorf("Get: err = %v, want context.Canceled", err)
			}
			if err := s.Set(ctx, realURL, sampleCredentials()[1]); !errors.Is(err, context.Canceled) {
				t.Errorf("Set: err = %v, want context.Canceled", err)
			}
		})
	}
}
