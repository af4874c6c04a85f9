package uitest

import (
	"go/token"
	"reflect"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// Updater is a model driven by a Driver: a view or the root.
type Updater interface {
	Update(tea.Msg) tea.Cmd
}

// Driver runs a model like a program, without a terminal: the test goroutine
// calls Update; commands run in goroutines and their messages queue until the
// test asks for them. Messages of the program itself (quit, clipboard, ...)
// are recorded, not acted on.
type Driver struct {
	t      testing.TB
	m      Updater
	queue  chan tea.Msg
	Seen   []tea.Msg // every message given to Update, in order
	Quit   bool      // a tea.Quit came back
	Others []tea.Msg // messages meant for the program (clipboard, ...)
}

// NewViewDriver drives a view.
func NewViewDriver(t testing.TB, c common.Component) *Driver {
	return NewDriver(t, &view{c})
}

type view struct{ c common.Component }

func (v *view) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	v.c, cmd = v.c.Update(msg)
	return cmd
}

// NewModelDriver drives a Bubble Tea model (the root).
func NewModelDriver(t testing.TB, m tea.Model) *Driver {
	return NewDriver(t, &model{m})
}

type model struct{ m tea.Model }

func (p *model) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	p.m, cmd = p.m.Update(msg)
	return cmd
}

// NewDriver drives m.
func NewDriver(t testing.TB, m Updater) *Driver {
	return &Driver{t: t, m: m, queue: make(chan tea.Msg, 256)}
}

// Send gives messages to the model now, in order, and starts their commands.
func (d *Driver) Send(msgs ...tea.Msg) {
	for _, msg := range msgs {
		d.deliver(msg)
	}
}

// Run starts commands as the program would (Init's, for one).
func (d *Driver) Run(cmds ...tea.Cmd) {
	for _, c := range cmds {
		d.run(c)
	}
}

// Press sends key presses by name (see Keys).
func (d *Driver) Press(names ...string) { d.Send(Keys(names...)...) }

func (d *Driver) deliver(msg tea.Msg) {
	d.Seen = append(d.Seen, msg)
	d.run(d.m.Update(msg))
}

func (d *Driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	go func() { d.queue <- cmd() }()
}

// route handles what a command returned: batches fan out, program messages
// are recorded, the rest goes to the model.
func (d *Driver) route(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
	case tea.QuitMsg:
		d.Quit = true
	default:
		if isProgramMsg(msg) {
			d.Others = append(d.Others, msg)
			return
		}
		d.deliver(msg)
	}
}

// isProgramMsg reports messages that only the program acts on: Bubble Tea's
// own unexported ones (clipboard, window title, ...).
func isProgramMsg(msg tea.Msg) bool {
	t := reflect.TypeOf(msg)
	return t.PkgPath() == "charm.land/bubbletea/v2" && !token.IsExported(t.Name())
}

// Until handles queued messages until cond holds; it fails the test after 20s.
func (d *Driver) Until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(20 * time.Second) // a bound for a loaded machine, not a measure of speed
	for !cond() {
		select {
		case msg := <-d.queue:
			d.route(msg)
		case <-deadline:
			d.t.Fatalf("gave up waiting until %s", what)
		}
	}
}

// Settle handles messages that are already queued or arrive within a short
// grace period, for checks that something did not happen.
func (d *Driver) Settle() {
	for {
		select {
		case msg := <-d.queue:
			d.route(msg)
		case <-time.After(50 * time.Millisecond):
			return
		}
	}
}

// DriverSeen returns the messages of type T the model received.
func DriverSeen[T any](d *Driver) []T {
	var out []T
	for _, m := range d.Seen {
		if t, ok := m.(T); ok {
			out = append(out, t)
		}
	}
	return out
}
