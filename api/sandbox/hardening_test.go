package sandbox

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// Tests of the hardening of issue 19, section 3.

// TestReplayedCodeRevokesItsTokens: a code exchanged twice revokes the token
// the first exchange issued (RFC 6749 §4.1.2).
func TestReplayedCodeRevokesItsTokens(t *testing.T) {
	h := startHarness(t, Options{})
	code := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	var rec api.TokenRecord
	h.exchange(code, testRedirect).wantOK(t, &rec)
	h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsAtlas)}).wantOK(t, nil)
	h.exchange(code, testRedirect).wantError(t, http.StatusUnprocessableEntity, api.InfoCodeInvalid)
	h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsAtlas)}).
		wantError(t, http.StatusUnprocessableEntity, api.InfoTokenInvalid)
	// Another code's token is untouched.
	other := h.token("story#read", "demo", wsAtlas)
	h.exchange(code, testRedirect).wantError(t, http.StatusUnprocessableEntity, api.InfoCodeInvalid)
	h.do(request{path: "/stories", auth: bearer(other), query: wsQuery(wsAtlas)}).wantOK(t, nil)
}

// TestOutstandingCodesAreCappedAndExpire: at most maxCodes codes are kept,
// the oldest going first, and codes long past their lifetime are forgotten.
func TestOutstandingCodesAreCappedAndExpire(t *testing.T) {
	h := startHarness(t, Options{})
	first := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	for range maxCodes {
		h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	}
	s := h.srv()
	s.mu.RLock()
	held, firstHeld := len(s.codes), s.codes[first] != nil
	s.mu.RUnlock()
	if held != maxCodes || firstHeld {
		t.Fatalf("%d codes held (first held: %v), want %d without the first", held, firstHeld, maxCodes)
	}
	h.exchange(first, testRedirect).wantError(t, http.StatusUnprocessableEntity, api.InfoCodeInvalid)

	h.clock.Advance(DefaultCodeTTL + forgetAfter + time.Second)
	last := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	s.mu.RLock()
	held = len(s.codes)
	s.mu.RUnlock()
	if held != 1 {
		t.Fatalf("%d codes held after they all expired and one was issued, want 1", held)
	}
	h.exchange(last, testRedirect).wantOK(t, nil)
}

// TestSessionsAreCappedAndExpire: anonymous sessions are capped at
// maxAnonymous, and a session past its lifetime is forgotten at the next one.
func TestSessionsAreCappedAndExpire(t *testing.T) {
	h := startHarness(t, Options{})
	s := h.srv()
	q := authQuery(h, testRedirect)
	for range maxAnonymous + 50 {
		newBrowser(t).get(h.run.URL + "/oauth/?" + q.Encode())
	}
	s.mu.RLock()
	held := len(s.sessions)
	s.mu.RUnlock()
	if held > maxAnonymous {
		t.Fatalf("%d anonymous sessions held, want at most %d", held, maxAnonymous)
	}
	h.clock.Advance(anonymousTTL + time.Second)
	newBrowser(t).get(h.run.URL + "/oauth/?" + q.Encode())
	s.mu.RLock()
	held = len(s.sessions)
	s.mu.RUnlock()
	if held != 1 {
		t.Fatalf("%d sessions held after the others expired, want 1", held)
	}
}

