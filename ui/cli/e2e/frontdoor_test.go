package e2e

import (
	"context"
	"errors"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/auth"
	"triage/store"
)

// frontDoor is a proxy in front of the local service, as nginx stands in
// front of one, on a fixed loopback address: it passes requests on and
// records them, or answers as a proxy does when the service behind it is
// down or busy, or stops listening (a stopped service: connections are
// refused).
type frontDoor struct {
	t     *testing.T
	addr  string
	inner http.Handler
	token string // the demo user's personal token

	mu     sync.Mutex
	answer string   // "": pass on; else one of the answers of fail
	seen   []string // "GET /stories" of the requests passed on
	srv    *http.Server
}

// The answers of a proxy whose service is down or busy.
const (
	answerNginx503 = "nginx 503"
	answer502      = "502"
	answer504      = "504"
	answerJSON500  = "JSON 500"
	answer429      = "429"
	answerWrite503 = "503 to writes"
	answerRefused  = "refused"
)

// newFrontDoor starts the local service and a front door to it.
func newFrontDoor(t *testing.T) *frontDoor {
	t.Helper()
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	f := &frontDoor{t: t, addr: freeAddr(t), inner: sb}
	for _, u := range sb.Demo().Users {
		if u.Nick == "demo" {
			f.token = u.PersonalToken
		}
	}
	f.listen()
	t.Cleanup(func() { f.stop() })
	return f
}

// URL is the address of the service as triage knows it.
func (f *frontDoor) URL() string { return "http://" + f.addr }

// env is the environment of a triage run in home against the front door.
func (f *frontDoor) env(home string) []string {
	return homeEnv(home, "TRIAGE_BASE_URL="+f.URL(), "TRIAGE_AUTH_URL="+f.URL(), "TRIAGE_WEB_URL=https://www.tapd.cn", "TRIAGE_WORKSPACE=10022001", "TZ=UTC")
}

// login stores the demo user's token for the service, as triage login does.
func (f *frontDoor) login(home string) {
	f.t.Helper()
	if out, errOut, code := runBinary(f.t, f.env(home), f.token+"\n", "login", "--token"); code != 0 {
		f.t.Fatalf("login --token exited %d:\n%s%s", code, out, errOut)
	}
}

func (f *frontDoor) listen() {
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		f.t.Fatal(err)
	}
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second}
	f.srv = srv
	go func() { _ = srv.Serve(ln) }()
}

func (f *frontDoor) stop() {
	if f.srv != nil {
		_ = f.srv.Close()
		f.srv = nil
	}
}

// set makes the front door answer so from now on ("": pass requests on).
func (f *frontDoor) set(answer string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case answer == answerRefused:
		f.stop()
	case f.srv == nil:
		f.listen()
	}
	f.answer = answer
}

// requests are the requests passed on since the last call, and forgets them.
func (f *frontDoor) requests() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := f.seen
	f.seen = nil
	return out
}

// count is how many of reqs start with prefix ("GET /bugs", "POST").
func count(reqs []string, prefix string) int {
	n := 0
	for _, r := range reqs {
		if strings.HasPrefix(r, prefix) {
			n++
		}
	}
	return n
}

func (f *frontDoor) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	answer := f.answer
	if answer == "" || answer == answerWrite503 && r.Method == http.MethodGet {
		f.seen = append(f.seen, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		f.mu.Unlock()
		f.inner.ServeHTTP(w, r)
		return
	}
	f.mu.Unlock()
	page := func(code int, title string) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Server", "nginx")
		w.WriteHeader(code)
		_, _ = w.Write([]byte("<html>\r\n<head><title>" + title + "</title></head>\r\n<body>\r\n<center><h1>" + title + "</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"))
	}
	switch answer {
	case answerNginx503, answerWrite503:
		page(http.StatusServiceUnavailable, "503 Service Temporarily Unavailable")
	case answer502:
		page(http.StatusBadGateway, "502 Bad Gateway")
	case answer504:
		page(http.StatusGatewayTimeout, "504 Gateway Time-out")
	case answerJSON500:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"status":500,"data":"","info":"internal error"}`))
	case answer429:
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Retry-After", "0")
		w.WriteHeader(http.StatusTooManyRequests)
		_, _ = w.Write([]byte(`{"status":429,"data":"","info":"too many requests"}`))
	}
}

// flush sends the demo user's pending edits as the board does when it next
// opens the profile in home, all due now.
func (f *frontDoor) flush(home string) []store.Result {
	f.t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(home, "state", "triage", store.OutboxFile))
	if err != nil {
		f.t.Fatal(err)
	}
	defer ob.Close()
	client := api.NewClient(f.URL(), auth.Session{Method: auth.MethodToken, Token: f.token}.Authorizer())
	later := func() time.Time { return time.Now().Add(time.Hour) }
	sender := store.NewSender(ob, client, store.SenderConfig{Service: f.URL(), Session: store.NewSessionID(time.Now()), Now: later})
	results, err := sender.Flush(context.Background(), "demo")
	if err != nil && !errors.Is(err, context.Canceled) {
		f.t.Fatalf("flush: %v", err)
	}
	return results
}

// pending are the demo user's edits waiting in the outbox of home.
func (f *frontDoor) pending(home string) []store.Edit {
	f.t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(home, "state", "triage", store.OutboxFile))
	if err != nil {
		f.t.Fatal(err)
	}
	defer ob.Close()
	edits, err := ob.Pending(f.URL(), "demo")
	if err != nil {
		f.t.Fatal(err)
	}
	return edits
}
