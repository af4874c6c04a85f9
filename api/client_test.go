package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestAuthorizationHeaders(t *testing.T) {
	tests := []struct {
		name string
		auth Authorizer
		want string
	}{
		{"basic", BasicAuth{User: testUser, Password: testPassword},
			"Basic " + base64.StdEncoding.EncodeToString([]byte(testUser+":"+testPassword))},
		{"basic pointer", &BasicAuth{User: "u", Password: "p"}, "Basic dTpw"},
		{"bearer", BearerToken(testToken), "Bearer " + testToken},
		{"none", nil, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got, ua, accept string
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got, ua, accept = r.Header.Get("Authorization"), r.Header.Get("User-Agent"), r.Header.Get("Accept")
				writeOK(w, map[string]int{"count": 1})
			}), WithUserAgent("triage-test/1"))
			c.SetAuth(tc.auth)
			if _, err := c.Count(context.Background(), 1, Story, nil); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("Authorization = %q, want %q", got, tc.want)
			}
			if ua != "triage-test/1" || accept != ContentTypeJSON {
				t.Errorf("User-Agent %q, Accept %q", ua, accept)
			}
		})
	}
}

func TestCredentialsFormatWithoutSecrets(t *testing.T) {
	values := []any{BasicAuth{User: testUser, Password: testPassword}, &BasicAuth{User: testUser, Password: testPassword},
		BearerToken(testToken), struct{ A Authorizer }{BearerToken(testToken)},
		WithRefusedAdvice(BearerToken(testToken), "set TRIAGE_TOKEN"), WithRefusedAdvice(BasicAuth{User: testUser, Password: testPassword}, "x")}
	for _, v := range values {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%10.3s"} {
			out := fmt.Sprintf(verb, v)
			if strings.Contains(out, testPassword) || strings.Contains(out, testToken) ||
				strings.Contains(strings.ToLower(out), fmt.Sprintf("%x", testPassword)) {
				t.Errorf("Sprintf(%s) = %q holds a secret", verb, out)
			}
		}
	}
	if got := fmt.Sprint(BasicAuth{User: "ann", Password: "x"}); got != "basic(ann:[redacted])" {
		t.Errorf("BasicAuth prints %q", got)
	}
}

// TestRefusedAdviceOfTheCredential: a refusal of credentials that carry
// their own advice (one set in the environment) says it instead of "run
// `triage login`"; the Authorizer still authorizes, and other failures keep
// their advice.
func TestRefusedAdviceOfTheCredential(t *testing.T) {
	const advice = "set a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN to use the stored login"
	tests := []struct {
		status int
		info   string
		want   string
	}{
		{401, "Unauthorized", advice + ": count stories: the credentials were refused (401: Unauthorized) [request req-1]"},
		{422, "The access token provided is invalid", advice + ": count stories: the access token was refused (422: The access token provided is invalid) [request req-1]"},
		{422, "The access token provided has expired", advice + ": count stories: the access token has expired [request req-1]"},
		{403, "no right", "pick a workspace this account may use, or log in with one that may: count stories: access was refused (403: no right) [request req-1]"},
	}
	for _, tc := range tests {
		var got string
		c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got = r.Header.Get("Authorization")
			writeFailure(w, tc.status, tc.info)
		}), WithMaxRetries(0))
		c.SetAuth(WithRefusedAdvice(BearerToken(testToken), advice))
		_, err := c.Count(context.Background(), 1, Story, nil)
		if said := LeadWithAdvice(err); said != tc.want {
			t.Errorf("HTTP %d says %q, want %q", tc.status, said, tc.want)
		}
		if got != "Bearer "+testToken {
			t.Errorf("Authorization = %q", got)
		}
	}
}

func TestBaseURLAndSetAuthConcurrently(t *testing.T) {
	c, srv := newTestClient(t, countHandler(3))
	if got := NewClient(srv.URL+"/", nil).BaseURL(); got != srv.URL {
		t.Errorf("BaseURL = %q, want %q", got, srv.URL)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if i%2 == 0 {
				c.SetAuth(BearerToken(fmt.Sprint("t", i)))
				return
			}
			if _, err := c.Count(context.Background(), 1, Bug, nil); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// gzipHandler answers gzip-compressed when asked, and records whether it was.
func gzipHandler(asked *atomic.Bool, body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			_, _ = w.Write(body)
			return
		}
		asked.Store(true)
		w.Header().Set("Content-Encoding", "gzip")
		zw := gzip.NewWriter(w)
		_, _ = zw.Write(body)
		_ = zw.Close()
	}
}

// recordingTransport is a custom RoundTripper in front of another.
type recordingTransport struct {
	next http.RoundTripper
	n    atomic.Int64
}

