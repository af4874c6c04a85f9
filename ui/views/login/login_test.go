package login

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/auth"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func newLogin(t *testing.T, a *fakeAuth) (*Model, *uitest.Driver, *common.Context) {
	t.Helper()
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 22)
	ctx.Method = ""
	m := New(ctx, a)
	return m, uitest.NewViewDriver(t, m), ctx
}

// screen is the view as plain words, lower-cased, so a check does not depend
// on where lines wrap.
func screen(m *Model) string {
	return strings.ToLower(strings.Join(strings.Fields(ansi.Strip(m.View())), " "))
}

func loggedIn(d *uitest.Driver) []LoggedInMsg { return uitest.DriverSeen[LoggedInMsg](d) }

func TestLoginFlows(t *testing.T) {
	tests := []struct {
		name       string
		auth       *fakeAuth
		keys       []string
		paste      string
		wantMethod auth.Method // "" = no login
		wantScreen string      // text on the final screen
		wantStep   step
	}{
		{"token", &fakeAuth{}, []string{"t", "good", "enter"}, "", auth.MethodToken, "", stepToken},
		{"token from the list", &fakeAuth{}, []string{"down", "enter", "good", "enter"}, "", auth.MethodToken, "", stepToken},
		{"empty token", &fakeAuth{}, []string{"t", "enter"}, "", "", "Paste your personal access token first", stepToken},
		{"refused token", &fakeAuth{}, []string{"t", "bad", "enter"}, "", "", "make a new one in the web settings", stepToken},
		{"account", &fakeAuth{}, []string{"a", "demo", "enter", "secret", "enter"}, "", auth.MethodBasic, "", stepBasic},
		{"account, tab between fields", &fakeAuth{}, []string{"a", "demo", "tab", "secret", "enter"}, "", auth.MethodBasic, "", stepBasic},
		{"account without password", &fakeAuth{}, []string{"a", "demo", "enter", "enter"}, "", "", "Type the API password first", stepBasic},
		{"account without user", &fakeAuth{}, []string{"a", "enter"}, "", "", "Type the API user first", stepBasic},
		{"refused account", &fakeAuth{}, []string{"a", "demo", "enter", "nope", "enter"}, "", "", "check them in the company settings", stepBasic},
		{"browser, pasted address", &fakeAuth{flow: newFlow(nil)}, []string{"b"}, "http://127.0.0.1:53682/callback?code=abc&state=5f2b", auth.MethodOAuth, "", stepBrowser},
		{"browser, pasted nonsense", &fakeAuth{flow: newFlow(nil)}, []string{"b"}, "hello", "", "the pasted address has no code", stepBrowser},
		{"browser, nothing pasted", &fakeAuth{flow: newFlow(nil)}, []string{"b"}, " ", "", "Paste the whole address", stepBrowser},
		{"browser cannot open", &fakeAuth{flow: newFlow(errNoDisplay)}, []string{"b"}, "", "", "No browser could be opened here", stepBrowser},
		{"browser login cannot start", &fakeAuth{startErr: errors.New("no free port on 127.0.0.1: set redirect_port in the config")}, []string{"b"}, "", "", "enter tries again", stepBrowser},
		{"browser, esc goes back", &fakeAuth{flow: newFlow(nil)}, []string{"b", "esc"}, "", "", "How do you want to log in?", stepChoose},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d, ctx := newLogin(t, tt.auth)
			d.Press(tt.keys...)
			if tt.auth.flow != nil && tt.wantStep == stepBrowser {
				d.Until("the address is shown", func() bool { return strings.Contains(screen(m), "127.0.0.1:8080/oauth") })
				if tt.paste != "" {
					d.Send(tea.PasteMsg{Content: tt.paste})
					d.Press("enter")
				}
			}
			if tt.wantMethod != "" {
				d.Until("logged in", func() bool { return len(loggedIn(d)) > 0 })
				if got := loggedIn(d)[0].Session.Method; got != tt.wantMethod {
					t.Errorf("logged in by %s, want %s", got, tt.wantMethod)
				}
			} else {
				d.Until("the screen shows "+tt.wantScreen, func() bool { return strings.Contains(screen(m), strings.ToLower(tt.wantScreen)) })
				d.Settle()
				if n := len(loggedIn(d)); n != 0 {
					t.Errorf("%d logins, want none", n)
				}
			}
			if m.step != tt.wantStep {
				t.Errorf("step = %d, want %d", m.step, tt.wantStep)
			}
			if tt.wantStep != stepBrowser || tt.wantMethod != "" || tt.auth.flow == nil {
				d.Until("idle", ctx.Tasks.Idle)
			}
		})
	}
}

