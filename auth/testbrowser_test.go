package auth_test

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// testBrowser is a browser profile for the sandbox's authorization pages: a
// cookie jar (the sign-in session), forms filled the way a browser submits
// them, redirects followed within the service and stopped at the redirect
// to the application, which the test then delivers to the listener.
type testBrowser struct {
	client  *http.Client
	signIns int // password forms filled
}

func newTestBrowser(t *testing.T) *testBrowser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &testBrowser{client: &http.Client{
		Jar:     jar,
		Timeout: 30 * time.Second,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if req.URL.Host != via[0].URL.Host || len(via) > 10 {
				return http.ErrUseLastResponse
			}
			return nil
		},
	}}
}

// browserPage is a fetched page, or a redirect that left the service.
type browserPage struct {
	url      *url.URL
	status   int
	body     string
	location *url.URL
}

var (
	formRe  = regexp.MustCompile(`(?s)<form[^>]*action="([^"]*)"[^>]*>(.*?)</form>`)
	inputRe = regexp.MustCompile(`<input([^>]*)>`)
	attrRe  = regexp.MustCompile(`([a-z_-]+)="([^"]*)"`)
)

// form returns the fields a browser would submit with the form posting to
// action: hidden inputs (the CSRF token among them) and checked radios.
func (p browserPage) form(action string) (url.Values, bool) {
	for _, m := range formRe.FindAllStringSubmatch(p.body, -1) {
		if html.UnescapeString(m[1]) != action {
			continue
		}
		fields := url.Values{}
		for _, in := range inputRe.FindAllStringSubmatch(m[2], -1) {
			attrs := map[string]string{}
			for _, a := range attrRe.FindAllStringSubmatch(in[1], -1) {
				attrs[a[1]] = html.UnescapeString(a[2])
			}
			switch {
			case attrs["name"] == "":
			case attrs["type"] == "hidden":
				fields.Add(attrs["name"], attrs["value"])
			case attrs["type"] == "radio" && strings.Contains(in[1], " checked"):
				fields.Set(attrs["name"], attrs["value"])
			}
		}
		return fields, true
	}
	return nil, false
}

func (b *testBrowser) do(req *http.Request) (browserPage, error) {
	resp, err := b.client.Do(req)
	if err != nil {
		return browserPage{}, err
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return browserPage{}, err
	}
	p := browserPage{url: resp.Request.URL, status: resp.StatusCode, body: string(body)}
	if loc := resp.Header.Get("Location"); loc != "" {
		if p.location, err = resp.Request.URL.Parse(loc); err != nil {
			return browserPage{}, err
		}
	}
	return p, nil
}

func (b *testBrowser) get(ctx context.Context, target string) (browserPage, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, target, nil)
	if err != nil {
		return browserPage{}, err
	}
	return b.do(req)
}

func (b *testBrowser) submit(ctx context.Context, p browserPage, action string, fields url.Values) (browserPage, error) {
	target, err := p.url.Parse(action)
	if err != nil {
		return browserPage{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target.String(), strings.NewReader(fields.Encode()))
	if err != nil {
		return browserPage{}, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", target.Scheme+"://"+target.Host)
	return b.do(req)
}

// decision is what the user does on the authorization page.
type decision struct {
	nick, password string
	workspaceID    int64 // 0: the one checked first
	deny           bool
}

// authorize opens the authorization URL, signs in if asked, decides on the
// consent form and returns where the service sends the browser next.
func (b *testBrowser) authorize(ctx context.Context, authURL string, d decision) (*url.URL, error) {
	p, err := b.get(ctx, authURL)
	if err != nil {
		return nil, err
	}
	if fields, ok := p.form("/oauth/signin"); ok {
		b.signIns++
		fields.Set("nick", d.nick)
		fields.Set("password", d.password)
		if p, err = b.submit(ctx, p, "/oauth/signin", fields); err != nil {
			return nil, err
		}
	}
	fields, ok := p.form("/oauth/authorize")
	if !ok {
		return nil, fmt.Errorf("no consent form (status %d): %s", p.status, pageText(p.body))
	}
	fields.Set("action", "continue")
	if d.deny {
		fields.Set("action", "deny")
	}
	if d.workspaceID != 0 {
		fields.Set("workspace_id", fmt.Sprint(d.workspaceID))
	}
	if p, err = b.submit(ctx, p, "/oauth/authorize", fields); err != nil {
		return nil, err
	}
	if p.location == nil {
		return nil, errors.New("the consent form did not redirect: " + pageText(p.body))
	}
	return p.location, nil
}

// deliver follows the redirect to the application's listener as the browser
// would, and returns the page the listener shows.
func (b *testBrowser) deliver(ctx context.Context, to *url.URL) (browserPage, error) {
	return b.get(ctx, to.String())
}

// pageText is the visible text of a page, for failure messages.
func pageText(body string) string {
	text := regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(body, " ")
	text = strings.Join(strings.Fields(html.UnescapeString(text)), " ")
	if len(text) > 300 {
		text = text[:300] + "…"
	}
	return text
}
