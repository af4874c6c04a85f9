package e2e

import (
	"context"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"triage/api/sandbox/webtest"
	"triage/store"
)

// The `triage status` tests run the built binary against `triage serve`:
// status asks the service, names the user, and exits 0 (logged in), 1 (not
// logged in, refused or expired, with the reason) or 3 (the service could
// not say).

// exitNotChecked is the exit code of a status the service could not check.
const exitNotChecked = 3

// badToken is a well-formed token that no service issued.
const badToken = "0000000000000000000000000000000000000000"

// statusRun is an environment of command runs against one `triage serve`,
// with all their files under one home and every output searched for secrets.
type statusRun struct {
	t     *testing.T
	s     *served
	home  string
	env   []string
	leaks *leaks
}

func newStatusRun(t *testing.T, serveArgs ...string) *statusRun {
	t.Helper()
	s := startServe(t, serveArgs...)
	home := t.TempDir()
	r := &statusRun{t: t, s: s, home: home, leaks: newLeaks(t), env: homeEnv(home,
		"TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_AUTH_URL="+s.env["TRIAGE_AUTH_URL"],
		"TRIAGE_WEB_URL="+s.env["TRIAGE_WEB_URL"], "TRIAGE_CLIENT_ID="+s.env["TRIAGE_CLIENT_ID"])}
	r.leaks.add("the personal token", s.env["TRIAGE_TOKEN"])
	r.leaks.add("the API password", s.env["TRIAGE_API_PASSWORD"])
	r.leaks.add("the client secret", s.env["TRIAGE_CLIENT_SECRET"])
	r.leaks.add("the demo password", demoPassword)
	r.leaks.add("a bad token", badToken)
	r.leaks.add("a wrong password", wrongPassword)
	return r
}

// run runs triage without a terminal; it returns stdout, stderr and the exit code.
func (r *statusRun) run(stdin string, extraEnv []string, args ...string) (stdout, stderr string, code int) {
	r.t.Helper()
	stdout, stderr, code = runBinary(r.t, append(append([]string{}, r.env...), extraEnv...), stdin, args...)
	what := "triage " + strings.Join(args, " ")
	r.leaks.inText("stdout of "+what, stdout)
	r.leaks.inText("stderr of "+what, stderr)
	return stdout, stderr, code
}

// loginToken stores the demo user's personal token.
func (r *statusRun) loginToken() {
	r.t.Helper()
	if out, errOut, code := r.run(r.s.env["TRIAGE_TOKEN"]+"\n", nil, "login", "--token"); code != 0 {
		r.t.Fatalf("login --token exited %d:\n%s%s", code, out, errOut)
	}
}

// stored is the credential stored for the service.
func (r *statusRun) stored() (store.Credential, error) {
	return store.NewCredentialsFile(credentialsPath(r.home)).Get(context.Background(), r.s.env["TRIAGE_BASE_URL"])
}

// statusCase is one `triage status` and what it must say.
type statusCase struct {
	name   string
	env    []string
	args   []string
	exit   int
	says   []string // on stdout, each
	denies []string // on stdout and stderr, none
}

func (r *statusRun) check(tc statusCase) {
	r.t.Helper()
	out, errOut, code := r.run("", tc.env, append([]string{"status"}, tc.args...)...)
	if code != tc.exit {
		r.t.Errorf("%s: status exited %d, want %d:\n%s%s", tc.name, code, tc.exit, out, errOut)
	}
	for _, want := range tc.says {
		if !strings.Contains(out, want) {
			r.t.Errorf("%s: status does not say %q:\n%s", tc.name, want, out)
		}
	}
	for _, deny := range tc.denies {
		if strings.Contains(out+errOut, deny) {
			r.t.Errorf("%s: status says %q:\n%s%s", tc.name, deny, out, errOut)
		}
	}
	r.t.Logf("%s: exit %d\n%s%s", tc.name, code, out, errOut)
}

