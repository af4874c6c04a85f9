package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// requireChromium returns the Chromium program, or skips the test without
// it (fails it in CI, where .ci/run installs it).
func requireChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal("Chromium is missing; .ci/run installs it (apt-get install chromium)")
	}
	t.Skip("Chromium is not installed; to run the real-browser tests: apt-get install chromium tmux")
	return ""
}

// chrome is one headless Chromium with its own profile, driven through the
// DevTools protocol. Its one tab is the browser the user logs in with.
type chrome struct {
	t   *testing.T
	ctx context.Context
}

// startChrome starts Chromium on the profile directory (made fresh by the caller).
func startChrome(t *testing.T, profile string) *chrome {
	t.Helper()
	path := requireChromium(t)
	// Chromium keeps scratch folders in TMPDIR and crash reports under the
	// home's config folder: both go to a folder the test removes.
	scratch := t.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(900, 800),
		chromedp.Env("TMPDIR="+scratch, "HOME="+scratch, "XDG_CONFIG_HOME="+filepath.Join(scratch, "config"),
			"XDG_CACHE_HOME="+filepath.Join(scratch, "cache")),
	)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	if err := chromedp.Do(ctx); err != nil { // starts the browser, with no deadline
		t.Fatalf("starting Chromium: %v", err)
	}
	return &chrome{t: t, ctx: ctx}
}

// do runs steps on the tab within a deadline.
func (c *chrome) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		c.t.Fatalf("%s: %v\nthe page shows:\n%s", what, err, c.text())
	}
}

// text is the visible text of the page.
func (c *chrome) text() string {
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
	if err != nil {
		return fmt.Sprintf("(no text: %v)", err)
	}
	return s
}

// url is the address of the page.
func (c *chrome) url() string {
	ctx, cancel := context.WithTimeout(c.ctx, 10*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		return fmt.Sprintf("(no address: %v)", err)
	}
	return s
}

// waitText waits until the page shows want, and returns its text.
func (c *chrome) waitText(want string, timeout time.Duration) string {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		text := c.text()
		if strings.Contains(text, want) {
			return text
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the page at %s never showed %q in %s; it shows:\n%s", c.url(), want, timeout, text)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// screenshot saves the whole page as testdata/output/<name>.png for a person
// to look at, and returns the file's path.
func (c *chrome) screenshot(name string) string {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(c.ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		c.t.Fatalf("screenshot %s: %v", name, err)
	}
	dir := filepath.Join("testdata", "output")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		c.t.Fatal(err)
	}
	path := filepath.Join(dir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		c.t.Fatal(err)
	}
	return path
}

// urlCatcher is a TRIAGE_BROWSER program that opens nothing: it appends the
// address it is given to a file, which the test reads as the browser would.
type urlCatcher struct {
	t       *testing.T
	program string
	file    string
}

func newURLCatcher(t *testing.T) *urlCatcher {
	t.Helper()
	dir := t.TempDir()
	c := &urlCatcher{t: t, program: filepath.Join(dir, "open-url"), file: filepath.Join(dir, "urls")}
	script := "#!/bin/sh\nprintf '%s\\n' \"$1\" >> " + shellQuote(c.file) + "\n"
	if err := os.WriteFile(c.program, []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
	return c
}

// nth waits for the n-th address (from 1) the app asked to open.
func (c *urlCatcher) nth(n int, timeout time.Duration, screen func() string) string {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		data, _ := os.ReadFile(c.file)
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		if len(data) > 0 && len(lines) >= n {
			return lines[n-1]
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("the app asked to open no address #%d in %s; the terminal shows:\n%s", n, timeout, screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
