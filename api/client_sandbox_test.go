package api_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
)

// Workspaces of the sandbox seed: the first company's legacy-priority,
// custom-priority and legacy-only workspaces, and the second company's.
const (
	wsAtlas   int64 = 10022001
	wsXinghe  int64 = 10022002
	wsLegacy  int64 = 10022003
	wsHarbor  int64 = 10033001
	wsMissing int64 = 99999999
)

// runSandbox runs a sandbox for one test.
func runSandbox(tb testing.TB, opts sandbox.Options) (*sandbox.Running, sandbox.DemoInfo) {
	tb.Helper()
	run, err := sandbox.Start(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = run.Close() })
	return run, run.Server.Demo()
}

// demoUser is the seed's demo user (in the first company's three workspaces).
func demoUser(t *testing.T, d sandbox.DemoInfo) sandbox.DemoUser {
	t.Helper()
	for _, u := range d.Users {
		if u.Nick == "demo" {
			return u
		}
	}
	t.Fatal("no demo user in the seed")
	return sandbox.DemoUser{}
}

// oauthToken signs the demo user in on the sandbox's pages, grants workspace
// ws with every scope and exchanges the code, as the auth package does.
func oauthToken(t *testing.T, run *sandbox.Running, d sandbox.DemoInfo, ws int64) string {
	t.Helper()
	ctx := context.Background()
	u := demoUser(t, d)
	redirect := d.RedirectURIs[0]
	q := url.Values{"response_type": {"code"}, "client_id": {d.ClientID}, "redirect_uri": {redirect},
		"scope": {api.DefaultScopes}, "state": {"st8"}, "auth_by": {"user"}}
	loc, err := webtest.New().Authorize(ctx, run.URL+"/oauth/?"+q.Encode(), webtest.Decision{Nick: u.Nick, Password: u.Password, WorkspaceID: ws})
	if err != nil {
		t.Fatal(err)
	}
	code := loc.Query().Get("code")
	if code == "" || loc.Query().Get("state") != "st8" {
		t.Fatalf("redirected to %s", loc.Redacted())
	}
	form := url.Values{"grant_type": {"authorization_code"}, "redirect_uri": {redirect}, "code": {code}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, run.URL+"/tokens/request_token", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.SetBasicAuth(d.ClientID, d.ClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	env, err := api.DecodeEnvelope(body)
	var tok api.TokenRecord
	if err != nil || !env.OK() || env.DecodeData(&tok) != nil || tok.AccessToken == "" {
		t.Fatalf("token exchange answered %d: %v", resp.StatusCode, err)
	}
	if int64(tok.Resource.WorkspaceID) != ws {
		t.Fatalf("granted workspace %d, want %d", tok.Resource.WorkspaceID, ws)
	}
	return tok.AccessToken
}

// fastClient is a client of the sandbox with tiny backoffs.
func fastClient(run *sandbox.Running, auth api.Authorizer, opts ...api.ClientOption) *api.Client {
	return api.NewClient(run.URL, auth, append([]api.ClientOption{api.WithBackoff(time.Millisecond, 5*time.Millisecond)}, opts...)...)
}

func TestSandboxEveryOperation(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{})
	u := demoUser(t, d)
	auths := map[string]api.Authorizer{
		"basic":          api.BasicAuth{User: d.APIUser, Password: d.APIPassword},
		"personal token": api.BearerToken(u.PersonalToken),
		"oauth token":    api.BearerToken(oauthToken(t, run, d, wsAtlas)),
	}
	for name, auth := range auths {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			c := fastClient(run, auth)
			if name == "basic" {
				rec, err := c.TestAuth(ctx)
				if err != nil || rec.APIUser != d.APIUser {
					t.Errorf("TestAuth = %v, %v", rec, err)
				}
			} else {
				me, err := c.UserInfo(ctx)
				if err != nil || me.Nick != "demo" {
					t.Errorf("UserInfo = %+v, %v", me, err)
				}
			}
			ws, err := c.Workspaces(ctx, "demo")
			if err != nil || len(ws) == 0 || slices.ContainsFunc(ws, api.Workspace.IsCompany) {
				t.Errorf("Workspaces = %+v, %v", ws, err)
			}
			info, err := c.WorkspaceInfo(ctx, wsAtlas)
			if err != nil || info.ID != "10022001" {
				t.Errorf("WorkspaceInfo = %+v, %v", info, err)
			}
			for _, kind := range api.Kinds {
				opts, err := c.PriorityOptions(ctx, wsAtlas, kind)
				if err != nil || len(opts) < 4 {
					t.Errorf("PriorityOptions(%s) = %v, %v", kind, opts, err)
				}
				n, err := c.Count(ctx, wsAtlas, kind, nil)
				if err != nil || n == 0 {
					t.Fatalf("Count(%s) = %d, %v", kind, n, err)
				}
				var pages int
				err = c.ListPages(ctx, api.ListRequest{WorkspaceID: wsAtlas, Kind: kind, Fields: api.ListFields(kind), Order: "id asc"},
					func(p api.Page) { pages++ })
				if err != nil || pages == 0 {
					t.Errorf("ListPages(%s): %d pages, %v", kind, pages, err)
				}
				items, err := c.List(ctx, api.ListRequest{WorkspaceID: wsAtlas, Kind: kind})
				if err != nil || len(items) != n {
					t.Fatalf("List(%s) = %d items, %v; count %d", kind, len(items), err, n)
				}
				if len(items[0].ID) != 19 || items[0].DisplayPriority() == "" || items[0].Title == "" {
					t.Errorf("first %s: %+v", kind, items[0])
				}
				created, err := c.Create(ctx, api.NewItem{Kind: kind, WorkspaceID: wsAtlas, Title: "made by " + name,
					PriorityLabel: opts[0].Value, Creator: "demo", Fields: map[string]string{"severity": "normal"}}) // Atlas Web's bugs need a severity
				if err != nil || created.PriorityLabel != opts[0].Value || len(created.ID) != 19 {
					t.Fatalf("Create(%s) = %+v, %v", kind, created, err)
				}
				last := opts[len(opts)-1].Value
				updated, err := c.UpdatePriority(ctx, wsAtlas, kind, created.ID, last, "demo")
				if err != nil || updated.PriorityLabel != last || updated.ID != created.ID {
					t.Fatalf("UpdatePriority(%s) = %+v, %v", kind, updated, err)
				}
				renamed, err := c.Update(ctx, wsAtlas, kind, created.ID, map[string]string{"title": "renamed by " + name}, "demo")
				if err != nil || renamed.Title != "renamed by "+name {
					t.Errorf("Update(%s) = %+v, %v", kind, renamed, err)
				}
				found, err := c.List(ctx, api.ListRequest{WorkspaceID: wsAtlas, Kind: kind,
					Filter: url.Values{"priority_label": {last}, "id": {created.ID}}})
				if err != nil || len(found) != 1 || found[0].PriorityLabel != last {
					t.Errorf("read back %s: %+v, %v", kind, found, err)
				}
			}
		})
	}
}