func TestLoginEscClosesTheFlowAndDropsItsAnswer(t *testing.T) {
	a := &fakeAuth{flow: newFlow(nil)}
	m, d, ctx := newLogin(t, a)
	d.Press("b")
	d.Until("waiting", func() bool { return m.flow != nil })
	if ctx.Tasks.Idle() {
		t.Fatal("no task while waiting for the browser")
	}
	d.Press("esc")
	d.Until("the flow is closed", a.flow.closed.Load)
	d.Until("idle", ctx.Tasks.Idle)
	d.Settle()
	if m.step != stepChoose || m.Err() != nil || len(loggedIn(d)) != 0 {
		t.Fatalf("after esc: step %d, err %v, %d logins", m.step, m.Err(), len(loggedIn(d)))
	}
}

func TestLoginNeverShowsSecrets(t *testing.T) {
	m, d, _ := newLogin(t, &fakeAuth{})
	d.Press("t", "s3cret-token")
	if s := screen(m); strings.Contains(s, "s3cret") || !strings.Contains(s, "••••••••••••") {
		t.Fatalf("token screen:\n%s", s)
	}
	d.Press("esc", "a", "demo", "enter", "hunter2")
	if s := screen(m); strings.Contains(s, "hunter2") {
		t.Fatalf("account screen shows the password:\n%s", s)
	}
	d.Press("enter")
	d.Until("refused", func() bool { return m.Err() != nil })
	if s := screen(m); strings.Contains(s, "hunter2") {
		t.Fatalf("the error shows the password:\n%s", s)
	}
}

func TestLoginKeys(t *testing.T) {
	tests := []struct {
		keys      []string
		capturing bool
		cursor    int
	}{
		{nil, false, 0},
		{[]string{"j"}, false, 1},
		{[]string{"j", "j", "j"}, false, 2},
		{[]string{"j", "k"}, false, 0},
		{[]string{"t"}, true, 1},
		{[]string{"t", "esc"}, false, 1},
	}
	for _, tt := range tests {
		m, d, _ := newLogin(t, &fakeAuth{})
		d.Press(tt.keys...)
		if m.Capturing() != tt.capturing || m.cursor != tt.cursor {
			t.Errorf("%q: capturing %v cursor %d, want %v %d", tt.keys, m.Capturing(), m.cursor, tt.capturing, tt.cursor)
		}
	}
}

func TestLoginCopiesTheAddress(t *testing.T) {
	m, d, _ := newLogin(t, &fakeAuth{flow: newFlow(nil)})
	d.Press("b")
	d.Until("waiting", func() bool { return m.flow != nil })
	d.Press("ctrl+y")
	d.Until("copied", func() bool { return len(d.Others) > 0 })
	if got := fmt.Sprint(d.Others[0]); got != authURL {
		t.Fatalf("clipboard = %q", got)
	}
}

func TestLoginScreens(t *testing.T) {
	plain := func() *fakeAuth { return &fakeAuth{} }
	uitest.Goldens(t,
		loginCase("choose", plain, "", nil, "How do you want", false),
		loginCase("expired", plain, "Session expired — log in again; your pending edits are kept.", []string{"j"}, "Personal token", false),
		loginCase("token refused", plain, "", []string{"t", "bad", "enter"}, "web settings and paste", false),
		loginCase("account", plain, "", []string{"a", "demo", "enter", "secret"}, "••••••", false),
		loginCase("token without a keyring", func() *fakeAuth {
			return &fakeAuth{storage: "/home/me/.local/share/triage/credentials (plain text)"}
		}, "", []string{"t"}, "/home/me/.local/share/triage/credentials", false),
		loginCase("browser waiting", func() *fakeAuth { return &fakeAuth{flow: newFlow(nil)} }, "", []string{"b"}, "paste the address", true),
		loginCase("browser without display", func() *fakeAuth { return &fakeAuth{flow: newFlow(errNoDisplay)} }, "", []string{"b"}, "No browser could", true),
	)
}

// loginCase is a golden screen of the login view over the auth made by
// auth, with a note above its choices, the keys pressed once it runs,
// drawn when it shows ready; busy takes it while the browser's login waits.
func loginCase(name string, auth func() *fakeAuth, note string, keys []string, ready string, busy bool) uitest.Case {
	return uitest.Case{Name: name, Screen: uitest.Screen{
		Build: func(ctx *common.Context) tea.Model {
			m := New(ctx, auth())
			m.SetNote(note)
			return uitest.NewHost(m)
		},
		Drive:     func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(keys...)...) },
		Ready:     uitest.Showing(ready),
		AllowBusy: busy,
	}}
}