// TestStatusAsksTheService: a good token, a bad token, a wrong API password
// and an unknown service are told apart by the service's answer.
func TestStatusAsksTheService(t *testing.T) {
	r := newStatusRun(t)
	user := "TRIAGE_API_USER=" + r.s.env["TRIAGE_API_USER"]
	for _, tc := range []statusCase{
		{name: "good token", env: []string{"TRIAGE_TOKEN=" + r.s.env["TRIAGE_TOKEN"]}, exit: 0,
			says: []string{"Status:     ✓ Logged in: the service confirmed the personal access token\n", "User:       demo (Demo User)\n",
				"Method:     personal access token\n", "Stored in:  the environment (TRIAGE_TOKEN)\n"},
			denies: []string{"not confirmed", "unknown"}},
		{name: "bad token", env: []string{"TRIAGE_TOKEN=" + badToken}, exit: 1,
			says: []string{"Status:     ✗ Not logged in: the service refused the personal access token (422: The access token provided is invalid)\n",
				"\nSet a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN and run `triage login`.\n"},
			denies: []string{"User:", "unknown user"}},
		{name: "good API account", env: []string{user, "TRIAGE_API_PASSWORD=" + r.s.env["TRIAGE_API_PASSWORD"]}, exit: 0,
			says: []string{"Status:     ✓ Logged in: the service confirmed the API account\n", "User:       API account " + r.s.env["TRIAGE_API_USER"] + "\n"}},
		{name: "wrong API password", env: []string{user, "TRIAGE_API_PASSWORD=" + wrongPassword}, exit: 1,
			says: []string{"Status:     ✗ Not logged in: the service refused the API account (401 Unauthorized)\n",
				"\nCorrect TRIAGE_API_USER and TRIAGE_API_PASSWORD, or unset them and run `triage login`.\n"}},
		{name: "nothing stored", exit: 1, says: []string{"✗ Not logged in", "Run: triage login"}},
	} {
		r.check(tc)
	}
}

// TestStatusStoredLogin: the stored token is checked; a stopped service is
// "not checked" (exit 3), not a bad token; --offline shows what is stored
// without asking, even then.
func TestStatusStoredLogin(t *testing.T) {
	r := newStatusRun(t)
	r.loginToken()
	r.check(statusCase{name: "stored token", exit: 0,
		says: []string{"✓ Logged in", "User:       demo (Demo User)\n", "Stored in:  " + credentialsPath(r.home) + " (plain text)\n"}})
	r.check(statusCase{name: "offline", args: []string{"--offline"}, exit: 0,
		says: []string{"Status:     Not checked (--offline): this is what is stored\n", "User:       demo (Demo User), not confirmed\n"}})

	if err := r.s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	r.check(statusCase{name: "stopped service", exit: exitNotChecked,
		says: []string{"Status:     ! Not checked: read user info: cannot reach the service (", "connection refused",
			"User:       demo (Demo User), not confirmed\n", "triage status --offline"},
		denies: []string{"refused the", "Not logged in"}})
	r.check(statusCase{name: "offline, service stopped", args: []string{"--offline"}, exit: 0,
		says: []string{"Not checked (--offline)", "User:       demo (Demo User), not confirmed\n"}})
}

// TestStatusWaitsOutA429: with the one request its rate allows spent, the
// service answers 429 with Retry-After; status waits it out and reports the
// login, as every read does.
func TestStatusWaitsOutA429(t *testing.T) {
	r := newStatusRun(t, "--rate", "1", "--rate-window", "3s")
	req, err := http.NewRequest(http.MethodGet, r.s.env["TRIAGE_BASE_URL"]+"/users/info", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+r.s.env["TRIAGE_TOKEN"])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("the one allowed request answered %d", resp.StatusCode)
	}
	r.check(statusCase{name: "429 retried", env: []string{"TRIAGE_TOKEN=" + r.s.env["TRIAGE_TOKEN"]}, exit: 0,
		says: []string{"✓ Logged in", "User:       demo (Demo User)\n"}, denies: []string{"429", "too many"}})
}

