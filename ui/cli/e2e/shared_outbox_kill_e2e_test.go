package e2e

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/auth"
	"triage/store"
)

// writeLog is the local service behind a recorder of its writes: each
// POST's form values, to count how often an edit's value was sent.
type writeLog struct {
	inner  http.Handler
	mu     sync.Mutex
	writes []string
}

func (w *writeLog) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		form, _ := url.ParseQuery(string(body))
		var values []string
		for _, vs := range form {
			values = append(values, vs...)
		}
		w.mu.Lock()
		w.writes = append(w.writes, r.URL.Path+" "+strings.Join(values, " "))
		w.mu.Unlock()
	}
	w.inner.ServeHTTP(rw, r)
}

// sent counts the writes that carried text.
func (w *writeLog) sent(text string) int {
	w.mu.Lock()
	defer w.mu.Unlock()
	n := 0
	for _, s := range w.writes {
		n += strings.Count(s, text)
	}
	return n
}

// stressRig is the local service, a profile logged in to it, and the board.
type stressRig struct {
	t     *testing.T
	url   string
	token string
	log   *writeLog
	home  string
	board *terminal
}

func newStressRig(t *testing.T) *stressRig {
	t.Helper()
	sb, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	rig := &stressRig{t: t, log: &writeLog{inner: sb}, home: t.TempDir()}
	for _, u := range sb.Demo().Users {
		if u.Nick == "demo" {
			rig.token = u.PersonalToken
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: rig.log, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	rig.url = "http://" + ln.Addr().String()
	if out, errOut, code := runBinary(t, rig.env(), rig.token+"\n", "login", "--token"); code != 0 {
		t.Fatalf("login --token exited %d:\n%s%s", code, out, errOut)
	}
	return rig
}

func (rig *stressRig) env() []string {
	return homeEnv(rig.home, "TRIAGE_BASE_URL="+rig.url, "TRIAGE_AUTH_URL="+rig.url, "TRIAGE_WEB_URL=https://www.tapd.cn", "TRIAGE_WORKSPACE=10022001", "TZ=UTC")
}

// openBoard starts the board and waits for its first screen.
func (rig *stressRig) openBoard() {
	rig.t.Helper()
	rig.board = startTerminal(rig.t, 120, 40, rig.env(), triageBinary(rig.t))
	rig.board.WaitFor(30*time.Second, "Stories 240")
}

// killBoard kills the board (-9) and waits until it is gone.
func (rig *stressRig) killBoard() {
	rig.t.Helper()
	shell := strings.TrimSpace(rig.board.tmux("display-message", "-p", "-t", "0", "#{pane_pid}"))
	children, err := os.ReadFile(filepath.Join("/proc", shell, "task", shell, "children"))
	if err != nil || len(strings.Fields(string(children))) != 1 {
		rig.t.Fatalf("finding the board: %q, %v", children, err)
	}
	pid, err := strconv.Atoi(strings.Fields(string(children))[0])
	if err != nil {
		rig.t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		rig.t.Fatalf("kill -9 %d: %v", pid, err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(filepath.Join("/proc", strconv.Itoa(pid))); errors.Is(err, os.ErrNotExist) {
			return
		}
		if time.Now().After(deadline) {
			rig.t.Fatalf("the board (%d) is still there 10s after kill -9", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// startSet starts `triage set` on a story: a new title and a comment, each
// carrying mark.
func (rig *stressRig) startSet(story int, mark string) (*exec.Cmd, *bytes.Buffer) {
	rig.t.Helper()
	cmd := exec.Command(triageBinary(rig.t), "set", fmt.Sprintf("story/%d", story), "--title", mark+"-title", "--comment", mark+"-note")
	cmd.Env = append(os.Environ(), rig.env()...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	if err := cmd.Start(); err != nil {
		rig.t.Fatal(err)
	}
	return cmd, &errOut
}

// outbox reads the profile's outbox as `triage log` does, beside the board.
func (rig *stressRig) outbox() (pending, all []store.Edit) {
	rig.t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(rig.home, "state", "triage", store.OutboxFile), store.ReadOnly())
	if err != nil {
		rig.t.Fatal(err)
	}
	defer ob.Close()
	if pending, err = ob.Pending(rig.url, "demo"); err != nil {
		rig.t.Fatal(err)
	}
	if all, err = ob.History(time.Time{}, ""); err != nil {
		rig.t.Fatal(err)
	}
	return pending, all
}

// TestEditsOnceWhileProcessesAreKilled: the board and, beside it, two
// `triage set` at a time edit stories of one profile through the shared
// outbox; in each of 20 runs one of the three is killed (-9) at a random
// moment, and a killed board is opened again. Once the board has sent what
// the killed left, every edit the outbox took is sent, and the service got
// each one once: each title written once, each comment there once.
func TestEditsOnceWhileProcessesAreKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("kills processes for a minute")
	}
	rig := newStressRig(t)
	rig.openBoard()
	rng := rand.New(rand.NewPCG(26, 7))
	killed := map[string]int{}
	for run := range 20 {
		a, aErr := rig.startSet(20+run, fmt.Sprintf("stress-r%02d-a", run))
		b, bErr := rig.startSet(60+run, fmt.Sprintf("stress-r%02d-b", run))
		victim := []string{"set a", "set b", "board"}[rng.IntN(3)]
		time.Sleep(time.Duration(rng.IntN(150)) * time.Millisecond) // the random moment, within a set's run
		switch victim {
		case "set a":
			_ = a.Process.Kill()
		case "set b":
			_ = b.Process.Kill()
		case "board":
			rig.killBoard()
		}
		for name, p := range map[string]struct {
			cmd *exec.Cmd
			out *bytes.Buffer
		}{"set a": {a, aErr}, "set b": {b, bErr}} {
			err := p.cmd.Wait()
			var exit *exec.ExitError
			switch {
			case name == victim && errors.As(err, &exit) && !exit.Exited():
				killed[name]++
			case err != nil:
				t.Errorf("run %d: %s ended with %v:\n%s", run, name, err, p.out)
			}
		}
		if victim == "board" {
			killed["board"]++
			rig.openBoard()
		}
	}

	deadline := time.Now().Add(90 * time.Second)
	for {
		pending, _ := rig.outbox()
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d edits still pending after the runs: %+v\n%s", len(pending), pending, rig.board.Screen())
		}
		time.Sleep(200 * time.Millisecond)
	}
	_, all := rig.outbox()
	client := api.NewClient(rig.url, auth.Session{Method: auth.MethodToken, Token: rig.token}.Authorizer())
	var writes, comments, retried int
	for _, e := range all {
		if e.Attempts > 1 {
			retried++ // claimed again after its first sender was killed
		}
		if e.State != store.StateSent {
			t.Errorf("edit %d (%s of %s) ended %s: %s", e.Seq, e.Op, e.ItemID, e.State, e.LastError)
			continue
		}
		switch e.Op {
		case store.OpTitle:
			if n := rig.log.sent(e.To); n != 1 {
				t.Errorf("title %q was written %d times, want once", e.To, n)
			}
			writes++
		case store.OpComment:
			list, err := client.Comments(context.Background(), 10022001, api.Story, e.ItemID)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, c := range list {
				n += strings.Count(c.Description, e.To)
			}
			if n != 1 {
				t.Errorf("comment %q is on story %s %d times, want once", e.To, e.ItemID, n)
			}
			comments++
		}
	}
	t.Logf("20 runs, killed: %v; the outbox took %d edits (%d titles, %d comments; %d claimed again after a kill), all sent once", killed, len(all), writes, comments, retried)
	if writes < 20 || comments < 20 {
		t.Errorf("only %d titles and %d comments reached the outbox in 20 runs of two sets: too few to tell", writes, comments)
	}
}
