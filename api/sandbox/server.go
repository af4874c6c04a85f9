package sandbox

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"sync"
	"time"
	"triage/assets"
)

// Options configure a Server. The zero value serves the seed content in memory
// with the real service's lifetimes and no rate limit.
type Options struct {
	// Clock returns the current time; time.Now when nil. Tests inject one to
	// expire codes and tokens without sleeping.
	Clock func() time.Time
	// CodeTTL is how long an authorization code may be exchanged (default 5m).
	CodeTTL time.Duration
	// TokenTTL is the lifetime of user-mode access tokens (default 7200s).
	TokenTTL time.Duration
	// Latency delays every request, as a distant service would. A request
	// whose context ends while it waits gets no answer.
	Latency time.Duration
	// Rate is how many requests each credential may make per RateWindow
	// before it gets 429; 0 turns the limit off.
	Rate int
	// RateWindow is the period Rate counts over (default DefaultRateWindow,
	// 10 minutes; the real service also publishes per-minute figures).
	RateWindow time.Duration
	// DataPath is the database file that keeps the state across restarts and
	// crashes; "" keeps everything in memory.
	DataPath string
	// ExtraItems adds that many generated items per workspace and kind to the seed.
	ExtraItems int
	// ReadTimeout bounds the reading of a whole request, body included, so a
	// body that trickles in is cut off (default DefaultReadTimeout).
	ReadTimeout time.Duration
	// Progress, when set, hears how many of the item sets of the seed are
	// built (done of total), from one goroutine at a time.
	Progress func(done, total int)
	// FreshSecrets makes the secrets (client secret, API passwords, personal
	// tokens) with crypto/rand when the content is seeded, instead of the
	// seed's fixed ones; a database keeps them.
	FreshSecrets bool
	// IdleTimeout closes a kept-alive connection that sends no request
	// (default DefaultIdleTimeout).
	IdleTimeout time.Duration
}

// Default lifetimes, as the real service has them, and how long a
// connection may take to send a request or stay idle.
const (
	DefaultCodeTTL     = 5 * time.Minute
	DefaultTokenTTL    = 7200 * time.Second
	DefaultReadTimeout = 30 * time.Second
	DefaultIdleTimeout = 2 * time.Minute
)

// Server is the local service. It is safe for concurrent use.
type Server struct {
	opts   Options
	clock  func() time.Time
	pages  *template.Template
	router *http.ServeMux // the route table (routes.go)
	db     *store         // nil without DataPath
	rate   *rateLimiter
	guard  *guard // failed sign-ins per account

	// mu guards world and the maps below. Handlers hold it (RLock to read,
	// Lock to write) while they touch them and copy what they answer.
	mu       sync.RWMutex
	world    *world
	codes    map[string]*AuthCode
	tokens   map[string]*AccessToken
	sessions map[string]*BrowserSession
	// The keys of codes, tokens and sessions in the order they were made,
	// which is the order they expire in (fifo.go).
	codeOrder, tokenOrder, anonymousOrder, signedInOrder fifo
	signedIn                                             int // sessions with a nick

	// downloadKey signs the download addresses of attachments (attachments.go).
	downloadKey []byte

	gzips sync.Pool // gzip writers of answers, reused (see exchange.send)

	closeOnce sync.Once
	closeErr  error
}

// New builds a server: it loads the state from Options.DataPath when the
// database holds one, and seeds the content otherwise.
func New(opts Options) (*Server, error) {
	if opts.CodeTTL < 0 || opts.TokenTTL < 0 || opts.Latency < 0 || opts.Rate < 0 || opts.RateWindow < 0 || opts.ExtraItems < 0 ||
		opts.ReadTimeout < 0 || opts.IdleTimeout < 0 {
		return nil, errors.New("sandbox: code TTL, token TTL, latency, rate, rate window, extra items and timeouts must not be negative")
	}
	if opts.ReadTimeout == 0 {
		opts.ReadTimeout = DefaultReadTimeout
	}
	if opts.IdleTimeout == 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	if opts.CodeTTL == 0 {
		opts.CodeTTL = DefaultCodeTTL
	}
	if opts.TokenTTL == 0 {
		opts.TokenTTL = DefaultTokenTTL
	}
	if opts.TokenTTL < time.Second {
		return nil, errors.New("sandbox: token TTL must be at least one second")
	}
	clock := opts.Clock
	if clock == nil {
		clock = time.Now
	}
	pages, err := template.ParseFS(assets.Web, "web/*.html")
	if err != nil {
		return nil, fmt.Errorf("sandbox: parse page templates: %w", err)
	}
	s := &Server{
		opts:     opts,
		clock:    clock,
		pages:    pages,
		rate:     newRateLimiter(opts.Rate, opts.RateWindow),
		guard:    newGuard(),
		codes:    make(map[string]*AuthCode),
		tokens:   make(map[string]*AccessToken),
		sessions: make(map[string]*BrowserSession),
	}
	s.downloadKey = make([]byte, 32)
	if _, err := rand.Read(s.downloadKey); err != nil {
		return nil, fmt.Errorf("sandbox: make the key of download addresses: %w", err)
	}
	if err := s.loadOrSeed(); err != nil {
		if s.db != nil {
			_ = s.db.close()
		}
		return nil, err
	}
	s.router = s.routes()
	return s, nil
}

