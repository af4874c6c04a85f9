package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// terminal is a program running in a private tmux server, driven by keys
// and read from its screen as a person would.
type terminal struct {
	t      testing.TB
	socket string
}

var terminalSeq atomic.Int64

// requireTmux skips the test without tmux, and fails it in CI.
func requireTmux(t testing.TB) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("tmux is missing; .ci/run installs it")
		}
		t.Skip("tmux is not installed (apt-get install tmux)")
	}
}

// startTerminal runs argv in a width×height tmux window with env added to
// the environment. The window stays open after the program ends, so its last
// screen can still be read; Exited tells when it ended.
func startTerminal(t testing.TB, width, height int, env []string, argv ...string) *terminal {
	t.Helper()
	requireTmux(t)
	term := &terminal{t: t, socket: fmt.Sprintf("triage-test-%d-%d", os.Getpid(), terminalSeq.Add(1))}
	t.Cleanup(func() { _ = exec.Command("tmux", "-L", term.socket, "kill-server").Run() })
	script := filepath.Join(t.TempDir(), "run.sh")
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		fmt.Fprintf(&b, "export %s=%s\n", k, shellQuote(v))
	}
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(shellQuote(a))
	}
	b.WriteString("\necho \"[exit $?]\"\nsleep 600\n")
	if err := os.WriteFile(script, []byte(b.String()), 0o700); err != nil {
		t.Fatal(err)
	}
	term.tmux("new-session", "-d", "-x", fmt.Sprint(width), "-y", fmt.Sprint(height), script)
	return term
}

func (term *terminal) tmux(args ...string) string {
	term.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", term.socket}, args...)...).CombinedOutput()
	if err != nil {
		term.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// shellQuote quotes s for a POSIX shell, leaving plain words as they are.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Send types keys, in tmux's key names ("]", "Tab", "Enter", "C-c").
func (term *terminal) Send(keys ...string) {
	term.t.Helper()
	term.tmux(append([]string{"send-keys", "-t", "0"}, keys...)...)
}

// Type types text literally.
func (term *terminal) Type(text string) {
	term.t.Helper()
	term.tmux("send-keys", "-t", "0", "-l", text)
}

// Screen is what the window shows now.
func (term *terminal) Screen() string {
	term.t.Helper()
	return term.tmux("capture-pane", "-p", "-t", "0")
}

// WaitFor waits until the screen shows every text, and returns it.
func (term *terminal) WaitFor(timeout time.Duration, texts ...string) string {
	term.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		screen := term.Screen()
		missing := ""
		for _, text := range texts {
			if !strings.Contains(screen, text) {
				missing = text
				break
			}
		}
		if missing == "" {
			return screen
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("the screen never showed %q in %s; it shows:\n%s", missing, timeout, screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// WaitUntil waits until ok holds of the screen, and returns it: for what
// a text alone does not say, as where the cursor is (a frame may be read
// while it is drawn).
func (term *terminal) WaitUntil(timeout time.Duration, what string, ok func(screen string) bool) string {
	term.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		screen := term.Screen()
		if ok(screen) {
			return screen
		}
		if time.Now().After(deadline) {
			term.t.Fatalf("the screen never showed %s in %s; it shows:\n%s", what, timeout, screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Exited waits for the program to end and returns its exit line, "[exit N]".
func (term *terminal) Exited(timeout time.Duration) string {
	term.t.Helper()
	screen := term.WaitFor(timeout, "[exit ")
	i := strings.LastIndex(screen, "[exit ")
	j := strings.Index(screen[i:], "]")
	return screen[i : i+j+1]
}
