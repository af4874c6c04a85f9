package e2e

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestStatusSaysWhichCredentialDecides: status names the credential in use
// and why: the environment wins over the stored login, and a token over an
// API account when both are set (as pasting every line serve prints does).
func TestStatusSaysWhichCredentialDecides(t *testing.T) {
	r := newStatusRun(t)
	token := "TRIAGE_TOKEN=" + r.s.env["TRIAGE_TOKEN"]
	account := []string{"TRIAGE_API_USER=" + r.s.env["TRIAGE_API_USER"], "TRIAGE_API_PASSWORD=" + r.s.env["TRIAGE_API_PASSWORD"]}
	r.check(statusCase{name: "stored login only", exit: 1, says: []string{"Not logged in"}})
	r.loginToken()
	for _, tc := range []statusCase{
		{name: "stored login", exit: 0, says: []string{"In use:     the stored login (no credential is set in the environment)\n"}},
		{name: "token over the stored login", env: []string{token}, exit: 0,
			says: []string{"In use:     TRIAGE_TOKEN from the environment; the environment wins over the stored login (personal access token), which is used once TRIAGE_TOKEN is unset\n"}},
		{name: "token and API account", env: append([]string{token}, account...), exit: 0,
			says: []string{"Method:     personal access token\n",
				"In use:     TRIAGE_TOKEN from the environment; TRIAGE_API_USER and TRIAGE_API_PASSWORD are set too but not used: a token comes before an API account; "}},
		{name: "API account over the stored login", env: account, exit: 0,
			says: []string{"In use:     TRIAGE_API_USER and TRIAGE_API_PASSWORD from the environment; the environment wins over the stored login (personal access token), which is used once TRIAGE_API_USER and TRIAGE_API_PASSWORD are unset\n"}},
	} {
		r.check(tc)
	}
}

// TestLoginAndLogoutSayTheEnvironmentDecides: a login stored or forgotten
// while the environment sets a credential says that the environment still
// decides who you are.
func TestLoginAndLogoutSayTheEnvironmentDecides(t *testing.T) {
	r := newStatusRun(t)
	token := "TRIAGE_TOKEN=" + r.s.env["TRIAGE_TOKEN"]
	account := []string{"TRIAGE_API_USER=" + r.s.env["TRIAGE_API_USER"], "TRIAGE_API_PASSWORD=" + r.s.env["TRIAGE_API_PASSWORD"]}
	_, errOut, code := r.run(r.s.env["TRIAGE_TOKEN"]+"\n", []string{token}, "login", "--token")
	if want := "Note: TRIAGE_TOKEN is set in the environment, so triage still uses it, not the login stored now; unset it for the login stored now to count.\n"; code != 0 || !strings.Contains(errOut, want) {
		t.Errorf("login with TRIAGE_TOKEN set: exit %d, said:\n%s\nwant %q", code, errOut, want)
	}
	out, errOut, code := r.run("", account, "logout")
	if want := "Note: TRIAGE_API_USER and TRIAGE_API_PASSWORD are set in the environment, so triage still uses them, not this logout; unset them for this logout to count.\n"; code != 0 || !strings.Contains(errOut, want) {
		t.Errorf("logout with an API account set: exit %d, said:\n%s%s\nwant %q", code, out, errOut, want)
	}
	t.Logf("logout:\n%s%s", out, errOut)
	if _, errOut, _ := r.run("", nil, "logout"); strings.Contains(errOut, "Note:") {
		t.Errorf("logout without a credential in the environment gives a note:\n%s", errOut)
	}
}

// TestLoginUntilIsStatusExpiry: login's "until" and status's expiry are the
// same time.
func TestLoginUntilIsStatusExpiry(t *testing.T) {
	r := newStatusRun(t)
	said := r.webLogin()
	_, until, ok := strings.Cut(said, " until ")
	if !ok {
		t.Fatalf("login said no end:\n%s", said)
	}
	until = until[:len(time.DateTime)]
	out, _, _ := r.run("", nil, "status", "--offline")
	if !strings.Contains(out, "Expires:    "+until+" (") {
		t.Errorf("login said until %s; status says:\n%s", until, out)
	}
}

