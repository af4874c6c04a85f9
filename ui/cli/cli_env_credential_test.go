package cli

import (
	"bytes"
	"context"

	"strings"
	"testing"

	"triage/store"
	"triage/ui/cli/internal/clitest"
)

// inProcess runs triage's commands in this process, with every file under
// a temporary home and the environment given (nothing of the person's).
type inProcess struct {
	t        *testing.T
	env      map[string]string
	terminal bool
}

// newInProcess gives the test a temporary home (clitest.Home).
func newInProcess(t *testing.T, env map[string]string) *inProcess {
	t.Helper()
	clitest.Home(t)
	return &inProcess{t: t, env: env}
}

// run runs one command line; it returns stdout, stderr and the exit code.
func (p *inProcess) run(stdin string, args ...string) (stdout, stderr string, code int) {
	p.t.Helper()
	var out, errOut bytes.Buffer
	s := Streams{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, IsTerminal: p.terminal,
		Env: func(name string) string { return p.env[name] }}
	code = Run(context.Background(), s, "", args)
	return out.String(), errOut.String(), code
}

// TestEnvCredentialRefusedNamesTheVariable: when the service refuses a
// credential set in the environment, every command says to correct or
// unset that variable (a login cannot help while it is set), never to run
// triage login alone, and never prints the secret.
func TestEnvCredentialRefusedNamesTheVariable(t *testing.T) {
	base, demo := clitest.Start(t)
	const wrongToken, wrongPassword = "0123456789abcdef0123456789abcdef01234567", "not-the-password-42"
	tokenAdvice := "triage: set a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN and run `triage login`: "
	accountAdvice := "triage: correct TRIAGE_API_USER and TRIAGE_API_PASSWORD, or unset them and run `triage login`: "
	cases := []struct {
		name string
		env  map[string]string
		args []string
		want string
	}{
		{"list with a token", map[string]string{"TRIAGE_TOKEN": wrongToken}, []string{"list", "--kind", "bug"},
			tokenAdvice + "read bug fields: the access token was refused (422: The access token provided is invalid)"},
		{"view with a token", map[string]string{"TRIAGE_TOKEN": wrongToken}, []string{"view", "3", "--kind", "bug"}, tokenAdvice},
		{"set with a token", map[string]string{"TRIAGE_TOKEN": wrongToken}, []string{"set", "3", "--kind", "bug", "--priority", "High"}, tokenAdvice},
		{"list with an API account", map[string]string{"TRIAGE_API_USER": demo.APIUser, "TRIAGE_API_PASSWORD": wrongPassword}, []string{"list"},
			accountAdvice + "read story fields: the credentials were refused (401 Unauthorized)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.env["TRIAGE_BASE_URL"], tc.env["TRIAGE_WORKSPACE"] = base, "10022001"
			p := newInProcess(t, tc.env)
			out, errOut, code := p.run("", append(tc.args, "--insecure-storage")...)
			if code != 1 || !strings.HasPrefix(errOut, tc.want) {
				t.Errorf("exit %d, said:\n%s%s\nwant it to start %q", code, out, errOut, tc.want)
			}
			if strings.Contains(errOut, "; run `triage login`") {
				t.Errorf("it still advises a login alone:\n%s", errOut)
			}
			if strings.Contains(out+errOut, wrongToken) || strings.Contains(out+errOut, wrongPassword) {
				t.Errorf("the secret was printed:\n%s%s", out, errOut)
			}
		})
	}
}

// TestEnvCredentialRefusedWithAStoredLogin: with a login stored, unsetting
// the variable makes triage use it, and the advice says so.
func TestEnvCredentialRefusedWithAStoredLogin(t *testing.T) {
	base, demo := clitest.Start(t)
	p := newInProcess(t, map[string]string{"TRIAGE_BASE_URL": base, "TRIAGE_WORKSPACE": "10022001", "TRIAGE_TOKEN": "0000000000000000000000000000000000000000"})
	paths, err := store.DefaultPaths()
	if err != nil {
		t.Fatal(err)
	}
	stored := store.NewCredentialsFile(paths.CredentialsFile)
	if err := stored.Set(context.Background(), base, store.Credential{Method: store.MethodToken, Token: demo.Users[0].PersonalToken}); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := p.run("", "list", "--kind", "task", "--insecure-storage")
	want := "triage: set a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN to use the stored login: read task fields: the access token was refused"
	if code != 1 || !strings.HasPrefix(errOut, want) {
		t.Errorf("exit %d, said:\n%s\nwant it to start %q", code, errOut, want)
	}
	delete(p.env, "TRIAGE_TOKEN")
	if out, errOut, code := p.run("", "list", "--kind", "task", "--limit", "1", "--insecure-storage"); code != 0 || out == "" {
		t.Errorf("with TRIAGE_TOKEN unset the stored login is not used: exit %d\n%s%s", code, out, errOut)
	}
}
