package auth

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// fakeBrowser writes a program that records its first argument in out.
func fakeBrowser(t *testing.T, dir, name, out string) string {
	t.Helper()
	return writeScript(t, dir, name, "printf '%s' \"$1\" > '"+out+"'\necho noise on stdout\necho noise on stderr >&2\n")
}

// writeScript writes a shell program named name in dir and returns its path.
func writeScript(t *testing.T, dir, name, body string) string {
	t.Helper()
	prog := filepath.Join(dir, name)
	if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+body), 0o700); err != nil {
		t.Fatal(err)
	}
	return prog
}

// readWhenWritten waits (bounded) for the fake browser to write its file.
func readWhenWritten(t *testing.T, path string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, err := os.ReadFile(path)
		if err == nil && len(b) > 0 {
			return string(b)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the fake browser never wrote %s", path)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaultBrowserOpenerPicksTheNamedProgram(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell script browser")
	}
	const target = "http://127.0.0.1:9/oauth/?scope=story%23read%20bug%23read&state=abc"
	tests := []struct {
		name   string
		env    func(triage, browser string) map[string]string
		winner string
	}{
		{name: "TRIAGE_BROWSER over BROWSER", env: func(tr, br string) map[string]string {
			return map[string]string{EnvTriageBrowser: tr, EnvBrowser: br}
		}, winner: "triage"},
		{name: "BROWSER alone, no display", env: func(_, br string) map[string]string {
			return map[string]string{EnvBrowser: br}
		}, winner: "browser"},
		{name: "TRIAGE_BROWSER with a display", env: func(tr, _ string) map[string]string {
			return map[string]string{EnvTriageBrowser: tr, "DISPLAY": ":0"}
		}, winner: "triage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			outs := map[string]string{"triage": filepath.Join(dir, "triage.out"), "browser": filepath.Join(dir, "browser.out")}
			tr := fakeBrowser(t, dir, "triage-browser", outs["triage"])
			br := fakeBrowser(t, dir, "plain-browser", outs["browser"])
			open := NewDefaultBrowserOpener(envOf(tt.env(tr, br)))
			if err := open(target); err != nil {
				t.Fatalf("open: %v", err)
			}
			if got := readWhenWritten(t, outs[tt.winner]); got != target {
				t.Fatalf("browser got %q, want %q", got, target)
			}
			for name, out := range outs {
				if name == tt.winner {
					continue
				}
				if _, err := os.Stat(out); err == nil {
					t.Fatalf("%s browser ran too", name)
				}
			}
		})
	}
}

func TestDefaultBrowserOpenerWithoutDisplay(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the no-display rule is Linux's")
	}
	err := NewDefaultBrowserOpener(envOf(map[string]string{"PATH": os.Getenv("PATH")}))("http://127.0.0.1:9/")
	if !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "by hand") {
		t.Fatalf("open without display = %v, want ErrNoBrowser", err)
	}
}

func TestDefaultBrowserOpenerMissingProgram(t *testing.T) {
	open := NewDefaultBrowserOpener(envOf(map[string]string{EnvTriageBrowser: filepath.Join(t.TempDir(), "nope")}))
	if err := open("http://127.0.0.1:9/"); err == nil || !strings.Contains(err.Error(), EnvTriageBrowser) {
		t.Fatalf("open = %v", err)
	}
}

func TestFlowOpenBrowser(t *testing.T) {
	svc := newFakeService(t)
	var opened string
	f := startFlow(t, context.Background(), svc, func(c *OAuthConfig) {
		c.OpenBrowser = func(u string) error { opened = u; return nil }
	})
	if err := f.OpenBrowser(); err != nil || opened != f.URL() {
		t.Fatalf("OpenBrowser = %v, opened %q", err, opened)
	}
	failing := startFlow(t, context.Background(), svc, func(c *OAuthConfig) {
		c.OpenBrowser = func(string) error { return ErrNoBrowser }
	})
	if err := failing.OpenBrowser(); !errors.Is(err, ErrNoBrowser) || !strings.Contains(err.Error(), "by hand") {
		t.Fatalf("OpenBrowser = %v", err)
	}
}
