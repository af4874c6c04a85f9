package e2e

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/chromedp"

	"triage/store"
)

// The real-browser tests run `triage login --web` in tmux against `triage
// serve`, with TRIAGE_BROWSER handing the address to a headless Chromium that
// the test drives as a person would.

// webLogin is a `triage serve` and an app environment of its own that logs
// in through the browser.
type webLogin struct {
	t      *testing.T
	s      *served
	home   string
	env    []string
	urls   *urlCatcher
	opened int
	leaks  *leaks
}

func newWebLogin(t *testing.T, serveArgs ...string) *webLogin {
	t.Helper()
	requireChromium(t)
	requireTmux(t)
	s := startServe(t, serveArgs...)
	w := &webLogin{t: t, s: s, home: t.TempDir(), urls: newURLCatcher(t), leaks: newLeaks(t)}
	w.env = homeEnv(w.home,
		"TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_AUTH_URL="+s.env["TRIAGE_AUTH_URL"],
		"TRIAGE_WEB_URL="+s.env["TRIAGE_WEB_URL"], "TRIAGE_CLIENT_ID="+s.env["TRIAGE_CLIENT_ID"],
		"TRIAGE_CLIENT_SECRET="+s.env["TRIAGE_CLIENT_SECRET"], "TRIAGE_BROWSER="+w.urls.program)
	w.leaks.add("the client secret", s.env["TRIAGE_CLIENT_SECRET"])
	w.leaks.add("the API password", s.env["TRIAGE_API_PASSWORD"])
	w.leaks.add("the personal token", s.env["TRIAGE_TOKEN"])
	w.leaks.add("the demo password", demoPassword)
	return w
}

// The demo person the tests sign in as (printed by serve on its users line).
const (
	demoNick     = "demo"
	demoPassword = "triage-demo"
)

// login starts `triage login --web` in a terminal and returns it with the
// authorization address it asked the browser to open.
func (w *webLogin) login() (*terminal, string) {
	w.t.Helper()
	term := startTerminal(w.t, 120, 40, w.env, triageBinary(w.t), "login", "--web", "--insecure-storage")
	w.opened++
	authURL := w.urls.nth(w.opened, 30*time.Second, term.Screen)
	if !strings.HasPrefix(authURL, w.s.env["TRIAGE_AUTH_URL"]+"/oauth/?") {
		w.t.Fatalf("the app opened %q, not the service's authorization page", authURL)
	}
	return term, authURL
}

// ended waits for a login to end, checks its exit line and the message on
// its screen, and returns the screen.
func (w *webLogin) ended(term *terminal, exit, message string) string {
	w.t.Helper()
	if got := term.Exited(30 * time.Second); got != exit {
		w.t.Errorf("triage login ended with %s, want %s; the screen shows:\n%s", got, exit, term.Screen())
	}
	screen := term.WaitFor(5*time.Second, message)
	w.leaks.inText("the login's screen", screen)
	return screen
}

// run runs triage without a terminal and returns its output and exit code.
func (w *webLogin) run(args ...string) (stdout, stderr string, code int) {
	w.t.Helper()
	stdout, stderr, code = runBinary(w.t, w.env, "", args...)
	w.leaks.inText("stdout of triage "+args[0], stdout)
	w.leaks.inText("stderr of triage "+args[0], stderr)
	return stdout, stderr, code
}

// status runs `triage status` and returns its lines by label.
func (w *webLogin) status() (map[string]string, int) {
	w.t.Helper()
	out, errOut, code := w.run("status", "--insecure-storage")
	fields := map[string]string{"stderr": errOut}
	for line := range strings.Lines(out) {
		if k, v, ok := strings.Cut(line, ":"); ok {
			fields[k] = strings.TrimSpace(v)
		}
	}
	return fields, code
}

// listenerOf is the loopback host:port an authorization address sends the browser back to.
func listenerOf(t *testing.T, authURL string) string {
	t.Helper()
	u, err := url.Parse(authURL)
	if err != nil {
		t.Fatal(err)
	}
	r, err := url.Parse(u.Query().Get("redirect_uri"))
	if err != nil || r.Scheme != "http" || !strings.HasPrefix(r.Host, "127.0.0.1:") {
		t.Fatalf("the authorization address redirects to %q", u.Query().Get("redirect_uri"))
	}
	return r.Host
}

