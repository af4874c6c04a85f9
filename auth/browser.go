package auth

import (
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"time"

	"github.com/cli/browser"
)

// Environment variables naming the browser program; TRIAGE_BROWSER wins.
const (
	EnvTriageBrowser = "TRIAGE_BROWSER"
	EnvBrowser       = "BROWSER"
)

// cli/browser runs xdg-open and friends with their output on the terminal,
// where it would draw over the UI; it has no per-call setting, so its
// writers are set once, before anything runs.
func init() {
	browser.Stdout = io.Discard
	browser.Stderr = io.Discard
}

// NewDefaultBrowserOpener returns the opener StartOAuth uses when
// OAuthConfig.OpenBrowser is nil. env looks up environment variables
// (os.Getenv, or a map in tests).
//
//   - A program named in TRIAGE_BROWSER, else in BROWSER, is always used: it
//     is started with the URL as its only argument, its output discarded; a
//     program that fails within BrowserGrace (BROWSER=/bin/false) is an
//     error, one still running then is taken as opened (it is reaped in the
//     background).
//   - Otherwise, on Linux without DISPLAY or WAYLAND_DISPLAY (and outside
//     WSL), there is no browser to open: it returns ErrNoBrowser at once.
//   - Otherwise github.com/cli/browser opens the system's browser.
func NewDefaultBrowserOpener(env func(string) string) func(url string) error {
	return func(url string) error {
		if prog := browserProgram(env); prog != "" {
			return startBrowser(prog, url)
		}
		if runtime.GOOS == "linux" && !hasDisplay(env) {
			return ErrNoBrowser
		}
		if err := browser.OpenURL(url); err != nil {
			return fmt.Errorf("starting the system browser: %w", err)
		}
		return nil
	}
}

// browserProgram is the program the user named, if any.
func browserProgram(env func(string) string) string {
	if p := env(EnvTriageBrowser); p != "" {
		return p
	}
	return env(EnvBrowser)
}

// hasDisplay reports whether a graphical browser can show up on Linux.
func hasDisplay(env func(string) string) bool {
	return env("DISPLAY") != "" || env("WAYLAND_DISPLAY") != "" || env("WSL_DISTRO_NAME") != ""
}

// BrowserGrace is how long a browser program is given to fail before it is
// taken as opened: openers such as xdg-open hand the address over and exit
// at once; a browser itself keeps running.
const BrowserGrace = time.Second

// startBrowser starts prog with the URL, output discarded, and reports its
// failure when it exits with an error within BrowserGrace; it is reaped in
// the background.
func startBrowser(prog, url string) error {
	cmd := exec.Command(prog, url)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the browser program %s (named in %s or %s): %w", prog, EnvTriageBrowser, EnvBrowser, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(BrowserGrace)
	defer timer.Stop()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("the browser program %s (named in %s or %s) failed: %w", prog, EnvTriageBrowser, EnvBrowser, err)
		}
	case <-timer.C:
	}
	return nil
}