func TestSandboxCustomPriorities(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{})
	c := fastClient(run, api.BasicAuth{User: d.APIUser, Password: d.APIPassword})
	ctx := context.Background()
	opts, err := c.PriorityOptions(ctx, wsXinghe, api.Story)
	if err != nil {
		t.Fatal(err)
	}
	var values []string
	for _, o := range opts {
		values = append(values, o.Value)
		if o.Color == "" || o.Label == "" {
			t.Errorf("option %+v lacks a label or colour", o)
		}
	}
	if want := []string{"紧急", "高", "中", "低", "锦上添花"}; !slices.Equal(values, want) {
		t.Errorf("options %v, want %v in the service's order", values, want)
	}
	items, err := c.List(ctx, api.ListRequest{WorkspaceID: wsXinghe, Kind: api.Story, Fields: api.ListFields(api.Story)})
	if err != nil || len(items) == 0 {
		t.Fatalf("List = %d, %v", len(items), err)
	}
	it, err := c.UpdatePriority(ctx, wsXinghe, api.Story, items[0].ID, "锦上添花", "demo")
	if err != nil || it.DisplayPriority() != "锦上添花" {
		t.Errorf("UpdatePriority = %+v, %v", it, err)
	}
	for _, ws := range []int64{wsLegacy, wsAtlas} {
		if _, err := c.PriorityOptions(ctx, ws, api.Bug); err != nil {
			t.Errorf("PriorityOptions(%d, bug): %v", ws, err)
		}
	}
}

