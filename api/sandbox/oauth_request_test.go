package sandbox

import (
	"net/url"
	"strings"
	"testing"
)

func TestMatchRedirect(t *testing.T) {
	registered := []string{"http://127.0.0.1/callback", "http://localhost/cb", "https://app.example/oauth/done", "http://[::1]/cb"}
	tests := []struct {
		uri    string
		ok     bool
		origin string
	}{
		{uri: "http://127.0.0.1/callback", ok: true, origin: "http://127.0.0.1"},
		{uri: "http://127.0.0.1:54321/callback", ok: true, origin: "http://127.0.0.1:54321"},
		{uri: "http://localhost:8080/cb", ok: true, origin: "http://localhost:8080"},
		{uri: "http://[::1]:9000/cb", ok: true, origin: "http://[::1]:9000"},
		{uri: "https://app.example/oauth/done", ok: true, origin: "https://app.example"},
		{uri: "https://app.example:8443/oauth/done"},
		{uri: "https://app.example/oauth/done?x=1"},
		{uri: "http://127.0.0.1:54321/callback/"},
		{uri: "http://127.0.0.1:54321/Callback"},
		{uri: "http://127.0.0.1:54321/callback?x=1"},
		{uri: "http://127.0.0.1:54321/callback?"},
		{uri: "http://127.0.0.1:54321/callback#frag"},
		{uri: "http://127.0.0.1:0/callback"},
		{uri: "http://127.0.0.1:99999/callback"},
		{uri: "http://127.0.0.1:/callback"},
		{uri: "https://127.0.0.1:54321/callback"},
		{uri: "http://localhost:8080/callback"},
		{uri: "http://127.0.0.2:8080/callback"},
		{uri: "http://user@127.0.0.1:8080/callback"},
		{uri: "http://127.0.0.1:80@evil.example/callback"},
		{uri: "http://evil.example/callback"},
		{uri: "//127.0.0.1:8080/callback"},
		{uri: "javascript:alert(1)"},
		{uri: ""},
		{uri: "http://127.0.0.1:8080/%63allback"},
	}
	for _, tt := range tests {
		origin, ok := matchRedirect(tt.uri, registered)
		if ok != tt.ok || origin != tt.origin {
			t.Errorf("%q: got %q %v, want %q %v", tt.uri, origin, ok, tt.origin, tt.ok)
		}
	}
}

func TestParseAuthRequest(t *testing.T) {
	clients := []OAuthClient{{ID: "app", Name: "App", RedirectURIs: []string{"http://127.0.0.1/cb"}}}
	good := url.Values{
		"response_type": {"code"}, "client_id": {"app"}, "redirect_uri": {"http://127.0.0.1:5000/cb"},
		"scope": {"story#read  bug#write story#read"}, "state": {"xyz"}, "auth_by": {"user"},
	}
	req, err := parseAuthRequest(good, clients)
	if err != nil {
		t.Fatal(err)
	}
	if req.Scope != "story#read bug#write" || req.ClientName != "App" || req.Origin != "http://127.0.0.1:5000" || req.State != "xyz" {
		t.Errorf("request %+v", req)
	}
	tests := []struct {
		name, param, value, want string
	}{
		{"no response_type", "response_type", "", "has no response_type"},
		{"token flow", "response_type", "token", "must be code"},
		{"no client", "client_id", "", "has no client_id"},
		{"unknown client", "client_id", "other", "not registered"},
		{"no redirect", "redirect_uri", "", "has no redirect_uri"},
		{"other redirect", "redirect_uri", "http://127.0.0.1:5000/other", "redirect_uri is not registered"},
		{"no scope", "scope", "", "has no scope"},
		{"blank scope", "scope", "   ", "has no scope"},
		{"bare object", "scope", "story", "not of the form object#permission"},
		{"two hashes", "scope", "story#read#write", "not of the form"},
		{"digit first", "scope", "1story#read", "not of the form"},
		{"tab separated", "scope", "story#read\tbug#read", "not of the form"},
		{"no state", "state", "", "has no state"},
		{"long state", "state", strings.Repeat("s", maxAuthParam+1), "too long"},
		{"bad utf8 state", "state", "\xff", "not valid UTF-8"},
		{"auth_by app", "auth_by", "app", "must be user"},
		{"too many scopes", "scope", manyScopes(maxScopes + 1), "more than"},
	}
	for _, tt := range tests {
		q := withForm(good)
		q.Set(tt.param, tt.value)
		_, err := parseAuthRequest(q, clients)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	dup := withForm(good)
	dup.Add("state", "again")
	if _, err := parseAuthRequest(dup, clients); err == nil || !strings.Contains(err.Error(), "more than once") {
		t.Errorf("duplicate state: %v", err)
	}
}

func manyScopes(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("s")
		b.WriteString(strings.Repeat("x", i%5+1))
		b.WriteString(string(rune('a' + i%26)))
		b.WriteString(string(rune('a' + i/26)))
		b.WriteString("#read ")
	}
	return b.String()
}

func TestRedirectTo(t *testing.T) {
	got := redirectTo("http://127.0.0.1:5000/cb?keep=1", url.Values{"code": {"c"}, "state": {"a&b=c"}})
	u, err := url.Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Host != "127.0.0.1:5000" || u.Path != "/cb" || q.Get("keep") != "1" || q.Get("code") != "c" || q.Get("state") != "a&b=c" {
		t.Errorf("redirect %s", got)
	}
}

// FuzzAuthRequest feeds arbitrary query strings to the authorization check:
// it never panics, and whatever it accepts redirects to the registered place.
func FuzzAuthRequest(f *testing.F) {
	f.Add("response_type=code&client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcb&scope=story%23read&state=s&auth_by=user")
	f.Add("response_type=code&client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%40evil%2Fcb&scope=a%23b&state=s&auth_by=user")
	f.Add("client_id=app&client_id=x")
	f.Add("%zz")
	clients := []OAuthClient{{ID: "app", Name: "App", RedirectURIs: []string{"http://127.0.0.1/cb", "https://app.example/done"}}}
	f.Fuzz(func(t *testing.T, raw string) {
		q, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		req, err := parseAuthRequest(q, clients)
		if err != nil {
			return
		}
		u, err := url.Parse(redirectTo(req.RedirectURI, url.Values{"code": {"c"}, "state": {req.State}}))
		if err != nil {
			t.Fatalf("redirect of %q does not parse: %v", req.RedirectURI, err)
		}
		if host := u.Hostname(); host != "127.0.0.1" && host != "app.example" {
			t.Fatalf("redirect to %q", u.Host)
		}
		if u.Query().Get("state") != req.State || u.User != nil || u.Fragment != "" {
			t.Fatalf("redirect %s", u)
		}
		for name := range strings.SplitSeq(req.Scope, " ") {
			if !validScopeName(name) {
				t.Fatalf("accepted scope %q", name)
			}
		}
	})
}