// TestStatusExpired: a browser login stores its user's nick; once its token
// has expired, status says so (exit 1) whether the local clock sees it or
// only the service does.
func TestStatusExpired(t *testing.T) {
	r := newStatusRun(t, "--token-ttl", "2s")
	r.leaks.add("a wrong token", wrongToken)
	r.webLogin()
	cred, err := r.stored()
	if err != nil {
		t.Fatal(err)
	}
	r.leaks.add("the access token", cred.Token)
	if cred.Method != store.MethodOAuth || cred.Nick != demoNick || cred.Lifetime != 2*time.Second {
		t.Fatalf("the browser login stored %v", cred)
	}

	// The local clock sees the expiry: wait for it without asking the service.
	r.waitExit([]string{"--offline"}, 1)
	r.check(statusCase{name: "expired on the local clock", args: []string{"--offline"}, exit: 1,
		says: []string{"Status:     ✗ Not logged in: the browser login expired at ", "Run: triage login --web\n", "User:       demo"}})

	// A local clock behind the service's still believes in the token: the
	// service says it has expired.
	cred.ExpiresAt = time.Now().Add(time.Hour)
	if err := store.NewCredentialsFile(credentialsPath(r.home)).Set(context.Background(), r.s.env["TRIAGE_BASE_URL"], cred); err != nil {
		t.Fatal(err)
	}
	r.waitExit(nil, 1)
	r.check(statusCase{name: "expired at the service", exit: 1,
		says: []string{"Status:     ✗ Not logged in: the browser login's token has expired (422: The access token provided has expired)\n", "Run: triage login --web\n"}})
}

// waitExit runs `triage status args...` until it exits with code, as a
// token's end comes; it gives up after a minute.
func (r *statusRun) waitExit(args []string, code int) {
	r.t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		out, errOut, got := r.run("", nil, append([]string{"status"}, args...)...)
		if got == code {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("status %v never exited %d; it says:\n%s%s", args, code, out, errOut)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// webLogin runs `triage login --web` without a terminal: the address it
// asks the browser to open is signed in to and allowed by a scripted
// browser, which then follows the redirect to the login's listener. It
// returns what the login printed on stdout.
func (r *statusRun) webLogin() string {
	r.t.Helper()
	urls := newURLCatcher(r.t)
	cmd := exec.Command(triageBinary(r.t), "login", "--web")
	cmd.Env = append(append(os.Environ(), r.env...), "TRIAGE_CLIENT_SECRET="+r.s.env["TRIAGE_CLIENT_SECRET"], "TRIAGE_BROWSER="+urls.program)
	var out, errOut syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		r.t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	r.t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-done
		}
	})
	authURL := urls.nth(1, 30*time.Second, errOut.String)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	loc, err := webtest.New().Authorize(ctx, authURL, webtest.Decision{Nick: demoNick, Password: demoPassword, WorkspaceID: 10022001})
	if err != nil {
		r.t.Fatal(err)
	}
	r.leaks.add("the authorization code", loc.Query().Get("code"))
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, loc.String(), nil)
	if err != nil {
		r.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	resp.Body.Close()
	select {
	case err := <-done:
		if err != nil {
			r.t.Fatalf("login --web: %v\n%s%s", err, out.String(), errOut.String())
		}
	case <-ctx.Done():
		r.t.Fatalf("login --web did not end:\n%s%s", out.String(), errOut.String())
	}
	r.leaks.inText("stdout of triage login --web", out.String())
	r.leaks.inText("stderr of triage login --web", errOut.String())
	if want := "Logged in to " + r.s.env["TRIAGE_BASE_URL"] + " as demo (Demo User)"; !strings.Contains(out.String(), want) {
		r.t.Errorf("login --web said:\n%s\nwant %q", out.String(), want)
	}
	return out.String()
}