func TestSandboxErrors(t *testing.T) {
	clk := webtest.NewClock()
	run, d := runSandbox(t, sandbox.Options{Clock: clk.Now})
	u := demoUser(t, d)
	basic := api.BasicAuth{User: d.APIUser, Password: d.APIPassword}
	token := oauthToken(t, run, d, wsAtlas)
	ctx := context.Background()
	tests := []struct {
		name string
		auth api.Authorizer
		call func(c *api.Client) error
		kind api.ErrorKind
		says string
	}{
		{"wrong password", api.BasicAuth{User: d.APIUser, Password: "wrong-" + d.APIPassword}, func(c *api.Client) error {
			_, err := c.TestAuth(ctx)
			return err
		}, api.ErrCredentials, "(401"},
		{"unknown token", api.BearerToken("0000000000000000000000000000000000000000"), func(c *api.Client) error {
			_, err := c.Count(ctx, wsAtlas, api.Story, nil)
			return err
		}, api.ErrCredentials, "access token"},
		{"foreign workspace by basic", basic, func(c *api.Client) error {
			_, err := c.List(ctx, api.ListRequest{WorkspaceID: wsHarbor, Kind: api.Bug})
			return err
		}, api.ErrForbidden, "10033001"},
		{"ungranted workspace by oauth", api.BearerToken(token), func(c *api.Client) error {
			_, err := c.FieldInfo(ctx, wsXinghe, api.Task)
			return err
		}, api.ErrForbidden, "403"},
		{"workspace of others by personal token", api.BearerToken(u.PersonalToken), func(c *api.Client) error {
			_, err := c.WorkspaceInfo(ctx, wsHarbor)
			return err
		}, api.ErrForbidden, "403"},
		{"missing workspace", basic, func(c *api.Client) error {
			_, err := c.Count(ctx, wsMissing, api.Task, nil)
			return err
		}, api.ErrNotFound, "not existed"},
		{"priority not allowed", basic, func(c *api.Client) error {
			_, err := c.Create(ctx, api.NewItem{Kind: api.Bug, WorkspaceID: wsXinghe, Title: "x", PriorityLabel: "超高"})
			return err
		}, api.ErrValidation, "超高"},
		{"greeting at another path", basic, func(c *api.Client) error {
			_, err := api.NewClient(run.URL+"/nowhere", basic).Count(ctx, wsAtlas, api.Story, nil)
			return err
		}, api.ErrShape, "data is a string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.call(fastClient(run, tc.auth))
			if api.KindOf(err) != tc.kind || !strings.Contains(err.Error(), tc.says) {
				t.Errorf("err = %v, want %v saying %q", err, tc.kind, tc.says)
			}
			if api.MaybeApplied(err) {
				t.Errorf("a refused call counts as maybe applied: %v", err)
			}
			noSecrets(t, err, d)
		})
	}
	t.Run("expired token", func(t *testing.T) {
		c := fastClient(run, api.BearerToken(token))
		if _, err := c.Count(ctx, wsAtlas, api.Story, nil); err != nil {
			t.Fatal(err)
		}
		clk.Advance(sandbox.DefaultTokenTTL + time.Second)
		_, err := c.Count(ctx, wsAtlas, api.Story, nil)
		if api.KindOf(err) != api.ErrTokenExpired || !strings.Contains(err.Error(), "triage login") {
			t.Errorf("err = %v, want an expired token", err)
		}
		noSecrets(t, err, d)
	})
}

