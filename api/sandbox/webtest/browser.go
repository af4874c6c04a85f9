// Package webtest is test support for the local service: a scripted browser
// of its authorization pages, which keeps cookies, fills the sign-in and
// consent forms the way a browser submits them and stops at the redirect to
// the application (it reads only the pages of api/sandbox, never a real
// service), and a clock that tests move by hand.
package webtest

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
	"time"
)

// Browser is one browser profile: its cookie jar is the sign-in session.
type Browser struct {
	Client *http.Client
	// SignIns counts the password forms this browser had to fill.
	SignIns int
}

// New returns a browser with an empty profile that does not follow
// redirects by itself, so the redirect to the application can be inspected.
func New() *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{Client: &http.Client{
		Jar:     jar,
		Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}}
}

// Page is a fetched page.
type Page struct {
	URL    *url.URL
	Status int
	Body   string
	// Location is the redirect target of a 3xx answer.
	Location *url.URL
}

// Form is an HTML form of a page.
type Form struct {
	Action string
	Fields url.Values // hidden and pre-filled inputs
	HTML   string
}

var (
	formRe  = regexp.MustCompile(`(?s)<form[^>]*action="([^"]*)"[^>]*>(.*?)</form>`)
	inputRe = regexp.MustCompile(`<input([^>]*)>`)
	attrRe  = regexp.MustCompile(`([a-z_-]+)="([^"]*)"`)
)

// Forms lists the forms of the page with their hidden and pre-filled values
// (checked radio buttons included).
func (p *Page) Forms() []Form {
	var forms []Form
	for _, m := range formRe.FindAllStringSubmatch(p.Body, -1) {
		f := Form{Action: html.UnescapeString(m[1]), Fields: url.Values{}, HTML: m[2]}
		for _, in := range inputRe.FindAllStringSubmatch(m[2], -1) {
			attrs := map[string]string{}
			for _, a := range attrRe.FindAllStringSubmatch(in[1], -1) {
				attrs[a[1]] = html.UnescapeString(a[2])
			}
			name := attrs["name"]
			if name == "" {
				continue
			}
			switch attrs["type"] {
			case "hidden":
				f.Fields.Add(name, attrs["value"])
			case "radio", "checkbox":
				if strings.Contains(in[1], " checked") {
					f.Fields.Set(name, attrs["value"])
				}
			}
		}
		forms = append(forms, f)
	}
	return forms
}

// FormTo returns the form posting to action.
func (p *Page) FormTo(action string) (Form, error) {
	for _, f := range p.Forms() {
		if f.Action == action {
			return f, nil
		}
	}
	return Form{}, fmt.Errorf("no form to %s on %s (status %d): %s", action, p.URL, p.Status, Text(p.Body))
}

// Get fetches a page.
func (b *Browser) Get(ctx context.Context, rawURL string) (*Page, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	return b.do(req)
}

// Submit posts a form of page p with its fields plus extra ones.
func (b *Browser) Submit(ctx context.Context, p *Page, f Form, extra url.Values) (*Page, error) {
	target, err := p.URL.Parse(f.Action)
	if err != nil {
		return nil, err
	}
	values := url.Values{}
	for k, v := range f.Fields {
		values[k] = append([]string(nil), v...)
	}
	for k, v := range extra {
		values[k] = v
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target.String(), strings.NewReader(values.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", target.Scheme+"://"+target.Host)
	return b.do(req)
}

// follow fetches the page a same-site redirect points to.
func (b *Browser) follow(ctx context.Context, p *Page) (*Page, error) {
	for i := 0; p.Location != nil && p.Location.Host == p.URL.Host; i++ {
		if i == 10 {
			return nil, errors.New("too many redirects")
		}
		var err error
		if p, err = b.Get(ctx, p.Location.String()); err != nil {
			return nil, err
		}
	}
	return p, nil
}

func (b *Browser) do(req *http.Request) (*Page, error) {
	resp, err := b.Client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	p := &Page{URL: req.URL, Status: resp.StatusCode, Body: string(body)}
	if loc := resp.Header.Get("Location"); loc != "" {
		if p.Location, err = req.URL.Parse(loc); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Decision is what the user does on the consent page.
type Decision struct {
	Nick, Password string
	// WorkspaceID is the workspace to grant; 0 keeps the one checked first.
	WorkspaceID int64
	// Deny presses Deny instead of Continue.
	Deny bool
}

// Authorize opens an authorization URL, signs in when the page asks, decides
// on the consent page and returns the address the service redirects the
// browser to (the application's redirect_uri with code, state and resource,
// or error=access_denied). An invalid request gives an error with the page.
func (b *Browser) Authorize(ctx context.Context, authURL string, d Decision) (*url.URL, error) {
	p, err := b.Get(ctx, authURL)
	if err != nil {
		return nil, err
	}
	if p, err = b.follow(ctx, p); err != nil {
		return nil, err
	}
	if f, ferr := p.FormTo("/oauth/signin"); ferr == nil {
		b.SignIns++
		if p, err = b.Submit(ctx, p, f, url.Values{"nick": {d.Nick}, "password": {d.Password}}); err != nil {
			return nil, err
		}
		if p, err = b.follow(ctx, p); err != nil {
			return nil, err
		}
	}
	f, err := p.FormTo("/oauth/authorize")
	if err != nil {
		return nil, err
	}
	extra := url.Values{"action": {"continue"}}
	if d.Deny {
		extra.Set("action", "deny")
	}
	if d.WorkspaceID != 0 {
		extra.Set("workspace_id", fmt.Sprint(d.WorkspaceID))
	}
	if p, err = b.Submit(ctx, p, f, extra); err != nil {
		return nil, err
	}
	if p.Location == nil {
		return nil, fmt.Errorf("the consent form did not redirect (status %d): %s", p.Status, Text(p.Body))
	}
	return p.Location, nil
}

// Text is the start of a page's visible text, for failure messages.
func Text(body string) string {
	text := regexp.MustCompile(`(?s)<[^>]*>`).ReplaceAllString(body, " ")
	text = strings.Join(strings.Fields(html.UnescapeString(text)), " ")
	if len(text) > 300 {
		text = text[:300] + "…"
	}
	return text
}
