package serve

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
	"triage/api"

	"triage/api/sandbox"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// Options are what `triage serve` runs with: its streams, the address to
// listen on and the service's own options.
type Options struct {
	IO      *wiring.Factory
	Addr    string
	Service sandbox.Options
}

// NewCmd is `triage serve`: it reads the flags into Options and calls runF
// with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("serve", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		fs.StringVar(&o.Addr, "addr", "127.0.0.1:8080", "`ADDRESS` to listen on; port 0 picks a free port")
		fs.StringVar(&o.Service.DataPath, "data", "", "database `FILE` that keeps the state across restarts (default: memory only)")
		fs.IntVar(&o.Service.ExtraItems, "items", 0, "`N` generated items to add per workspace and kind")
		fs.DurationVar(&o.Service.Latency, "latency", 0, "delay every request by `DURATION` (e.g. 50ms)")
		fs.IntVar(&o.Service.Rate, "rate", 0, "`N` requests per --rate-window per credential before 429 (0: no limit)")
		fs.DurationVar(&o.Service.RateWindow, "rate-window", sandbox.DefaultRateWindow, "the `DURATION` --rate counts over")
		fs.DurationVar(&o.Service.CodeTTL, "code-ttl", sandbox.DefaultCodeTTL, "lifetime of authorization codes, a `DURATION`")
		fs.DurationVar(&o.Service.TokenTTL, "token-ttl", sandbox.DefaultTokenTTL, "lifetime of user-mode access tokens, a `DURATION`")
		return o
	}, nil, runF)
}

// Run runs the local service in the foreground until ctx ends.
func Run(ctx context.Context, o *Options) error {
	c, opts := o.IO, o.Service
	opts.FreshSecrets = true
	srv, err := sandbox.New(opts)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", o.Addr)
	if err != nil {
		return api.Errorf("cannot listen on %s: %w (choose another --addr, or port 0 for any free one)", o.Addr, err)
	}
	base := "http://" + ln.Addr().String()
	if warning := ExposureWarning(ln.Addr()); warning != "" {
		fmt.Fprint(c.Stderr, warning)
	}
	printServeEnv(c, base, srv.Demo())
	fmt.Fprintln(c.Stderr, i18n.Tf("triage serve: listening on %s (Ctrl-C stops)", base))

	hs := srv.HTTPServer()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	select {
	case err := <-served:
		return api.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// Requests under way get a moment to finish; connections that stay open
	// after it (a client's unused keep-alive) are closed, not waited for.
	shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if hs.Shutdown(shutdown) != nil {
		err = hs.Close()
	}
	if serr := <-served; !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	if cerr := srv.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return api.Errorf("stopping: %w", err)
	}
	if opts.DataPath == "" {
		fmt.Fprintln(c.Stderr, i18n.T("triage serve: stopped; its state was in memory only (--data FILE keeps it)"))
		return nil
	}
	fmt.Fprintln(c.Stderr, i18n.Tf("triage serve: stopped, state saved in %s", opts.DataPath))
	return nil
}

// ExposureWarning is a loud notice when the service listens where other
// machines can reach it, "" on a loopback address.
func ExposureWarning(addr net.Addr) string {
	if tcp, ok := addr.(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		return ""
	}
	rule := strings.Repeat("!", 72)
	return rule + "\n" +
		i18n.Tf("triage serve: WARNING: listening on %s, which other machines can reach.\nThe sandbox is for tests: its web passwords are the demo's, printed below and known to\nanyone who has triage, and whoever reaches it can read and change its items.\nListen on a loopback address (--addr 127.0.0.1:PORT) unless you mean to share it.", addr) + "\n" +
		rule + "\n"
}

// printServeEnv prints shell-ready lines that point any client at the service.
// The secrets are printed on purpose: they were made for this service at its
// first start (kept with --data) and are how a person reaches it.
func printServeEnv(c *wiring.Factory, base string, demo sandbox.DemoInfo) {
	lines := [][2]string{
		{"TRIAGE_BASE_URL", base},
		{"TRIAGE_AUTH_URL", base},
		{"TRIAGE_WEB_URL", base},
		{"TRIAGE_API_USER", demo.APIUser},
		{"TRIAGE_API_PASSWORD", demo.APIPassword},
		{"TRIAGE_CLIENT_ID", demo.ClientID},
		{"TRIAGE_CLIENT_SECRET", demo.ClientSecret},
	}
	if len(demo.Users) > 0 {
		lines = append(lines, [2]string{"TRIAGE_TOKEN", demo.Users[0].PersonalToken})
	}
	for _, l := range lines {
		fmt.Fprintf(c.Stdout, "export %s=%s\n", l[0], ShellQuote(l[1]))
	}
	users := make([]string, 0, len(demo.Users))
	for _, u := range demo.Users {
		users = append(users, u.Nick+" / "+u.Password)
	}
	fmt.Fprintf(c.Stdout, "# demo users (nick / web password): %s\n", strings.Join(users, ", "))
}

// ShellQuote quotes s for a POSIX shell when it needs it.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:@%+=,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