func TestSandboxRateLimit(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{Rate: 3})
	c := fastClient(run, api.BasicAuth{User: d.APIUser, Password: d.APIPassword}, api.WithMaxRetries(0))
	ctx := context.Background()
	for range 3 {
		if _, err := c.Count(ctx, wsAtlas, api.Story, nil); err != nil {
			t.Fatal(err)
		}
	}
	_, err := c.Count(ctx, wsAtlas, api.Story, nil)
	var e *api.Error
	if api.KindOf(err) != api.ErrRateLimited || !errors.As(err, &e) || e.RetryAfter <= 0 || !strings.Contains(err.Error(), "wait") {
		t.Fatalf("err = %v, want 429 with a wait", err)
	}
	noSecrets(t, err, d)
}

// noSecrets fails when an error's text holds any secret of the seed.
func noSecrets(t *testing.T, err error, d sandbox.DemoInfo) {
	t.Helper()
	if err == nil {
		return
	}
	secrets := []string{d.APIPassword, d.ClientSecret}
	for _, u := range d.Users {
		secrets = append(secrets, u.Password, u.PersonalToken)
	}
	for _, s := range secrets {
		if s != "" && strings.Contains(err.Error(), s) {
			t.Errorf("error text holds a secret: %s", err)
		}
	}
}

// countingTransport counts the bytes of the answers that pass through it,
// as they come off the wire (compressed when the service compressed them).
// With identity set it asks for uncompressed answers, to count the JSON.
type countingTransport struct {
	next     http.RoundTripper
	identity bool
	bytes    atomic.Int64
}

func (t *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.identity {
		r = r.Clone(r.Context())
		r.Header.Del("Accept-Encoding")
	}
	resp, err := t.next.RoundTrip(r)
	if err == nil {
		resp.Body = &countingBody{ReadCloser: resp.Body, n: &t.bytes}
	}
	return resp, err
}

type countingBody struct {
	io.ReadCloser
	n *atomic.Int64
}

func (b *countingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.n.Add(int64(n))
	return n, err
}

// BenchmarkList lists 10,000+ stories of one workspace from a sandbox that
// takes 50 ms a request: pages fetched concurrently or one at a time, with
// fields= (what the app shows) or every field. It reports the answer bytes
// per list as they cross the wire (gzip) and as JSON. Run it with
//
//	go test -run '^$' -bench BenchmarkList -benchmem -benchtime 3x ./api/
func BenchmarkList(b *testing.B) {
	run, d := runSandbox(b, sandbox.Options{Latency: 50 * time.Millisecond, ExtraItems: 9800})
	ctx := context.Background()
	probe := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword})
	total, err := probe.Count(ctx, wsAtlas, api.Story, nil)
	if err != nil || total < 10000 {
		b.Fatalf("the workspace has %d stories (%v), want at least 10,000", total, err)
	}
	for _, paging := range []struct {
		name     string
		inFlight int
	}{{"concurrent", api.DefaultMaxInFlight}, {"sequential", 1}} {
		for _, fields := range []struct {
			name   string
			fields []string
		}{{"fields", api.ListFields(api.Story)}, {"all", nil}} {
			b.Run(paging.name+"/"+fields.name, func(b *testing.B) {
				counter := &countingTransport{next: http.DefaultTransport}
				c := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword},
					api.WithHTTPClient(&http.Client{Transport: counter}), api.WithMaxInFlight(paging.inFlight))
				req := api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: fields.fields}
				b.ResetTimer()
				for range b.N {
					items, err := c.List(ctx, req)
					if err != nil || len(items) != total {
						b.Fatalf("List = %d items, %v; want %d", len(items), err, total)
					}
				}
				b.StopTimer()
				b.ReportMetric(float64(counter.bytes.Load())/float64(b.N), "gzip-bytes/op")
				plain := &countingTransport{next: http.DefaultTransport, identity: true}
				if _, err := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword},
					api.WithHTTPClient(&http.Client{Transport: plain})).List(ctx, req); err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(plain.bytes.Load()), "json-bytes/op")
			})
		}
	}
}
