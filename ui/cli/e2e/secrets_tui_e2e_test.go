package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestAppShowsNoSecrets drives the full-screen app in tmux: with a token in
// the environment (right and wrong), and through its login view with a
// personal token and an API account typed in (right and wrong). No screen
// shows a token or password, typed ones included, and no file but the
// private credentials file holds one.
func TestAppShowsNoSecrets(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	home := t.TempDir()
	l := newLeaks(t)
	l.add("the personal token", s.env["TRIAGE_TOKEN"])
	l.add("the API password", s.env["TRIAGE_API_PASSWORD"])
	l.add("the client secret", s.env["TRIAGE_CLIENT_SECRET"])
	l.add("the demo password", demoPassword)
	l.add("a wrong token", wrongToken)
	l.add("a wrong password", wrongPassword)
	base := homeEnv(home,
		"TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_AUTH_URL="+s.env["TRIAGE_AUTH_URL"],
		"TRIAGE_WEB_URL="+s.env["TRIAGE_WEB_URL"], "TRIAGE_CLIENT_ID="+s.env["TRIAGE_CLIENT_ID"],
		"TRIAGE_CLIENT_SECRET="+s.env["TRIAGE_CLIENT_SECRET"], "TRIAGE_WORKSPACE=10022001")
	app := func(extra ...string) *terminal {
		return startTerminal(t, 120, 40, append(append([]string(nil), base...), extra...), triageBinary(t), "--insecure-storage")
	}
	look := func(term *terminal, where string, texts ...string) {
		t.Helper()
		l.inText(where, term.WaitFor(20*time.Second, texts...))
	}
	// typed waits until a secret typed into a field is drawn, masked or not.
	typed := func(term *terminal, where, secret string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			screen := term.Screen()
			if strings.Contains(screen, masked(secret)) || strings.Contains(screen, secret) {
				l.inText(where, screen)
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the field never showed what was typed:\n%s", where, screen)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	quit := func(term *terminal, keys ...string) {
		t.Helper()
		term.Send(keys...)
		if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
			t.Errorf("the app ended with %s:\n%s", exit, term.Screen())
		}
		l.inText("the app's last screen", term.Screen())
	}

	// A token in the environment: the board, and its help.
	term := app("TRIAGE_TOKEN=" + s.env["TRIAGE_TOKEN"])
	look(term, "the board", "Stories 240", "Atlas Web")
	term.Send("?")
	look(term, "the help", "Keys")
	term.Send("q") // q closes the help, then quits from the board
	waitGone(t, term, "Keys")
	quit(term, "q")

	// A wrong token in the environment: refused, without repeating it.
	term = app("TRIAGE_TOKEN=" + wrongToken)
	if exit := term.Exited(20 * time.Second); exit == "[exit 0]" {
		t.Errorf("the app took a wrong TRIAGE_TOKEN:\n%s", term.Screen())
	}
	look(term, "the refusal of a wrong TRIAGE_TOKEN", "TRIAGE_TOKEN")

	// The login view: a wrong token typed in, then the right one.
	term = app()
	look(term, "the login view", "How do you want to log in?")
	term.Send("t")
	look(term, "the token form", "Personal access token")
	term.Type(wrongToken)
	typed(term, "a wrong token typed in", wrongToken)
	term.Send("Enter")
	look(term, "the refusal of a typed token", "refused")
	quit(term, "C-c")

	term = app()
	look(term, "the login view", "How do you want to log in?")
	term.Send("t")
	look(term, "the token form", "Personal access token")
	term.Type(s.env["TRIAGE_TOKEN"])
	typed(term, "the right token typed in", s.env["TRIAGE_TOKEN"])
	term.Send("Enter")
	look(term, "the board after a token login", "Stories 240")
	quit(term, "q")

	// An API account typed in, wrong password then right.
	term = app()
	look(term, "the board of the stored token", "Stories 240")
	quit(term, "q")
	r := &cliRun{t: t, home: home, env: base, leaks: l}
	if out, code := r.run("", nil, "logout", "--insecure-storage"); code != 0 {
		t.Fatalf("logout: %s", out)
	}
	for _, pw := range []string{wrongPassword, s.env["TRIAGE_API_PASSWORD"]} {
		term = app()
		look(term, "the login view", "How do you want to log in?")
		term.Send("a")
		look(term, "the API account form", "API account")
		term.Type(s.env["TRIAGE_API_USER"])
		term.Send("Tab")
		term.Type(pw)
		typed(term, "a password typed in", pw)
		term.Send("Enter")
		if pw == wrongPassword {
			look(term, "the refusal of a typed password", "refused")
			quit(term, "C-c")
			continue
		}
		look(term, "the board after an API account login", "Stories 240")
		quit(term, "q")
	}

	t.Logf("looked for secrets in %d files besides the credentials", l.inFiles(home, credentialsPath(home)))
	privateCredentials(t, credentialsPath(home))
}

// masked is how a masked field shows a typed secret: one dot per character.
func masked(secret string) string { return strings.Repeat("•", len([]rune(secret))) }
