package sandbox

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"triage/api"
)

func TestNewRefusesBadOptions(t *testing.T) {
	for _, opts := range []Options{
		{CodeTTL: -1}, {TokenTTL: -time.Second}, {Latency: -1}, {Rate: -1}, {ExtraItems: -1},
		{TokenTTL: time.Millisecond},
	} {
		if s, err := New(opts); err == nil {
			_ = s.Close()
			t.Errorf("New(%+v) succeeded", opts)
		}
	}
}

func TestUnknownPathsGreet(t *testing.T) {
	h := startHarness(t, Options{})
	for _, path := range []string{"/", "/hello", "/stories/unknown", "/v2/stories", "/users", "/workspaces", "/storiesx"} {
		for _, method := range []string{http.MethodGet, http.MethodPost, http.MethodDelete} {
			r := h.do(request{method: method, path: path})
			var greet string
			r.wantOK(t, &greet)
			if greet == "" {
				t.Errorf("%s %s: empty greeting", method, path)
			}
		}
	}
}

func TestMethodNotAllowed(t *testing.T) {
	h := startHarness(t, Options{})
	tests := []struct{ method, path, allow string }{
		{http.MethodDelete, "/stories", "GET, POST"},
		{http.MethodPut, "/bugs", "GET, POST"},
		{http.MethodPost, "/stories/count", "GET"},
		{http.MethodPost, "/tasks/get_fields_info", "GET"},
		{http.MethodPost, "/users/info", "GET"},
		{http.MethodPost, "/workspaces/user_participant_projects", "GET"},
		{http.MethodPost, "/workspaces/get_workspace_info", "GET"},
		{http.MethodPost, "/quickstart/testauth", "GET"},
		{http.MethodGet, "/tokens/request_token", "POST"},
	}
	for _, tt := range tests {
		r := h.do(request{method: tt.method, path: tt.path, auth: h.apiBasic()})
		r.wantError(t, http.StatusMethodNotAllowed, "")
		if got := r.header.Get("Allow"); got != tt.allow {
			t.Errorf("%s %s: Allow %q, want %q", tt.method, tt.path, got, tt.allow)
		}
	}
}

func TestGzipWhenAsked(t *testing.T) {
	h := startHarness(t, Options{})
	tests := []struct {
		accept string
		gzip   bool
	}{
		{"gzip", true}, {"deflate, gzip;q=0.5", true}, {"*", true}, {"gzip;q=0", false},
		{"identity", false}, {"", false}, {"GZIP", true}, {"gzip;q=zz", true},
	}
	for _, tt := range tests {
		hdr := map[string]string{"Accept-Encoding": tt.accept}
		if tt.accept == "" {
			hdr = map[string]string{"Accept-Encoding": "identity"}
		}
		r := h.do(request{path: "/quickstart/testauth", auth: h.apiBasic(), header: hdr})
		r.wantOK(t, nil)
		if got := r.header.Get("Content-Encoding") == "gzip"; got != tt.gzip {
			t.Errorf("Accept-Encoding %q: gzip %v, want %v", tt.accept, got, tt.gzip)
		}
	}
}

func TestErrorEnvelopeShape(t *testing.T) {
	h := startHarness(t, Options{})
	a := h.do(request{path: "/stories", query: map[string][]string{"workspace_id": {"10022001"}}})
	b := h.do(request{path: "/stories", query: map[string][]string{"workspace_id": {"10022001"}}})
	a.wantError(t, http.StatusUnauthorized, api.InfoUnauthorized)
	if a.env.RequestID() == b.env.RequestID() {
		t.Errorf("two requests share request id %q", a.env.RequestID())
	}
	if got := a.header.Get("Content-Type"); got != api.ContentTypeJSONCharset {
		t.Errorf("Content-Type %q", got)
	}
	var raw map[string]json.RawMessage
	decodeJSON(t, a.raw, &raw)
	if string(raw["status"]) != "401" || string(raw["data"]) != `""` {
		t.Errorf("envelope %s", a.raw)
	}
}

func TestLatencyHonoursCancellation(t *testing.T) {
	s, err := New(Options{Latency: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req := httptest.NewRequest(http.MethodGet, "/", nil).WithContext(ctx)
	rec := httptest.NewRecorder()
	done := make(chan struct{})
	go func() {
		s.ServeHTTP(rec, req)
		close(done)
	}()
	cancel()
	<-done
	if rec.Body.Len() != 0 {
		t.Errorf("a cancelled request got an answer: %q", rec.Body.String())
	}
}

func TestLatencyDelaysThenAnswers(t *testing.T) {
	s, err := New(Options{Latency: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/", nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), greeting) {
		t.Errorf("got %d %q", rec.Code, rec.Body.String())
	}
}

func TestRecoverAnswers500(t *testing.T) {
	rec := httptest.NewRecorder()
	func() {
		ex := newExchange(rec, httptest.NewRequest(http.MethodGet, "/", nil))
		defer ex.recoverPanic()
		var m map[string]int
		m["boom"] = 1
	}()
	env, err := api.DecodeEnvelope(rec.Body.Bytes())
	if err != nil || rec.Code != http.StatusInternalServerError || env.Status != 500 || env.RequestID() == "" {
		t.Errorf("got %d %q (%v)", rec.Code, rec.Body.String(), err)
	}
}

func TestDemoHidesSecretsWhenPrinted(t *testing.T) {
	h := startHarness(t, Options{})
	d := h.demo
	if d.APIUser == "" || d.APIPassword == "" || d.ClientID == "" || d.ClientSecret == "" || len(d.Users) == 0 {
		t.Fatalf("incomplete demo info: %s", d)
	}
	for _, u := range d.Users {
		if u.Nick == "" || u.Password == "" || u.PersonalToken == "" {
			t.Errorf("incomplete demo user %q", u.Nick)
		}
	}
	for _, printed := range []string{d.String(), d.GoString()} {
		if strings.Contains(printed, d.APIPassword) || strings.Contains(printed, d.ClientSecret) {
			t.Errorf("secret printed: %s", printed)
		}
	}
}
