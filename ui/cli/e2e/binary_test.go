package e2e

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The end-to-end tests run the real binary, built once per test run.
var (
	buildOnce sync.Once
	builtBin  string
	buildErr  error
)

// TestMain removes the binary the tests built, so no run leaves it behind.
// The binaries it runs speak English whatever the machine's locale, unless
// a test asks for another language.
func TestMain(m *testing.M) {
	_ = os.Setenv("TRIAGE_LANG", "en")
	code := m.Run()
	if builtBin != "" && buildErr == nil {
		_ = os.RemoveAll(filepath.Dir(builtBin))
	}
	os.Exit(code)
}

// triageBinary builds the triage command into a temporary directory.
func triageBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "triage-bin-")
		if err != nil {
			buildErr = err
			return
		}
		builtBin = filepath.Join(dir, "triage")
		root, err := findModuleRoot()
		if err != nil {
			buildErr = err
			return
		}
		build := exec.Command("go", "build", "-o", builtBin, ".")
		build.Dir = root
		out, err := build.CombinedOutput()
		if err != nil {
			buildErr = err
			builtBin = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, builtBin)
	}
	return builtBin
}

// findModuleRoot is the folder of the nearest go.mod above the test's working
// directory: the module's root, where the triage command's main package is.
func findModuleRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no go.mod above %s: run the tests inside the triage module", wd)
		}
	}
}

// moduleRoot is findModuleRoot for a test, which fails without one.
func moduleRoot(t testing.TB) string {
	t.Helper()
	root, err := findModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// runBinary runs the built triage without a terminal, with env added to the
// environment and stdin, and returns what it printed and its exit code.
func runBinary(t *testing.T, env []string, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(triageBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exitErr *exec.ExitError
	switch {
	case errors.As(err, &exitErr):
		code = exitErr.ExitCode()
	case err != nil:
		t.Fatalf("triage %s: %v", strings.Join(args, " "), err)
	}
	return out.String(), errOut.String(), code
}

// served is a `triage serve` process and the environment it printed.
type served struct {
	cmd    *exec.Cmd
	env    map[string]string
	stderr *strings.Builder
	done   chan error
}

// startServe runs `triage serve --addr 127.0.0.1:0 args...` and reads its export lines.
func startServe(t testing.TB, args ...string) *served {
	t.Helper()
	cmd := exec.Command(triageBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &served{cmd: cmd, env: map[string]string{}, stderr: &strings.Builder{}, done: make(chan error, 1)}
	cmd.Stderr = &lockedWriter{w: s.stderr}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.stop(t) })
	go func() { s.done <- cmd.Wait() }()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, stdout)
	}()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("serve ended before printing its environment; stderr:\n%s", s.stderr)
			}
			if strings.HasPrefix(line, "# demo users") {
				s.env["#users"] = line
				return s
			}
			k, v, found := strings.Cut(strings.TrimPrefix(line, "export "), "=")
			if !strings.HasPrefix(line, "export ") || !found {
				t.Fatalf("serve printed a line that is not shell-ready: %q", line)
			}
			s.env[k] = strings.Trim(v, "'")
		case <-deadline:
			t.Fatalf("serve printed no environment in 30s; stderr:\n%s", s.stderr)
		}
	}
}

// stop interrupts the server and waits for it; it reports whether it exited cleanly.
func (s *served) stop(t testing.TB) error {
	if s.cmd.ProcessState != nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case err := <-s.done:
		return err
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		t.Errorf("serve did not stop on SIGINT")
		return <-s.done
	}
}

// lockedWriter lets a process write its stderr while a test reads it.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