// signIn fills the service's sign-in form.
func (c *chrome) signIn() {
	c.t.Helper()
	c.do("sign in",
		chromedp.SendKeys(chromedp.CSS("#nick"), demoNick),
		chromedp.SendKeys(chromedp.CSS("#password"), demoPassword),
		chromedp.Click(chromedp.CSS(`form[action="/oauth/signin"] button[type="submit"]`)),
	)
}

// decide chooses a workspace on the consent page and presses a button.
func (c *chrome) decide(workspace, button string) {
	c.t.Helper()
	c.do("choose workspace "+workspace, chromedp.Click(chromedp.CSS(`input[name="workspace_id"][value="`+workspace+`"]`)))
	c.do("press "+button, chromedp.Click(chromedp.CSS(`button[value="`+button+`"]`)))
}

// hasSignInForm reports whether the page shows the service's sign-in form.
func (c *chrome) hasSignInForm() bool {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	has, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('form[action="/oauth/signin"]') !== null`))
	if err != nil {
		c.t.Fatal(err)
	}
	return has
}

// TestBrowserLogin logs in with a real browser: sign in, choose the
// workspace, continue, land on the app's listener; `triage status` shows the
// session; a second login in the same profile asks no password; Deny ends a
// login with the refusal and keeps the session. Nothing shows a secret.
func TestBrowserLogin(t *testing.T) {
	w := newWebLogin(t)
	c := startChrome(t, t.TempDir())

	// First login: the service asks who we are.
	term, authURL := w.login()
	listener := listenerOf(t, authURL)
	c.do("open the authorization page", chromedp.Navigate(authURL))
	c.waitText("Sign in to continue", 20*time.Second)
	w.leaks.inText("the sign-in page", c.text())
	t.Logf("screenshot %s", c.screenshot("browser-login-1-signin"))
	c.signIn()
	c.waitText("Signed in as", 20*time.Second)
	c.do("choose Atlas Web", chromedp.Click(chromedp.CSS(`input[name="workspace_id"][value="10022001"]`)))
	t.Logf("screenshot %s", c.screenshot("browser-login-2-consent"))
	c.do("press Continue", chromedp.Click(chromedp.CSS(`button[value="continue"]`)))
	page := c.waitText("Logged in to triage", 30*time.Second)
	landed := c.url()
	if !strings.HasPrefix(landed, "http://"+listener+"/callback?") {
		t.Errorf("the browser landed on %s, not on the app's listener %s", landed, listener)
	}
	t.Logf("screenshot %s", c.screenshot("browser-login-3-listener"))
	code := mustQueryOf(t, landed).Get("code")
	w.leaks.add("the authorization code", code)
	if strings.Contains(page, code) {
		t.Error("the listener's page shows the code")
	}
	w.ended(term, "[exit 0]", "Logged in to "+w.s.env["TRIAGE_BASE_URL"]+" as demo")

	st, exit := w.status()
	if exit != 0 || !strings.HasPrefix(st["User"], "demo") || st["Workspace"] != "10022001 (granted)" || !strings.Contains(st["Method"], "OAuth") {
		t.Fatalf("status (exit %d) = %v", exit, st)
	}
	expires, _, _ := strings.Cut(st["Expires"], " (")
	at, err := time.ParseInLocation(time.DateTime, expires, time.Local)
	if err != nil {
		t.Fatalf("status expiry %q: %v", st["Expires"], err)
	}
	if ahead := time.Until(at); ahead < 115*time.Minute || ahead > 2*time.Hour+time.Minute {
		t.Errorf("the session expires %s from now, want about 2h", ahead.Round(time.Second))
	}
	cred, err := store.NewCredentialsFile(credentialsPath(w.home)).Get(context.Background(), w.s.env["TRIAGE_BASE_URL"])
	if err != nil {
		t.Fatal(err)
	}
	w.leaks.add("the access token", cred.Token)

	// Second login in the same profile: no password, the consent page at once.
	term, authURL = w.login()
	c.do("open the authorization page again", chromedp.Navigate(authURL))
	c.waitText("Signed in as", 20*time.Second)
	if c.hasSignInForm() {
		t.Error("the second login asked for the password again")
	}
	t.Logf("screenshot %s", c.screenshot("browser-login-4-consent-again"))
	c.decide("10022003", "continue")
	c.waitText("Logged in to triage", 30*time.Second)
	w.ended(term, "[exit 0]", "as demo (Demo User)")
	if st, exit := w.status(); exit != 0 || st["Workspace"] != "10022003 (granted)" {
		t.Errorf("status after the second login (exit %d) = %v", exit, st)
	}
	if cred, err := store.NewCredentialsFile(credentialsPath(w.home)).Get(context.Background(), w.s.env["TRIAGE_BASE_URL"]); err == nil {
		w.leaks.add("the second access token", cred.Token)
	}

	// Deny: the login fails with the refusal, the session stays.
	term, authURL = w.login()
	c.do("open the authorization page to deny", chromedp.Navigate(authURL))
	c.waitText("Signed in as", 20*time.Second)
	c.do("press Deny", chromedp.Click(chromedp.CSS(`button[value="deny"]`)))
	c.waitText("Login refused", 30*time.Second)
	t.Logf("screenshot %s", c.screenshot("browser-login-5-denied"))
	w.ended(term, "[exit 1]", "you refused the authorization")
	if st, exit := w.status(); exit != 0 || st["Workspace"] != "10022003 (granted)" {
		t.Errorf("status after Deny (exit %d) = %v", exit, st)
	}

	t.Logf("looked for secrets in %d files besides the credentials", w.leaks.inFiles(w.home, credentialsPath(w.home)))
	privateCredentials(t, credentialsPath(w.home))
}

// TestBrowserLoginExpiredCode holds the browser's redirect to the app until
// the service's code (1 s here) has expired: the login fails and says so.
func TestBrowserLoginExpiredCode(t *testing.T) {
	w := newWebLogin(t, "--code-ttl", "1s")
	c := startChrome(t, t.TempDir())
	term, authURL := w.login()
	listener := listenerOf(t, authURL)
	c.do("open the authorization page", chromedp.Navigate(authURL))
	c.waitText("Sign in to continue", 20*time.Second)
	c.signIn()
	c.waitText("Signed in as", 20*time.Second)

	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, fetch.Enable, fetch.EnableParams{
		Patterns: []*fetch.RequestPattern{{URLPattern: "http://" + listener + "/*"}},
	}); err != nil {
		t.Fatal(err)
	}
	paused := chromedp.Events(ctx, fetch.RequestPaused)
	c.decide("10022001", "continue")
	var held fetch.EventRequestPaused
	for ev, err := range paused {
		if err != nil {
			t.Fatalf("the redirect to the app never came: %v", err)
		}
		held = ev
		break
	}
	code := mustQueryOf(t, held.Request.URL).Get("code")
	if code == "" {
		t.Fatalf("the held request %s carries no code", held.Request.URL)
	}
	w.leaks.add("the authorization code", code)
	time.Sleep(2 * time.Second) // the code lives 1 s in the service
	if _, err := chromedp.Call(ctx, fetch.ContinueRequest, fetch.ContinueRequestParams{RequestID: held.RequestID}); err != nil {
		t.Fatal(err)
	}
	c.waitText("Login did not complete", 30*time.Second)
	t.Logf("screenshot %s", c.screenshot("browser-login-6-expired-code"))
	w.ended(term, "[exit 1]", "the authorization code expired")
	if out, _, exit := w.run("status", "--insecure-storage"); exit != 1 || !strings.Contains(out, "Not logged in") {
		t.Errorf("status after the failed login (exit %d):\n%s\nwant exit 1, not logged in", exit, out)
	}
}

// mustQueryOf is the query of an address.
func mustQueryOf(t *testing.T, raw string) url.Values {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}