// now is the injected clock's time.
func (s *Server) now() time.Time { return s.clock() }

// Close releases the database. The server must not serve after Close.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		if s.db != nil {
			s.closeErr = s.db.close()
		}
	})
	return s.closeErr
}

// delay waits for the configured latency; it reports false when the request
// was cancelled meanwhile.
func (s *Server) delay(ctx context.Context) bool {
	if s.opts.Latency <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(s.opts.Latency)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// HTTPServer is an http.Server for s with its timeouts: headers within 10 s,
// the whole request within ReadTimeout, idle connections closed after
// IdleTimeout. Serve it on a listener of the caller's.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{
		Handler:           s,
		ReadHeaderTimeout: min(10*time.Second, s.opts.ReadTimeout),
		ReadTimeout:       s.opts.ReadTimeout,
		IdleTimeout:       s.opts.IdleTimeout,
	}
}

// Running is a server listening on a loopback port, for tests and demos.
type Running struct {
	// URL is the base address, e.g. http://127.0.0.1:43127: both base_url and
	// auth_url.
	URL string
	// Server is the service behind the listener.
	Server *Server

	http      *http.Server
	done      chan error
	closeOnce sync.Once
	closeErr  error
}

// Start builds a server with opts and serves it on 127.0.0.1 on a free port.
func Start(opts Options) (*Running, error) {
	s, err := New(opts)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		_ = s.Close()
		return nil, fmt.Errorf("sandbox: listen: %w", err)
	}
	hs := s.HTTPServer()
	run := &Running{URL: "http://" + ln.Addr().String(), Server: s, http: hs, done: make(chan error, 1)}
	go func() { run.done <- hs.Serve(ln) }()
	return run, nil
}

// Close stops listening, drops open connections and closes the server. It
// may be called more than once.
func (r *Running) Close() error {
	r.closeOnce.Do(func() {
		err := r.http.Close()
		if serveErr := <-r.done; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
			err = serveErr
		}
		if cerr := r.Server.Close(); err == nil {
			err = cerr
		}
		r.closeErr = err
	})
	return r.closeErr
}

// DemoInfo is what a person needs to try the service: the Basic API account
// of the first company, the first registered OAuth application and the users.
// It holds secrets: print its fields on purpose, never log it whole.
type DemoInfo struct {
	APIUser      string
	APIPassword  string
	ClientID     string
	ClientSecret string
	RedirectURIs []string
	Users        []DemoUser
}

// DemoUser is a person who can sign in to the authorization page.
type DemoUser struct {
	Nick          string
	Name          string
	Password      string
	PersonalToken string
	Workspaces    []int64
}

// String omits the secrets.
func (d DemoInfo) String() string {
	return fmt.Sprintf("demo(api user %s, client %s, %d users)", d.APIUser, d.ClientID, len(d.Users))
}

// GoString omits the secrets.
func (d DemoInfo) GoString() string { return d.String() }

// Demo returns the demo credentials from the current content.
func (s *Server) Demo() DemoInfo {
	s.mu.RLock()
	defer s.mu.RUnlock()
	var d DemoInfo
	if len(s.world.Companies) > 0 {
		d.APIUser = s.world.Companies[0].APIUser
		d.APIPassword = s.world.Companies[0].APIPassword
	}
	if len(s.world.Clients) > 0 {
		c := s.world.Clients[0]
		d.ClientID, d.ClientSecret = c.ID, c.Secret
		d.RedirectURIs = append([]string(nil), c.RedirectURIs...)
	}
	for _, u := range s.world.Users {
		d.Users = append(d.Users, DemoUser{
			Nick: u.Nick, Name: u.Name, Password: u.Password, PersonalToken: u.PersonalToken,
			Workspaces: append([]int64(nil), u.Workspaces...),
		})
	}
	return d
}