// TestUnknownScopesAreRefused: a scope TAPD does not have is sent back to
// the application as invalid_scope, never shown for consent.
func TestUnknownScopesAreRefused(t *testing.T) {
	h := startHarness(t, Options{})
	q := authQuery(h, testRedirect)
	q.Set("scope", "story#read admin#all")
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(h.run.URL + "/oauth/?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || err != nil {
		t.Fatalf("status %d, location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	back := loc.Query()
	if loc.Host != "127.0.0.1:43210" || back.Get("error") != "invalid_scope" || back.Get("state") != q.Get("state") ||
		!strings.Contains(back.Get("error_description"), "admin#all") || back.Get("code") != "" {
		t.Errorf("redirect %s", loc)
	}
	for _, known := range []string{"story#write", "wiki#read", "timesheet#write"} {
		if u := unknownScopes(known); len(u) != 0 {
			t.Errorf("%s refused", known)
		}
	}
	for _, unknown := range []string{"admin#all", "story#all", "storys#read"} {
		if u := unknownScopes(unknown); len(u) != 1 {
			t.Errorf("%s accepted", unknown)
		}
	}
}

// TestFailedSignInsAreSlowedPerAccount: after freeFailures wrong Basic
// passwords an account is locked, for twice as long at each further
// failure, even to the right password; other accounts are not; a success
// clears the count. The clock is the harness's, so nothing waits.
func TestFailedSignInsAreSlowedPerAccount(t *testing.T) {
	h := startHarness(t, Options{})
	list := func(auth string) reply {
		return h.do(request{path: "/stories", auth: auth, query: wsQuery(wsAtlas)})
	}
	wrong := basicAuth(h.demo.APIUser, "guess")
	for range freeFailures {
		list(wrong).wantError(t, http.StatusUnauthorized, "")
	}
	list(h.apiBasic()).wantOK(t, nil) // a success clears the count
	for range freeFailures + 1 {
		list(wrong).wantError(t, http.StatusUnauthorized, "")
	}
	locked := list(h.apiBasic())
	locked.wantError(t, http.StatusTooManyRequests, "")
	if !strings.Contains(locked.env.Info, h.demo.APIUser) || !strings.Contains(locked.env.Info, "locked for 1 s") {
		t.Errorf("lockout message %q", locked.env.Info)
	}
	list(basicAuth("harbor", "guess")).wantError(t, http.StatusUnauthorized, "") // another account is not locked
	h.clock.Advance(time.Second)
	list(wrong).wantError(t, http.StatusUnauthorized, "")
	if info := list(h.apiBasic()).env.Info; !strings.Contains(info, "locked for 2 s") {
		t.Errorf("second lockout %q, want 2 s", info)
	}
	h.clock.Advance(2 * time.Second)
	list(h.apiBasic()).wantOK(t, nil)
}

// TestFailedClientSecretsAreSlowed: the token endpoint locks a client id
// after repeated wrong secrets.
func TestFailedClientSecretsAreSlowed(t *testing.T) {
	h := startHarness(t, Options{})
	code := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {testRedirect}}
	for range freeFailures + 1 {
		h.do(request{method: http.MethodPost, path: "/tokens/request_token", auth: basicAuth(h.demo.ClientID, "guess"), form: form}).
			wantError(t, http.StatusUnauthorized, "")
	}
	h.exchange(code, testRedirect).wantError(t, http.StatusTooManyRequests, "")
	h.clock.Advance(time.Second)
	h.exchange(code, testRedirect).wantOK(t, nil)
}

// TestFailedWebSignInsAreSlowed: the sign-in page refuses a locked nick with
// 429 and says for how long.
func TestFailedWebSignInsAreSlowed(t *testing.T) {
	h := startHarness(t, Options{})
	q := authQuery(h, testRedirect)
	b := newBrowser(t)
	try := func(password string) page {
		p := b.get(h.run.URL + "/oauth/?" + q.Encode())
		return b.post(h.run.URL+"/oauth/signin", withForm(q, "csrf_token", p.csrf(t), "nick", "demo", "password", password))
	}
	for range freeFailures + 1 {
		if p := try("guess"); !strings.Contains(p.body, "The nick or the password is wrong.") {
			t.Fatalf("wrong password: %d\n%s", p.code, p.body)
		}
	}
	p := try(h.user("demo").Password)
	if p.code != http.StatusTooManyRequests || !strings.Contains(p.body, "locked for 1 s") {
		t.Fatalf("locked sign-in: %d\n%s", p.code, p.body)
	}
	h.clock.Advance(time.Second)
	signIn(t, h, b, q, "demo", h.user("demo").Password)
}

// TestTricklingBodyIsCutOff: a request whose body comes one byte at a time
// is cut off at ReadTimeout, and an idle kept-alive connection is closed at
// IdleTimeout. The deadlines on the test's side only keep a failure from
// hanging; nothing is timed.
func TestTricklingBodyIsCutOff(t *testing.T) {
	h := startHarness(t, Options{ReadTimeout: 300 * time.Millisecond, IdleTimeout: 300 * time.Millisecond})
	addr := strings.TrimPrefix(h.run.URL, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	head := "POST /stories HTTP/1.1\r\nHost: " + addr + "\r\nAuthorization: " + h.apiBasic() +
		"\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nworkspace_id="
	if _, err := io.WriteString(conn, head); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if _, err := conn.Write([]byte("1")); err != nil {
					return
				}
			}
		}
	}()
	if err := conn.SetReadDeadline(time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	rest, err := io.ReadAll(conn)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the trickling request is still open after a minute (read %q)", rest)
	}
	if strings.Contains(string(rest), "200 OK") {
		t.Fatalf("the trickling request was served: %q", rest)
	}

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	if err := idle.SetReadDeadline(time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := io.WriteString(idle, "GET /quickstart/testauth HTTP/1.1\r\nHost: "+addr+"\r\nAuthorization: "+h.apiBasic()+"\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	rd := bufio.NewReader(idle)
	resp, err := http.ReadResponse(rd, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(io.Discard, resp.Body); err != nil || resp.Close {
		t.Fatalf("first answer on the kept-alive connection: %v (close %v)", err, resp.Close)
	}
	resp.Body.Close()
	if _, err := rd.ReadByte(); err != io.EOF {
		t.Fatalf("an idle kept-alive connection: %v, want it closed", err)
	}
}
