package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"triage/auth"
	"triage/store"
	"triage/ui/cli/internal/clitest"
	"triage/ui/cli/login"
	"triage/ui/cli/wiring"
)

// TestLoginAsksForTheTokenFirstWithoutAnOAuthApplication: the login
// question offers the browser first only with a client id and secret, on
// the local service too; without them the personal access token comes
// first and the browser says what it needs.
func TestLoginAsksForTheTokenFirstWithoutAnOAuthApplication(t *testing.T) {
	base, demo := clitest.Start(t)
	cases := []struct {
		name         string
		env          map[string]string
		storedSecret bool
		first        auth.Method
		says         []string
	}{
		{"no OAuth application", map[string]string{}, false, auth.MethodToken, []string{
			"  1) with a personal access token (make one in the web settings: https://www.tapd.cn/personal_settings/index?tab=personal_token)\n",
			"  2) in the browser (OAuth; needs an OAuth application: set TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET)\n"}},
		{"a client id without its secret", map[string]string{"TRIAGE_CLIENT_ID": demo.ClientID}, false, auth.MethodToken, []string{
			"  2) in the browser (OAuth; needs an OAuth application: set TRIAGE_CLIENT_SECRET)\n"}},
		{"a client id and secret", map[string]string{"TRIAGE_CLIENT_ID": demo.ClientID, "TRIAGE_CLIENT_SECRET": demo.ClientSecret}, false, auth.MethodOAuth, []string{
			"  1) in the browser (OAuth)\n", "  2) with a personal access token"}},
		{"a client id and the stored secret", map[string]string{"TRIAGE_CLIENT_ID": demo.ClientID}, true, auth.MethodOAuth, []string{
			"  1) in the browser (OAuth)\n"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.env["TRIAGE_BASE_URL"] = base
			p := newInProcess(t, tc.env)
			var errOut bytes.Buffer
			c := &wiring.Factory{Stdin: strings.NewReader("\n"), Stdout: &bytes.Buffer{}, Stderr: &errOut, IsTerminal: true,
				Env: func(name string) string { return tc.env[name] }}
			ctx := context.Background()
			s, err := c.Load(ctx, &wiring.GlobalFlags{InsecureStorage: true})
			if err != nil {
				t.Fatal(err)
			}
			if tc.storedSecret {
				if err := s.Credentials.SetClientSecret(ctx, base, store.Secret(demo.ClientSecret)); err != nil {
					t.Fatal(err)
				}
			}
			method, err := login.ChooseMethod(c, ctx, s, false, false, false)
			if err != nil || method != tc.first {
				t.Errorf("enter chose %q (%v), want %q; asked:\n%s", method, err, tc.first, errOut.String())
			}
			for _, want := range tc.says {
				if !strings.Contains(errOut.String(), want) {
					t.Errorf("the question lacks %q:\n%s", want, errOut.String())
				}
			}
			p.terminal = false
			_, said, code := p.run("", "login", "--insecure-storage")
			order := "--token, --web or --basic"
			if tc.first == auth.MethodOAuth {
				order = "--web, --token or --basic"
			}
			if code != 2 || !strings.Contains(said, "no terminal to ask on: choose "+order) {
				t.Errorf("login without a terminal: exit %d, said:\n%s\nwant the choices in the order %s", code, said, order)
			}
		})
	}
}

// TestLoginWebSaysWhatToSetFirst: `triage login --web` without a client id
// or secret says which to set, and opens nothing.
func TestLoginWebSaysWhatToSetFirst(t *testing.T) {
	base, demo := clitest.Start(t)
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"TRIAGE_BASE_URL": base},
			"triage: the browser login needs an OAuth application: set TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET as `triage serve` prints them; or log in with a personal access token: triage login --token\n"},
		{map[string]string{"TRIAGE_BASE_URL": base, "TRIAGE_CLIENT_ID": demo.ClientID},
			"triage: the browser login needs an OAuth application: set TRIAGE_CLIENT_SECRET as `triage serve` prints it; or log in with a personal access token: triage login --token\n"},
		{map[string]string{"TRIAGE_BASE_URL": "https://api.tapd.cn"},
			"triage: the browser login needs an OAuth application: set TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET to its client id and secret; or log in with a personal access token: triage login --token\n"},
	} {
		p := newInProcess(t, tc.env)
		p.terminal = true
		out, errOut, code := p.run("", "login", "--web", "--insecure-storage")
		if code != 1 || errOut != tc.want || out != "" {
			t.Errorf("login --web against %s: exit %d, said:\n%s%s\nwant:\n%s", tc.env["TRIAGE_BASE_URL"], code, out, errOut, tc.want)
		}
	}
}
