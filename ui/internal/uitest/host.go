package uitest

import (
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// Host runs one view as a program: it sizes the view, feeds it every message,
// records what arrives, and keeps the last screen for a test goroutine to read.
type Host struct {
	C common.Component
	// Engine, when set, takes its own messages first, as the root routes them.
	Engine Router

	last atomic.Value // string
	mu   sync.Mutex
	seen []tea.Msg
}

// Router is the edit engine as the root routes to it (engine.Engine).
type Router interface {
	Update(tea.Msg) (tea.Cmd, bool)
}

// NewHost wraps a view.
func NewHost(c common.Component) *Host { return &Host{C: c} }

// Init starts the view's work, if it has any.
func (h *Host) Init() tea.Cmd {
	if i, ok := h.C.(common.Initializer); ok {
		return i.Init()
	}
	return nil
}

// Update sizes the view on resize and passes every message on.
func (h *Host) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	h.mu.Lock()
	h.seen = append(h.seen, msg)
	h.mu.Unlock()
	if size, ok := msg.(tea.WindowSizeMsg); ok {
		h.C.SetSize(size.Width, size.Height)
	}
	if h.Engine != nil {
		if cmd, ok := h.Engine.Update(msg); ok {
			return h, cmd
		}
	}
	c, cmd := h.C.Update(msg)
	h.C = c
	return h, cmd
}

// View draws the view and remembers the screen.
func (h *Host) View() tea.View {
	s := h.C.View()
	h.last.Store(s)
	return tea.NewView(s)
}

// Last is the last screen drawn.
func (h *Host) Last() string {
	s, _ := h.last.Load().(string)
	return s
}

// Seen returns the messages received so far.
func (h *Host) Seen() []tea.Msg {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]tea.Msg(nil), h.seen...)
}

// Recorder wraps a whole program model (the root) and keeps its last screen.
type Recorder struct {
	M    tea.Model
	last atomic.Value // string
}

// Record wraps m.
func Record(m tea.Model) *Recorder { return &Recorder{M: m} }

// Init starts m.
func (r *Recorder) Init() tea.Cmd { return r.M.Init() }

// Update passes every message to m.
func (r *Recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	r.M, cmd = r.M.Update(msg)
	return r, cmd
}

// View draws m and remembers the screen.
func (r *Recorder) View() tea.View {
	v := r.M.View()
	r.last.Store(v.Content)
	return v
}

// Last is the last screen drawn.
func (r *Recorder) Last() string {
	s, _ := r.last.Load().(string)
	return s
}
