package auth_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"triage/api/sandbox/webtest"
	"triage/auth"
)

// envSecondProcess names the address the second process fetches.
const envSecondProcess = "TRIAGE_TEST_SECOND_PROCESS_GET"

// TestSecondProcessHelper is not a test: it is the body of the second local
// process of the security tests (the test binary run again), which fetches
// one address with a client of its own and prints what came back.
func TestSecondProcessHelper(t *testing.T) {
	target := os.Getenv(envSecondProcess)
	if target == "" {
		t.Skip("runs only as the second process of the callback security tests")
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Get(target)
	if err != nil {
		fmt.Println("result: no connection")
		return
	}
	_ = resp.Body.Close()
	fmt.Printf("result: HTTP %d\n", resp.StatusCode)
}

// fromSecondProcess fetches target from another OS process, sharing nothing
// with this one, and returns "HTTP <status>" or "no connection".
func fromSecondProcess(t *testing.T, target string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestSecondProcessHelper$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), envSecondProcess+"="+target)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("second process: %v\n%s", err, out)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "result: "); ok {
			return rest
		}
	}
	t.Fatalf("the second process printed no result:\n%s", out)
	return ""
}

// portClosed reports whether nothing listens on the flow's loopback port.
func portClosed(t *testing.T, f *auth.Flow) bool {
	t.Helper()
	u, err := url.Parse(f.RedirectURI())
	if err != nil {
		t.Fatal(err)
	}
	conn, err := net.DialTimeout("tcp", u.Host, 5*time.Second)
	if err != nil {
		return true
	}
	_ = conn.Close()
	return false
}

// withState is the redirect address loc with the state replaced.
func withState(loc *url.URL, state string) string {
	u := *loc
	q := u.Query()
	q.Set("state", state)
	u.RawQuery = q.Encode()
	return u.String()
}

// TestSecondProcessCannotHijackTheCallback: another local process that
// brings a valid code of its own (another user's, for another workspace)
// with a wrong state, a forged refusal, or — after the login took its answer —
// even the right state, changes nothing: the session is the user's own.
func TestSecondProcessCannotHijackTheCallback(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	f := e.start(t, ctx, nil)
	done := waitFor(ctx, f)
	state := mustQuery(t, f.URL()).Get("state")

	// The attacker authorizes the same application and redirect address as
	// alice, in a browser of its own, under a state of its own.
	attackerURL := mustQuery(t, f.URL())
	attackerURL.Set("state", "attacker-state")
	alice := e.demo.Users[0]
	for _, u := range e.demo.Users {
		if u.Nick == "alice" {
			alice = u
		}
	}
	stolen, err := webtest.New().Authorize(ctx, e.run.URL+"/oauth/?"+attackerURL.Encode(),
		webtest.Decision{Nick: alice.Nick, Password: alice.Password, WorkspaceID: alice.Workspaces[len(alice.Workspaces)-1]})
	if err != nil {
		t.Fatal(err)
	}
	refusal := *stolen
	refusal.RawQuery = url.Values{"error": {"access_denied"}, "state": {"guessed"}}.Encode()
	for name, target := range map[string]string{
		"alice's code, its own state": stolen.String(),
		"alice's code, no state":      withState(stolen, ""),
		"alice's code, a state guess": withState(stolen, state[:len(state)-1]+"x"),
		"a forged refusal":            refusal.String(),
	} {
		if got := fromSecondProcess(t, target); got != "HTTP 400" {
			t.Errorf("%s: the second process got %q, want HTTP 400", name, got)
		}
	}
	select {
	case res := <-done:
		t.Fatalf("the login ended on another process's answer: %v, %v", res.s, res.err)
	default:
	}
	if portClosed(t, f) {
		t.Fatal("the listener closed on another process's answer")
	}

	// The user's own browser finishes the login.
	b := webtest.New()
	to, err := b.Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{WorkspaceID: 10022001}))
	if err != nil {
		t.Fatal(err)
	}
	if p, err := b.Get(ctx, to.String()); err != nil || !strings.Contains(p.Body, "Logged in to triage") {
		t.Fatalf("the user's redirect: %v", err)
	}
	res := <-done
	if res.err != nil || res.s.Nick != "demo" || res.s.WorkspaceID != 10022001 {
		t.Fatalf("login = %v, %v; want demo on 10022001", res.s, res.err)
	}

	// Afterwards even alice's code under the right state finds no one.
	if got := fromSecondProcess(t, withState(stolen, state)); got != "no connection" {
		t.Errorf("after the login the second process got %q, want no connection", got)
	}
	if s, err := f.Wait(ctx); err != nil || s.Nick != "demo" || s.Token != res.s.Token {
		t.Errorf("the session changed after the login: %v, %v", s, err)
	}
}

// mustQuery is the query of an address.
func mustQuery(t *testing.T, raw string) url.Values {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query()
}

// TestCallbackPortClosesAtTheEnd: however the login ends — logged in,
// cancelled, or out of time — the loopback port is closed when Wait returns,
// for this process and for any other.
func TestCallbackPortClosesAtTheEnd(t *testing.T) {
	e := startSandbox(t)
	var deadline chan time.Time // fires the flow's deadline when closed
	tests := []struct {
		name string
		end  func(t *testing.T, f *auth.Flow, cancel context.CancelFunc)
		want error
	}{
		{name: "logged in", end: func(t *testing.T, f *auth.Flow, _ context.CancelFunc) {
			b := webtest.New()
			to, err := b.Authorize(context.Background(), f.URL(), e.signIn(t, webtest.Decision{}))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := b.Get(context.Background(), to.String()); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "cancelled", want: auth.ErrCancelled, end: func(_ *testing.T, _ *auth.Flow, cancel context.CancelFunc) {
			cancel()
		}},
		{name: "out of time", want: auth.ErrTimeout, end: func(_ *testing.T, _ *auth.Flow, _ context.CancelFunc) {
			close(deadline)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			deadline = make(chan time.Time)
			f := e.start(t, ctx, func(c *auth.OAuthConfig) {
				c.After = func(time.Duration) <-chan time.Time { return deadline }
			})
			if portClosed(t, f) {
				t.Fatal("the listener is not open at the start")
			}
			done := waitFor(context.Background(), f)
			tc.end(t, f, cancel)
			res := <-done
			if (tc.want == nil && res.err != nil) || (tc.want != nil && !errors.Is(res.err, tc.want)) {
				t.Fatalf("Wait = %v, want %v", res.err, tc.want)
			}
			if !portClosed(t, f) {
				t.Error("the port still accepts connections after Wait returned")
			}
			if got := fromSecondProcess(t, f.RedirectURI()+"?code=x&state=y"); got != "no connection" {
				t.Errorf("another process got %q, want no connection", got)
			}
		})
	}
}