func (rt *recordingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	rt.n.Add(1)
	return rt.next.RoundTrip(r)
}

func TestGzipAnswersWithAnyTransport(t *testing.T) {
	transports := map[string]func() *http.Client{
		"default":             func() *http.Client { return &http.Client{} },
		"compression off":     func() *http.Client { return &http.Client{Transport: &http.Transport{DisableCompression: true}} },
		"custom roundtripper": func() *http.Client { return &http.Client{Transport: &recordingTransport{next: http.DefaultTransport}} },
	}
	for name, hc := range transports {
		t.Run(name, func(t *testing.T) {
			var asked atomic.Bool
			c, _ := newTestClient(t, gzipHandler(&asked, []byte(`{"status":1,"data":{"count":"42"},"info":"success"}`)), WithHTTPClient(hc()))
			n, err := c.Count(context.Background(), 1, Task, nil)
			if err != nil || n != 42 {
				t.Fatalf("Count = %d, %v", n, err)
			}
			if !asked.Load() {
				t.Error("the client did not ask for gzip")
			}
		})
	}
}

func TestResponseCap(t *testing.T) {
	big := []byte(`{"status":1,"data":{"count":1,"pad":"` + strings.Repeat("x", 4096) + `"},"info":"success"}`)
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	_, _ = zw.Write(bytes.Repeat([]byte{' '}, 8<<20))
	_ = zw.Close()
	tests := []struct {
		name  string
		h     http.HandlerFunc
		limit int64
		kind  ErrorKind
	}{
		{"under the cap", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(big) }, int64(len(big)), 0},
		{"over the cap", func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(big) }, int64(len(big)) - 1, ErrTooLarge},
		{"gzip bomb", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			_, _ = w.Write(bomb.Bytes())
		}, 1 << 20, ErrTooLarge},
		{"gzip under the cap", gzipHandler(new(atomic.Bool), big), int64(len(big)), 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, _ := newTestClient(t, tc.h, WithMaxResponseBytes(tc.limit))
			_, err := c.Count(context.Background(), 1, Story, nil)
			if KindOf(err) != tc.kind || (tc.kind == 0) != (err == nil) {
				t.Fatalf("err = %v, want kind %v", err, tc.kind)
			}
			if err != nil && !strings.Contains(err.Error(), "too large") {
				t.Errorf("Error() = %q", err)
			}
		})
	}
	if got := (&Error{Kind: ErrTooLarge, Info: "more than " + byteSize(DefaultMaxResponseBytes)}).Error(); !strings.Contains(got, "32 MiB") {
		t.Errorf("default cap reads %q", got)
	}
}

func TestAtMostMaxInFlight(t *testing.T) {
	for _, limit := range []int{1, 2, DefaultMaxInFlight} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			var (
				inFlight, most atomic.Int64
				full           = make(chan struct{})
				fullOnce       sync.Once
			)
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n := inFlight.Add(1)
				defer inFlight.Add(-1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				if n >= int64(limit) {
					fullOnce.Do(func() { close(full) })
				}
				select { // hold the first wave until the limit is reached
				case <-full:
				case <-r.Context().Done():
				case <-time.After(5 * time.Second):
					t.Error("the limit was never reached")
				}
				writeOK(w, map[string]int{"count": 1})
			}), inFlightOption(limit)...)
			var wg sync.WaitGroup
			for range 3 * limit {
				wg.Go(func() {
					if _, err := c.Count(context.Background(), 1, Story, nil); err != nil {
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if got := most.Load(); got != int64(limit) {
				t.Errorf("at most %d requests were in flight, want exactly %d", got, limit)
			}
		})
	}
}

func TestContextEndsWaitForSlot(t *testing.T) {
	release := make(chan struct{})
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		writeOK(w, map[string]int{"count": 1})
	}), WithMaxInFlight(1))
	done := make(chan error, 1)
	go func() { _, err := c.Count(context.Background(), 1, Story, nil); done <- err }()
	for len(c.sem) == 0 {
		time.Sleep(time.Millisecond)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := c.Create(ctx, NewItem{Kind: Story, WorkspaceID: 1, Title: "x"})
	if KindOf(err) != ErrCanceled || !errors.Is(err, context.Canceled) || MaybeApplied(err) {
		t.Errorf("err = %v (maybe applied %v), want cancelled and not applied", err, MaybeApplied(err))
	}
	close(release)
	if err := <-done; err != nil {
		t.Error(err)
	}
}

// inFlightOption sets the limit, leaving the default to prove itself.
func inFlightOption(limit int) []ClientOption {
	if limit == DefaultMaxInFlight {
		return nil
	}
	return []ClientOption{WithMaxInFlight(limit)}
}
