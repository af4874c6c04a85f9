package e2e

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox/webtest"
)

// syncBuffer is an output a process writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Secrets the person mistypes: they are secrets too.
const (
	wrongToken    = "0123456789abcdef0123456789abcdef0badc0de"
	wrongPassword = "Wr0ng-pass!word"
)

// TestServePrintsSecretsOnlyAsExports runs `triage serve`, signs in, calls
// the API and exchanges a code with right and wrong secrets, then stops it:
// the demo credentials appear on stdout only in the export lines and the
// demo users line, and nothing secret ever reaches stderr.
func TestServePrintsSecretsOnlyAsExports(t *testing.T) {
	cmd := exec.Command(triageBinary(t), "serve", "--addr", "127.0.0.1:0")
	cmd.Env = append(os.Environ(), homeEnv(t.TempDir())...)
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-done
		}
	})
	env := map[string]string{}
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(stdout.String(), "# demo users") {
		if time.Now().After(deadline) {
			t.Fatalf("serve printed no environment; stderr:\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	for line := range strings.Lines(stdout.String()) {
		if k, v, ok := strings.Cut(strings.TrimPrefix(line, "export "), "="); ok && strings.HasPrefix(line, "export ") {
			env[k] = strings.Trim(strings.TrimSpace(v), "'")
		}
	}
	base := env["TRIAGE_BASE_URL"]

	l := newLeaks(t)
	for _, k := range []string{"TRIAGE_API_PASSWORD", "TRIAGE_CLIENT_SECRET", "TRIAGE_TOKEN"} {
		if env[k] == "" {
			t.Fatalf("serve printed no %s", k)
		}
		l.add(k, env[k])
	}
	l.add("the demo password", demoPassword)
	l.add("a wrong token", wrongToken)
	l.add("a wrong password", wrongPassword)

	ctx := context.Background()
	call := func(path, authorization string) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
		req.Header.Set("Authorization", authorization)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	basicOf := func(user, password string) string {
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	}
	call("/quickstart/testauth", basicOf(env["TRIAGE_API_USER"], env["TRIAGE_API_PASSWORD"]))
	call("/quickstart/testauth", basicOf(env["TRIAGE_API_USER"], wrongPassword))
	call("/users/info", "Bearer "+env["TRIAGE_TOKEN"])
	call("/users/info", "Bearer "+wrongToken)

	redirect := "http://127.0.0.1:49152/callback"
	authURL := env["TRIAGE_AUTH_URL"] + "/oauth/?" + url.Values{
		"response_type": {"code"}, "client_id": {env["TRIAGE_CLIENT_ID"]}, "redirect_uri": {redirect},
		"scope": {api.DefaultScopes}, "state": {"s"}, "auth_by": {"user"},
	}.Encode()
	if _, err := webtest.New().Authorize(ctx, authURL, webtest.Decision{Nick: demoNick, Password: wrongPassword}); err == nil {
		t.Fatal("the sandbox took a wrong password")
	}
	loc, err := webtest.New().Authorize(ctx, authURL, webtest.Decision{Nick: demoNick, Password: demoPassword})
	if err != nil {
		t.Fatal(err)
	}
	code := loc.Query().Get("code")
	l.add("the authorization code", code)
	for _, secret := range []string{wrongPassword, env["TRIAGE_CLIENT_SECRET"]} {
		form := url.Values{"grant_type": {"authorization_code"}, "redirect_uri": {redirect}, "code": {code}}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/tokens/request_token", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", api.ContentTypeForm)
		req.Header.Set("Authorization", basicOf(env["TRIAGE_CLIENT_ID"], secret))
		var tok api.TokenRecord
		if status := callJSON(t, req, &tok); status == http.StatusOK {
			l.add("the access token", tok.AccessToken)
		}
	}

	_ = cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve exited with %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop on SIGINT")
	}
	l.inText("serve's stderr", stderr.String())
	for line := range strings.Lines(stdout.String()) {
		if names := l.found([]byte(line)); len(names) > 0 && !strings.HasPrefix(line, "export ") && !strings.HasPrefix(line, "# demo users") {
			t.Errorf("serve's stdout shows %s outside the export and demo users lines: %q", strings.Join(names, ", "), line)
		}
	}
	for _, quiet := range []string{"a wrong token", "a wrong password", "the authorization code", "the access token"} {
		if v := l.secrets[quiet]; v != "" && strings.Contains(stdout.String(), v) {
			t.Errorf("serve's stdout shows %s", quiet)
		}
	}
}

