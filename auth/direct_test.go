package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
)

func TestLoginToken(t *testing.T) {
	tests := []struct {
		name    string
		status  int
		body    string
		token   string
		wantErr string
	}{
		{name: "accepted", status: 200, body: userOK, token: fakePersonal},
		{name: "refused", status: 422, body: `{"status":422,"data":"","info":"The access token provided is invalid"}`, token: fakePersonal, wantErr: "the service refused the personal access token (422: The access token provided is invalid)"},
		{name: "expired", status: 422, body: `{"status":422,"data":"","info":"The access token provided has expired"}`, token: fakePersonal, wantErr: "the personal access token has expired (422: The access token provided has expired)"},
		{name: "empty", token: "  ", wantErr: "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService(t)
			svc.setUser(tt.status, tt.body)
			s, err := LoginToken(context.Background(), svc.URL()+"/", tt.token, &http.Client{})
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("LoginToken = %v, %v", s, err)
				}
				if strings.Contains(err.Error(), "triage login") {
					t.Errorf("a login's error tells to run the login: %v", err)
				}
				assertNoSecret(t, err.Error())
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Method != MethodToken || s.Token != fakePersonal || s.Nick != "alice" || !s.ExpiresAt.IsZero() || s.Service != svc.URL() {
				t.Fatalf("session %+v", s)
			}
			if svc.bearer != "Bearer "+fakePersonal {
				t.Fatalf("sent %q", svc.bearer)
			}
			assertNoSecret(t, fmt.Sprintf("%v %+v %#v", s, s, s))
		})
	}
}

func TestLoginBasic(t *testing.T) {
	tests := []struct {
		name     string
		user     string
		password string
		wantErr  string
	}{
		{name: "accepted", user: fakeAPIUser, password: fakeAPIPassword},
		{name: "wrong password", user: fakeAPIUser, password: "nope-" + fakeAPIPassword, wantErr: "the service refused the API account (401 Unauthorized)"},
		{name: "missing password", user: fakeAPIUser, wantErr: "both needed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService(t)
			s, err := LoginBasic(context.Background(), svc.URL(), tt.user, tt.password, nil)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("LoginBasic = %v, %v", s, err)
				}
				if strings.Contains(err.Error(), "triage login") {
					t.Errorf("a login's error tells to run the login: %v", err)
				}
				assertNoSecret(t, err.Error(), tt.password)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if s.Method != MethodBasic || s.APIUser != fakeAPIUser || s.APIPassword != fakeAPIPassword || s.Token != "" {
				t.Fatalf("session %+v", s)
			}
			assertNoSecret(t, fmt.Sprintf("%v %+v %#v %s", s, s, s, s.Authorizer()))
		})
	}
}

func TestLoginUnreachable(t *testing.T) {
	svc := newFakeService(t)
	base := svc.URL()
	svc.srv.Close()
	_, err := LoginToken(context.Background(), base, fakePersonal, nil)
	if !errors.Is(err, ErrUnchecked) || errors.Is(err, ErrRefused) {
		t.Fatalf("LoginToken against a closed service = %v, want a check that could not be made", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "could not be checked: read user info: cannot reach the service") || strings.Contains(msg, "service refused") {
		t.Errorf("LoginToken against a closed service says %q", msg)
	}
	assertNoSecret(t, err.Error())
	if _, err := LoginBasic(context.Background(), "not a url", fakeAPIUser, fakeAPIPassword, nil); err == nil {
		t.Fatal("LoginBasic took a bad base URL")
	}
}
