package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestErrorsFromAnswers(t *testing.T) {
	now := time.Date(2026, 1, 6, 9, 0, 0, 0, time.UTC)
	nginx502 := `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx</center>
<script>var secret = "{secret}";</script>
</body>
</html>`
	long := "<html><body><p>" + strings.Repeat("Service temporarily unavailable. ", 200) + "</p></body></html>"
	tests := []struct {
		name       string
		status     int
		header     map[string]string
		body       string
		kind       ErrorKind
		httpStatus int
		retryAfter time.Duration
		says       []string // substrings of Error()
		info       string
		excerpt    string
	}{
		{name: "basic refused", status: 401, header: map[string]string{HeaderWWWAuthenticate: BasicRealm},
			body: `{"status":401,"data":"","info":"401 Unauthorized","meta":{"request_id":"abc"}}`,
			kind: ErrCredentials, httpStatus: 401, info: InfoUnauthorized,
			says: []string{"count stories: ", "credentials were refused (401 Unauthorized)", "run `triage login`", "[request abc]"}},
		{name: "token invalid", status: 422, body: `{"status":422,"data":"","info":"The access token provided is invalid"}`,
			kind: ErrCredentials, httpStatus: 422, says: []string{"access token was refused (422: The access token provided is invalid)", "triage login"}},
		{name: "token expired", status: 422, body: `{"status":422,"data":{},"info":"The access token provided has expired"}`,
			kind: ErrTokenExpired, httpStatus: 422, says: []string{"has expired", "triage login"}},
		{name: "forbidden", status: 403, body: `{"status":403,"data":"","info":"access to workspace 5 is not granted"}`,
			kind: ErrForbidden, httpStatus: 403, says: []string{"403: access to workspace 5 is not granted", "pick a workspace"}},
		{name: "not found", status: 404, body: `{"status":404,"data":"","info":"workspace 9 not existed"}`,
			kind: ErrNotFound, httpStatus: 404, info: "workspace 9 not existed", says: []string{"not found (404: workspace 9 not existed)"}},
		{name: "validation", status: 422, body: `{"status":422,"data":"","info":"workspace_id is required."}`,
			kind: ErrValidation, httpStatus: 422, info: "workspace_id is required.", says: []string{"refused the request (422: workspace_id is required.)"}},
		{name: "validation inside 200", status: 200, body: `{"status":422,"data":"","info":"priority_label 超高 is not allowed"}`,
			kind: ErrValidation, httpStatus: 422, says: []string{"超高"}},
		{name: "rate limited seconds", status: 429, header: map[string]string{HeaderRetryAfter: "7"},
			body: `{"status":429,"data":"","info":"To many requests, api account apiuser max request rates is 60req/10min"}`,
			kind: ErrRateLimited, httpStatus: 429, retryAfter: 7 * time.Second, says: []string{"too many requests", "wait 7s"}},
		{name: "rate limited date", status: 429, header: map[string]string{HeaderRetryAfter: now.Add(90 * time.Second).Format(http.TimeFormat)},
			body: `{"status":429,"data":"","info":"slow down"}`, kind: ErrRateLimited, httpStatus: 429, retryAfter: 90 * time.Second,
			says: []string{"wait 1m30s"}},
		{name: "rate limited without wait", status: 429, body: `{"status":429,"data":"","info":"slow down"}`,
			kind: ErrRateLimited, httpStatus: 429, says: []string{"wait a few minutes"}},
		{name: "rate limited html", status: 429, header: map[string]string{HeaderRetryAfter: "3"}, body: "<h1>Too Many Requests</h1>",
			kind: ErrRateLimited, httpStatus: 429, retryAfter: 3 * time.Second, excerpt: "Too Many Requests"},
		{name: "server error", status: 500, body: `{"status":500,"data":"","info":"internal error"}`,
			kind: ErrServer, httpStatus: 500, says: []string{"service failed (500: internal error)", "retry later"}},
		{name: "html 502 page", status: 502, body: nginx502, kind: ErrNotJSON, httpStatus: 502,
			excerpt: "502 Bad Gateway 502 Bad Gateway nginx", says: []string{"HTTP 502", `"502 Bad Gateway 502 Bad Gateway nginx"`}},
		{name: "long html page", status: 503, body: long, kind: ErrNotJSON, httpStatus: 503, says: []string{"Service temporarily unavailable"}},
		{name: "html 200 portal", status: 200, body: "<!doctype html><title>Sign in to Wi-Fi</title>", kind: ErrNotJSON, httpStatus: 200,
			excerpt: "Sign in to Wi-Fi"},
		{name: "empty 503", status: 503, body: "", kind: ErrNotJSON, httpStatus: 503, says: []string{"empty or unreadable body"}},
		{name: "json without envelope", status: 200, body: `{"count":3}`, kind: ErrShape, httpStatus: 200},
		{name: "json without envelope 404", status: 404, body: `{"message":"no route"}`, kind: ErrNotFound, httpStatus: 404},
		{name: "greeting string", status: 200, body: `{"status":1,"data":"Hello, welcome to the API","info":"success"}`,
			kind: ErrShape, httpStatus: 200, says: []string{"data is a string", "service address"}},
		{name: "password echoed in info", status: 422, body: `{"status":422,"data":"","info":"bad password {secret}"}`,
			kind: ErrValidation, httpStatus: 422, says: []string{"bad password [redacted]"}},
		{name: "token echoed in html", status: 502, body: "<p>Authorization: {secret}</p>", kind: ErrNotJSON, httpStatus: 502},
		{name: "terminal escapes", status: 422, body: `{"status":422,"data":"","info":"bad\u001b[31m red\u0007"}`,
			kind: ErrValidation, httpStatus: 422, info: "bad [31m red"},
	}
	for _, tc := range tests {
		for _, auth := range []Authorizer{BasicAuth{User: testUser, Password: testPassword}, BearerToken(testToken)} {
			t.Run(tc.name+"/"+fmt.Sprint(auth), func(t *testing.T) {
				c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					for k, v := range tc.header {
						w.Header().Set(k, v)
					}
					w.WriteHeader(tc.status)
					_, _ = w.Write([]byte(strings.ReplaceAll(tc.body, "{secret}", secretsOf(auth)[0])))
				}), WithMaxRetries(0))
				c.now = func() time.Time { return now }
				c.SetAuth(auth)
				_, err := c.Count(context.Background(), 1, Story, nil)
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("err = %v, want *Error", err)
				}
				if e.Kind != tc.kind || KindOf(err) != tc.kind {
					t.Errorf("kind = %v, want %v (%v)", e.Kind, tc.kind, err)
				}
				if e.HTTPStatus != tc.httpStatus {
					t.Errorf("HTTPStatus = %d, want %d", e.HTTPStatus, tc.httpStatus)
				}
				if e.RetryAfter != tc.retryAfter {
					t.Errorf("RetryAfter = %v, want %v", e.RetryAfter, tc.retryAfter)
				}
				if tc.info != "" && e.Info != tc.info {
					t.Errorf("Info = %q, want %q", e.Info, tc.info)
				}
				if tc.excerpt != "" && e.Excerpt != tc.excerpt {
					t.Errorf("Excerpt = %q, want %q", e.Excerpt, tc.excerpt)
				}
				if n := utf8.RuneCountInString(e.Excerpt); n > maxExcerpt {
					t.Errorf("excerpt has %d characters", n)
				}
				if strings.ContainsAny(e.Excerpt, "<>") {
					t.Errorf("excerpt keeps tags: %q", e.Excerpt)
				}
				for _, s := range tc.says {
					if !strings.Contains(err.Error(), s) {
						t.Errorf("Error() = %q, want it to say %q", err.Error(), s)
					}
				}
				if MaybeApplied(err) {
					t.Error("a failed read counts as maybe applied")
				}
				assertNoSecret(t, err)
			})
		}
	}
}

