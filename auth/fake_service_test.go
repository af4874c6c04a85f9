package auth

import (
	"encoding/base64"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// Secrets of the fake service; tests check that none of them leaks.
const (
	fakeClientID     = "triage-app"
	fakeClientSecret = "sEcReT:with/odd+chars=="
	fakeToken        = "feedfacefeedfacefeedfacefeedfacefeedface"
	fakePersonal     = "personal-token-9f8e7d6c5b4a"
	fakeAPIUser      = "company-api"
	fakeAPIPassword  = "api-pass:w/ord"
)

// tokenOK is a successful token answer issued at the given service time.
func tokenOK(now string) string {
	return `{"status":1,"data":{"access_token":"` + fakeToken + `","expires_in":7200,"token_type":"Bearer",` +
		`"scope":"story#read bug#read","resource":{"type":"workspace","workspace_id":10022001},"now":"` + now + `"},"info":"success"}`
}

const userOK = `{"status":1,"data":{"id":"6081","nick":"alice","name":"Alice Andersen","avatar":"","enabled":"1"},"info":"success"}`

// fakeService plays the service's token endpoint, /users/info and
// /quickstart/testauth with canned answers, and records what it was sent.
type fakeService struct {
	srv *httptest.Server

	mu          sync.Mutex
	tokenStatus int
	tokenBody   string
	userStatus  int
	userBody    string
	tokenCalls  int
	form        url.Values
	basic       string // decoded Basic credentials of the token call
	contentType string
	bearer      string // Authorization of the last /users/info call
}

func newFakeService(t *testing.T) *fakeService {
	t.Helper()
	f := &fakeService{
		tokenStatus: http.StatusOK, tokenBody: tokenOK("2026-01-06 17:16:04"),
		userStatus: http.StatusOK, userBody: userOK,
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeService) URL() string { return f.srv.URL }

func (f *fakeService) setToken(status int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tokenStatus, f.tokenBody = status, body
}

func (f *fakeService) setUser(status int, body string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.userStatus, f.userBody = status, body
}

func (f *fakeService) calls() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.tokenCalls
}

func (f *fakeService) serve(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case tokenPath:
		f.tokenCalls++
		body, _ := io.ReadAll(r.Body)
		f.form, _ = url.ParseQuery(string(body))
		f.contentType = r.Header.Get("Content-Type")
		if raw, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Basic "); ok {
			dec, _ := base64.StdEncoding.DecodeString(raw)
			f.basic = string(dec)
		}
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.WriteHeader(f.tokenStatus)
		_, _ = io.WriteString(w, f.tokenBody)
	case "/users/info":
		f.bearer = r.Header.Get("Authorization")
		w.WriteHeader(f.userStatus)
		_, _ = io.WriteString(w, f.userBody)
	case "/quickstart/testauth":
		user, pass, ok := r.BasicAuth()
		if !ok || user != fakeAPIUser || pass != fakeAPIPassword {
			w.Header().Set("WWW-Authenticate", "Basic realm='TAPD API'")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"status":401,"data":"","info":"401 Unauthorized"}`)
			return
		}
		_, _ = io.WriteString(w, `{"status":1,"data":{"api_user":"`+user+`","api_password":"`+pass+`","request_ip":"127.0.0.1"},"info":"success"}`)
	default:
		_, _ = io.WriteString(w, `{"status":1,"data":"Hello, welcome to TAPD API","info":"success"}`)
	}
}
