package auth

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"time"

	"triage/api"
	"triage/store/launch"
)

// Environment variables naming the browser program; TRIAGE_BROWSER wins.
const (
	EnvTriageBrowser = "TRIAGE_BROWSER"
	EnvBrowser       = "BROWSER"
)

// NewDefaultBrowserOpener returns the opener StartOAuth uses when
// OAuthConfig.OpenBrowser is nil. env looks up environment variables
// (os.Getenv, or a map in tests). Every program it starts starts through
// store/launch: no credential triage holds reaches the browser.
//
//   - A program named in TRIAGE_BROWSER, else in BROWSER, is always used: it
//     is started with the URL as its only argument, its output discarded; a
//     program that fails within BrowserGrace (BROWSER=/bin/false) is an
//     error, one still running then is taken as opened (it is reaped in the
//     background).
//   - Otherwise, on Linux without DISPLAY or WAYLAND_DISPLAY (and outside
//     WSL), there is no browser to open: it returns ErrNoBrowser at once.
//   - Otherwise the system's opener (systemOpeners) opens the system's
//     browser, its output discarded.
func NewDefaultBrowserOpener(env func(string) string) func(url string) error {
	return func(url string) error {
		if prog := browserProgram(env); prog != "" {
			return startBrowser(prog, url)
		}
		if runtime.GOOS == "linux" && !hasDisplay(env) {
			return ErrNoBrowser
		}
		return openSystemBrowser(url)
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
	cmd := launch.Command(context.Background(), os.Environ(), prog, url)
	if err := cmd.Start(); err != nil {
		return api.Errorf("starting the browser program %s (named in %s or %s): %w", prog, EnvTriageBrowser, EnvBrowser, err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	timer := time.NewTimer(BrowserGrace)
	defer timer.Stop()
	select {
	case err := <-done:
		if err != nil {
			return api.Errorf("the browser program %s (named in %s or %s) failed: %w", prog, EnvTriageBrowser, EnvBrowser, err)
		}
	case <-timer.C:
	}
	return nil
}

// systemOpener is a program that opens an address in the system's browser
// and exits, with the arguments that come before the address.
type systemOpener struct {
	prog string
	args []string
}

// systemOpeners are the openers of the system's browser, the first found
// on PATH wins.
func systemOpeners() []systemOpener {
	switch runtime.GOOS {
	case "darwin":
		return []systemOpener{{prog: "open"}}
	case "windows":
		return []systemOpener{{prog: "rundll32", args: []string{"url.dll,FileProtocolHandler"}}}
	}
	return []systemOpener{{prog: "xdg-open"}, {prog: "x-www-browser"}, {prog: "www-browser"}, {prog: "wslview"}}
}

// openSystemBrowser opens url with the first system opener found, and waits
// for it to hand the address over.
func openSystemBrowser(url string) error {
	for _, o := range systemOpeners() {
		path, err := exec.LookPath(o.prog)
		if err != nil {
			continue
		}
		if err := launch.Command(context.Background(), os.Environ(), path, append(o.args, url)...).Run(); err != nil {
			return api.Errorf("starting the system browser with %s: %w", o.prog, err)
		}
		return nil
	}
	return api.Errorf("starting the system browser: %w", errNoOpener)
}

// errNoOpener is a system without any opener of the browser on PATH.
var errNoOpener = api.Errorf("no program that opens a browser (xdg-open, open) is on PATH; set BROWSER to one, or open the address by hand")