// TestFailedBrowserProgramIsSaid: a browser program that fails is not "a
// browser was opened": the login says so and prints the address.
func TestFailedBrowserProgramIsSaid(t *testing.T) {
	r := newStatusRun(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, triageBinary(t), "login", "--web")
	cmd.Env = append(append(cmd.Environ(), r.env...), "TRIAGE_CLIENT_SECRET="+r.s.env["TRIAGE_CLIENT_SECRET"], "BROWSER=/bin/false")
	var errOut syncBuffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	for !strings.Contains(errOut.String(), "Waiting for the browser") {
		if ctx.Err() != nil {
			t.Fatalf("login --web said:\n%s", errOut.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	said := errOut.String()
	t.Logf("BROWSER=/bin/false triage login --web:\n%s", said)
	if strings.Contains(said, "A browser was opened") || !strings.Contains(said, "The browser could not be opened (the browser program /bin/false (named in TRIAGE_BROWSER or BROWSER) failed: exit status 1).\nOpen this address in a browser yourself:\n\n  "+r.s.env["TRIAGE_AUTH_URL"]) {
		t.Errorf("a failed browser program is not said with the address:\n%s", said)
	}
}

// TestFirstLoginOffersWhatWorks: on a real service or the local one without
// an OAuth application's client id and secret, the first login offers a
// personal access token first and says where to make one, and --web says
// what to set before it opens anything; with both, the browser comes first.
func TestFirstLoginOffersWhatWorks(t *testing.T) {
	home := t.TempDir()
	real := startTerminal(t, 140, 20, homeEnv(home, "TRIAGE_BASE_URL=https://api.tapd.cn", "TRIAGE_CLIENT_ID="), triageBinary(t), "login")
	screen := real.WaitFor(20*time.Second, "Choice [1]:")
	t.Logf("first login on the real service:\n%s", screen)
	for _, want := range []string{"1) with a personal access token (make one in the web settings: https://www.tapd.cn/personal_settings/index?tab=personal_token)",
		"2) in the browser (OAuth; needs an OAuth application: set TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET)"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the login question lacks %q", want)
		}
	}
	real.Send("C-c")

	board := startTerminal(t, 100, 20, homeEnv(t.TempDir(), "TRIAGE_BASE_URL=https://api.tapd.cn", "TRIAGE_CLIENT_ID="), triageBinary(t), "--insecure-storage")
	if screen := board.WaitFor(20*time.Second, "How do you want to log in?"); !strings.Contains(screen, "▌ Personal token") {
		t.Errorf("the login view on the real service does not offer the token first:\n%s", screen)
	}
	board.Send("q")

	s := startServe(t)
	service := []string{"TRIAGE_BASE_URL=" + s.env["TRIAGE_BASE_URL"], "TRIAGE_AUTH_URL=" + s.env["TRIAGE_AUTH_URL"], "TRIAGE_WEB_URL=" + s.env["TRIAGE_WEB_URL"]}
	local := startTerminal(t, 140, 20, homeEnv(t.TempDir(), service...), triageBinary(t), "login")
	screen = local.WaitFor(20*time.Second, "Choice [1]:")
	t.Logf("first login on the local service without TRIAGE_CLIENT_SECRET:\n%s", screen)
	for _, want := range []string{"1) with a personal access token (make one in the web settings: " + s.env["TRIAGE_WEB_URL"] + "/personal_settings/index?tab=personal_token)",
		"2) in the browser (OAuth; needs an OAuth application: set TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET)"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the login question on the local service lacks %q", want)
		}
	}
	local.Send("C-c")

	web := startTerminal(t, 200, 10, homeEnv(t.TempDir(), append(service, "TRIAGE_CLIENT_ID="+s.env["TRIAGE_CLIENT_ID"], "BROWSER=/bin/true")...), triageBinary(t), "login", "--web")
	if exit := web.Exited(20 * time.Second); exit != "[exit 1]" {
		t.Errorf("login --web without the client secret exited with %s", exit)
	}
	screen = web.Screen()
	t.Logf("login --web on the local service without TRIAGE_CLIENT_SECRET:\n%s", screen)
	if want := "triage: the browser login needs an OAuth application: set TRIAGE_CLIENT_SECRET as `triage serve` prints it; or log in with a personal access token: triage login --token"; !strings.Contains(screen, want) || strings.Contains(screen, "Open this address") {
		t.Errorf("login --web without the client secret does not say %q before opening anything", want)
	}

	app := startTerminal(t, 100, 20, homeEnv(t.TempDir(), service...), triageBinary(t), "--insecure-storage")
	if screen := app.WaitFor(20*time.Second, "How do you want to log in?"); !strings.Contains(screen, "▌ Personal token") {
		t.Errorf("the login view on the local service without TRIAGE_CLIENT_SECRET does not offer the token first:\n%s", screen)
	}
	app.Send("q")

	ready := startTerminal(t, 140, 20, homeEnv(t.TempDir(), append(service, "TRIAGE_CLIENT_ID="+s.env["TRIAGE_CLIENT_ID"], "TRIAGE_CLIENT_SECRET="+s.env["TRIAGE_CLIENT_SECRET"])...), triageBinary(t), "login")
	if screen := ready.WaitFor(20*time.Second, "Choice [1]:"); !strings.Contains(screen, "1) in the browser (OAuth)\n") {
		t.Errorf("with the client id and secret the browser is not first:\n%s", screen)
	}
	ready.Send("C-c")
}

// TestWorkspaceOtherThanGranted: `triage --workspace W` after a browser
// login granted another workspace says the token reaches only that one and
// offers to authorize W; declined, the granted workspace opens.
func TestWorkspaceOtherThanGranted(t *testing.T) {
	r := newStatusRun(t)
	r.webLogin()
	term := startTerminal(t, 160, 30, append(append([]string{}, r.env...), "TRIAGE_CLIENT_SECRET="+r.s.env["TRIAGE_CLIENT_SECRET"]), triageBinary(t), "--workspace", "10022003")
	screen := term.WaitFor(30*time.Second, "The browser login reaches only workspace 10022001 (granted at login); workspace 10022003 needs its own authorization.",
		"Authorize workspace 10022003 in the browser now (choose it on the authorization page)? [y/N]")
	t.Logf("triage --workspace 10022003:\n%s", screen)
	term.Type("n")
	term.Send("Enter")
	term.WaitFor(30*time.Second, "Atlas")
	term.Send("q")
	if exit := term.Exited(20 * time.Second); exit != "[exit 0]" {
		t.Errorf("the board ended with %s", exit)
	}
}
