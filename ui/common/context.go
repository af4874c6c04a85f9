package common

import (
	"context"
	"log/slog"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// Context is the one shared program context, passed by pointer (gh-dash
// style). The root owns it: it sets sizes, the session's user, method and
// expiry, the workspace, and rebuilds Styles in place when the terminal's
// background is known. Views read it; they never replace the pointers.
type Context struct {
	// Base is the parent of every request a view starts; it is cancelled when
	// the program ends. Nil means context.Background().
	Base context.Context

	Service Service
	Styles  *Styles
	Keys    *KeyMap
	Tasks   *Tasks
	// KeyOverrides are the user's keys; each view remaps its key map with
	// them when it is made (nil: the defaults).
	KeyOverrides KeyOverrides
	// Commands are the config's commands, run on the board's focused item
	// by RunCommand, which starts them through store/launch (nil: they
	// cannot run); Views its saved views.
	Commands   []store.Command
	RunCommand func(ctx context.Context, args []string) (output string, err error)
	Views      []store.SavedView
	// ConfigFile is the config file the board saves the views made on it
	// to (store.SaveView); "": they cannot be saved.
	ConfigFile string

	// Edits and Cache are the outbox and the item cache; nil: the board
	// cannot edit (Edits), or starts without a cached board (Cache).
	Edits Edits
	Cache Cache
	// Seen keeps what the user last looked at, across runs; nil: this
	// run's marks start from its first look and are not kept.
	Seen SeenKeeper
	// Session names this run of the app (store.NewSessionID): the edits it
	// makes carry it, for undo, the U view and `triage log`.
	Session string

	Width, Height int // of the area a view may draw in (below: SetSize)

	ServiceURL string // base URL of the service, shown in the status line
	WebURL     string // web app address, for `o` and `y` (item.WebURL(WebURL))

	User        string // nick; sent as current_user / creator
	Method      string // "oauth", "token", "basic", "demo"
	Workspace   api.Workspace
	WorkspaceID int64
	ExpiresAt   time.Time // zero: the credential does not expire

	Log *slog.Logger // the app's log of events and errors; nil: none
	// Notify hands a message to the program from any goroutine (its Send):
	// a request that waits for the rate limit says so through it (Waiting).
	// Nil: such waits are not told.
	Notify func(tea.Msg)
	// Budget is the account's rate budget, for what a bulk edit costs; nil:
	// not known.
	Budget  *api.Budget
	Now     func() time.Time       // nil: time.Now
	OpenURL func(url string) error // opens the browser; nil: not available
	// Zone is where times are shown: the service writes its own local time
	// (UTC+8); views show the user's. Nil: time.Local.
	Zone *time.Location
}

// NewContext returns a context with styles for a dark background (or
// NO_COLOR), the default keys and an empty task registry.
func NewContext(svc Service, noColor bool) *Context {
	return &Context{
		Service: svc,
		Styles:  NewStyles(true, noColor),
		Keys:    DefaultKeyMap(),
		Tasks:   NewTasks(),
	}
}

// Request is the context a view passes to the service.
func (c *Context) Request() context.Context {
	if c.Base == nil {
		return context.Background()
	}
	return c.Base
}

// Logger is the app's log, or a logger that writes nowhere.
func (c *Context) Logger() *slog.Logger {
	if c.Log == nil {
		return slog.New(slog.DiscardHandler)
	}
	return c.Log
}

// Clock returns the current time from Now, or time.Now.
func (c *Context) Clock() time.Time {
	if c.Now == nil {
		return time.Now()
	}
	return c.Now()
}

// ShownTime is a time the service wrote, in the user's zone, to the minute;
// a value it cannot read is shown as it came.
func (c *Context) ShownTime(service string) string {
	t, err := api.ParseTime(service)
	if err != nil {
		return service
	}
	zone := c.Zone
	if zone == nil {
		zone = time.Local
	}
	return t.In(zone).Format("2006-01-02 15:04")
}

// Remaining is the credential's remaining life, and false when it does not expire.
func (c *Context) Remaining() (time.Duration, bool) {
	if c.ExpiresAt.IsZero() {
		return 0, false
	}
	return c.ExpiresAt.Sub(c.Clock()), true
}