// cliRun is the environment of command runs against one service, with all
// their files under one home.
type cliRun struct {
	t     *testing.T
	home  string
	env   []string
	leaks *leaks
}

// run runs triage with stdin and no terminal, and returns its output and the exit code.
func (r *cliRun) run(stdin string, extraEnv []string, args ...string) (string, int) {
	r.t.Helper()
	stdout, stderr, code := runBinary(r.t, append(append([]string{}, r.env...), extraEnv...), stdin, args...)
	what := "triage " + strings.Join(args, " ")
	r.leaks.inText("stdout of "+what, stdout)
	r.leaks.inText("stderr of "+what, stderr)
	return stdout + stderr, code
}

// TestCommandsShowNoSecrets logs in and out with a personal token and an API
// account, right and wrong, and asks for the status each time: no command
// shows a password or token on stdout or stderr, no file but the
// credentials file holds one, and that file is private.
func TestCommandsShowNoSecrets(t *testing.T) {
	s := startServe(t)
	home := t.TempDir()
	r := &cliRun{t: t, home: home, leaks: newLeaks(t), env: homeEnv(home,
		"TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_AUTH_URL="+s.env["TRIAGE_AUTH_URL"],
		"TRIAGE_WEB_URL="+s.env["TRIAGE_WEB_URL"], "TRIAGE_CLIENT_ID="+s.env["TRIAGE_CLIENT_ID"])}
	r.leaks.add("the personal token", s.env["TRIAGE_TOKEN"])
	r.leaks.add("the API password", s.env["TRIAGE_API_PASSWORD"])
	r.leaks.add("the client secret", s.env["TRIAGE_CLIENT_SECRET"])
	r.leaks.add("the demo password", demoPassword)
	r.leaks.add("a wrong token", wrongToken)
	r.leaks.add("a wrong password", wrongPassword)
	user := []string{"TRIAGE_API_USER=" + s.env["TRIAGE_API_USER"]}
	const store = "--insecure-storage"

	steps := []struct {
		name  string
		stdin string
		env   []string
		args  []string
		exit  int
		says  string
	}{
		{"status before any login", "", nil, []string{"status", store}, 1, "Not logged in"},
		{"a wrong token", wrongToken + "\n", nil, []string{"login", "--token", store}, 1, "refused"},
		{"the right token", s.env["TRIAGE_TOKEN"] + "\n", nil, []string{"login", "--token", store}, 0, "as demo"},
		{"status with the token", "", nil, []string{"status", store}, 0, "personal access token"},
		{"logout of the token", "", nil, []string{"logout", store}, 0, "Logged out"},
		{"a wrong API password", wrongPassword + "\n", user, []string{"login", "--basic", store}, 1, "refused"},
		{"the right API password", s.env["TRIAGE_API_PASSWORD"] + "\n", user, []string{"login", "--basic", store}, 0, "Logged in"},
		{"status with the API account", "", nil, []string{"status", store}, 0, "API account"},
		{"the API account in the environment", "", append(user, "TRIAGE_API_PASSWORD="+s.env["TRIAGE_API_PASSWORD"]), []string{"status", store}, 0, "environment"},
		{"the token in the environment", "", []string{"TRIAGE_TOKEN=" + s.env["TRIAGE_TOKEN"]}, []string{"status", store}, 0, "environment"},
		{"logout of the API account", "", nil, []string{"logout", store}, 0, "Logged out"},
		{"logout again", "", nil, []string{"logout", store}, 0, "Not logged in"},
		{"the change log", "", nil, []string{"log"}, 0, ""},
	}
	for _, st := range steps {
		out, code := r.run(st.stdin, st.env, st.args...)
		if code != st.exit || !strings.Contains(out, st.says) {
			t.Errorf("%s: triage %s exited %d (want %d), saying:\n%s\nwant it to say %q", st.name, strings.Join(st.args, " "), code, st.exit, out, st.says)
		}
	}
	t.Logf("looked for secrets in %d files besides the credentials", r.leaks.inFiles(home, credentialsPath(home)))
	privateCredentials(t, credentialsPath(home))
}
