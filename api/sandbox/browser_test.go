package sandbox

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// A browser and an application's loopback listener for the OAuth page tests.

// callbackApp is the application's loopback listener: it records the query
// of every redirect it receives.
type callbackApp struct {
	srv *httptest.Server
	mu  sync.Mutex
	got []url.Values
}

func newCallbackApp(t *testing.T) *callbackApp {
	app := &callbackApp{}
	app.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		app.mu.Lock()
		app.got = append(app.got, r.URL.Query())
		app.mu.Unlock()
		_, _ = io.WriteString(w, "you may close this window")
	}))
	t.Cleanup(app.srv.Close)
	return app
}

func (a *callbackApp) redirectURI() string { return a.srv.URL + "/callback" }

func (a *callbackApp) last(t *testing.T) url.Values {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	if len(a.got) == 0 {
		t.Fatal("the application got no redirect")
	}
	return a.got[len(a.got)-1]
}

func (a *callbackApp) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.got)
}

// browser is a cookie-keeping HTTP client that follows redirects.
type browser struct {
	t      *testing.T
	client *http.Client
}

func newBrowser(t *testing.T) *browser {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{t: t, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
}

// page is a fetched HTML page (or the application's answer after redirects).
type page struct {
	code   int
	header http.Header
	body   string
	url    *url.URL
}

func (b *browser) get(target string) page {
	b.t.Helper()
	resp, err := b.client.Get(target)
	if err != nil {
		b.t.Fatalf("GET %s: %v", target, err)
	}
	return readPage(b.t, resp)
}

func (b *browser) post(target string, form url.Values) page {
	b.t.Helper()
	resp, err := b.client.PostForm(target, form)
	if err != nil {
		b.t.Fatalf("POST %s: %v", target, err)
	}
	return readPage(b.t, resp)
}

func readPage(t *testing.T, resp *http.Response) page {
	t.Helper()
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return page{code: resp.StatusCode, header: resp.Header, body: string(body), url: resp.Request.URL}
}

var csrfField = regexp.MustCompile(`name="csrf_token" value="([0-9a-f]+)"`)

func (p page) csrf(t *testing.T) string {
	t.Helper()
	m := csrfField.FindStringSubmatch(p.body)
	if m == nil {
		t.Fatalf("no CSRF token on the page:\n%s", p.body)
	}
	return m[1]
}

// authQuery is a valid authorization request of the demo client.
func authQuery(h *harness, redirect string) url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {h.demo.ClientID}, "redirect_uri": {redirect},
		"scope": {"story#read story#write bug#read"}, "state": {"st-42"}, "auth_by": {"user"},
	}
}

func withForm(q url.Values, extra ...string) url.Values {
	out := url.Values{}
	for k, v := range q {
		out[k] = append([]string(nil), v...)
	}
	for i := 0; i+1 < len(extra); i += 2 {
		out.Set(extra[i], extra[i+1])
	}
	return out
}

func wantPageHeaders(t *testing.T, p page) {
	t.Helper()
	if p.header.Get("Cache-Control") != "no-store" || p.header.Get("X-Frame-Options") != "DENY" {
		t.Errorf("page headers: %v", p.header)
	}
	if csp := p.header.Get("Content-Security-Policy"); !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
}

// signIn opens the authorization page and signs in; it returns the consent page.
func signIn(t *testing.T, h *harness, b *browser, q url.Values, nick, password string) page {
	t.Helper()
	p := b.get(h.run.URL + "/oauth/?" + q.Encode())
	if p.code != 200 || !strings.Contains(p.body, `type="password"`) {
		t.Fatalf("sign-in page: %d\n%s", p.code, p.body)
	}
	wantPageHeaders(t, p)
	consent := b.post(h.run.URL+"/oauth/signin", withForm(q, "csrf_token", p.csrf(t), "nick", nick, "password", password))
	if consent.code != 200 || !strings.Contains(consent.body, `value="continue"`) {
		t.Fatalf("consent page: %d\n%s", consent.code, consent.body)
	}
	return consent
}

// newBrowserFrom is a browser sharing b's cookies that follows redirects.
func newBrowserFrom(b *browser) *browser {
	return &browser{t: b.t, client: &http.Client{Jar: b.client.Jar, Timeout: b.client.Timeout}}
}