func TestErrorKindNamesAndKindOf(t *testing.T) {
	seen := map[string]bool{}
	for k := ErrNetwork; k <= ErrCanceled; k++ {
		name := k.String()
		if name == "" || strings.HasPrefix(name, "errorkind") || seen[name] {
			t.Errorf("kind %d has name %q", int(k), name)
		}
		seen[name] = true
		msg := (&Error{Kind: k, Op: "op"}).Error()
		if !strings.HasPrefix(msg, "op: ") || len(msg) < 10 {
			t.Errorf("kind %v says %q", k, msg)
		}
	}
	if got := ErrorKind(99).String(); got != "errorkind(99)" {
		t.Errorf("unknown kind = %q", got)
	}
	wrapped := fmt.Errorf("outer: %w", &Error{Kind: ErrForbidden})
	if KindOf(wrapped) != ErrForbidden || KindOf(errors.New("x")) != 0 || KindOf(nil) != 0 {
		t.Error("KindOf does not follow the chain")
	}
	if MaybeApplied(nil) || MaybeApplied(errors.New("x")) {
		t.Error("MaybeApplied of a plain error")
	}
}

func TestExcerptAndCleanText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"<p>Bad &amp; worse</p>", "Bad & worse"},
		{"<style>p{color:red}</style><b>502</b>", "502"},
		{"<script>alert(1)</script>ok<SCRIPT>x", "ok"},
		{"plain   text\n\twith space", "plain text with space"},
		{"unterminated <tag", "unterminated"},
		{"\xff\xfebroken utf8", "broken utf8"},
		{strings.Repeat("界", 300), strings.Repeat("界", maxExcerpt-1) + "…"},
	}
	for _, tc := range tests {
		if got := excerpt([]byte(tc.in)); got != tc.want {
			t.Errorf("excerpt(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
