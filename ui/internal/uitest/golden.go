package uitest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/ui/common"
)

// Theme is one way the app looks.
type Theme struct {
	Name    string
	Dark    bool
	NoColor bool
}

// Themes are the looks every screen is checked in: dark, and NO_COLOR.
var Themes = []Theme{{"dark", true, false}, {"nocolor", true, true}}

// Sizes are the terminal sizes every screen is checked at.
var Sizes = [][2]int{{80, 24}, {120, 40}, {200, 50}}

// Context returns a program context over svc for a theme and size, with the
// fixed clock and user "anyechen" logged in by token on workspace 10022001.
func Context(svc common.Service, th Theme, w, h int) *common.Context {
	ctx := common.NewContext(svc, th.NoColor)
	*ctx.Styles = *common.NewStyles(th.Dark, th.NoColor)
	ctx.Width, ctx.Height = w, h
	ctx.Now = Now
	ctx.Zone = time.UTC // screens read the same on every machine
	ctx.ServiceURL = "http://127.0.0.1:8080"
	ctx.WebURL = "http://127.0.0.1:8080/web"
	ctx.User = "anyechen"
	ctx.Method = "token"
	ctx.WorkspaceID = 10022001
	ctx.Session = Session
	return ctx
}

// Screen is one golden screen: Build makes the model for a context (a view,
// wrapped by Host, or the root); Drive sends input once the program runs;
// Ready tells when the screen is complete (tasks idle is also awaited).
type Screen struct {
	Build func(ctx *common.Context) tea.Model
	Drive func(tm *teatest.TestModel)
	Ready func(screen string) bool
	// AllowBusy takes the screen while tasks still run (a login waiting
	// for the browser); otherwise the tasks' end is awaited too.
	AllowBusy bool
	// View draws the final model (default: Host's view or the tea.View content).
	View func(m tea.Model) string
}

// Golden runs the screen at every size and theme as subtests, each in a
// teatest program, and compares the final screen with
// testdata/<test>/<size>_<theme>.golden (update with -update).
func Golden(t *testing.T, svc func() common.Service, sc Screen) {
	t.Helper()
	for _, size := range Sizes {
		for _, th := range Themes {
			t.Run(fmt.Sprintf("%dx%d_%s", size[0], size[1], th.Name), func(t *testing.T) {
				out := Run(t, Context(svc(), th, size[0], size[1]), sc)
				CheckFits(t, out, size[0], size[1])
				golden.RequireEqual(t, out)
			})
		}
	}
}

// Run runs one screen in a teatest program and returns the final screen with
// spinner frames made constant.
func Run(t *testing.T, ctx *common.Context, sc Screen) string {
	t.Helper()
	m := sc.Build(ctx)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(ctx.Width, ctx.Height))
	if sc.Drive != nil {
		sc.Drive(tm)
	}
	last := func() string {
		if h, ok := m.(interface{ Last() string }); ok {
			return h.Last()
		}
		return ""
	}
	teatest.WaitFor(t, tm.Output(), func([]byte) bool {
		return (sc.AllowBusy || ctx.Tasks.Idle()) && (sc.Ready == nil || sc.Ready(ansi.Strip(last())))
	}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second))
	view := sc.View
	if view == nil {
		view = func(m tea.Model) string { return m.View().Content }
	}
	return Steady(view(final))
}

// Send sends messages to a running program.
func Send(tm *teatest.TestModel, msgs ...tea.Msg) {
	for _, m := range msgs {
		tm.Send(m)
	}
}

// Steady replaces every spinner frame with the first one, so a screen that
// shows a spinner compares equal whatever frame it was caught on.
func Steady(s string) string {
	frames := spinner.MiniDot.Frames
	for _, f := range frames[1:] {
		s = strings.ReplaceAll(s, f, frames[0])
	}
	return s
}

// CheckFits fails when the screen is wider or taller than the terminal.
func CheckFits(t *testing.T, screen string, w, h int) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	if len(lines) > h {
		t.Errorf("screen has %d lines, terminal %d", len(lines), h)
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw > w {
			t.Errorf("line %d is %d cells wide, terminal %d: %q", i+1, lw, w, ansi.Strip(l))
		}
	}
}
