package statusbar

import (
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func TestStatusLine(t *testing.T) {
	tests := []struct {
		name    string
		width   int
		expires time.Duration
		status  common.StatusMsg
		board   string
		busy    []string
		badges  []string
		want    string
	}{
		{"everything fits", 100, 0, common.StatusMsg{}, "", nil, nil, " 127.0.0.1:8080 · Triage Demo · anyechen (token)"},
		{"token under ten minutes", 100, 9*time.Minute + 59*time.Second, common.StatusMsg{}, "", nil, nil, " 127.0.0.1:8080 · Triage Demo · anyechen (token) · token: 9 min left"},
		{"token over ten minutes", 100, 11 * time.Minute, common.StatusMsg{}, "", nil, nil, " 127.0.0.1:8080 · Triage Demo · anyechen (token)"},
		{"token in its last minute", 100, 30 * time.Second, common.StatusMsg{}, "", nil, nil, " 127.0.0.1:8080 · Triage Demo · anyechen (token) · token: less than a minute left"},
		{"token expired", 100, -time.Second, common.StatusMsg{}, "", nil, nil, " 127.0.0.1:8080 · Triage Demo · anyechen (token) · token expired"},
		{"busy, with the board's progress", 100, 0, common.StatusMsg{}, "loading bugs 400/1200", []string{"loading bugs", "saving story 42"}, nil,
			" 127.0.0.1:8080 · Triage Demo · anyechen (token) · ⠋ loading bugs 400/1200, saving story 42"},
		{"board status when idle", 100, 0, common.StatusMsg{}, "2 edits failed: R retries", nil, nil, " 127.0.0.1:8080 · Triage Demo · anyechen (token) · 2 edits failed: R retries"},
		{"the last error wins over the board's", 100, 0, common.StatusMsg{Err: errors.New("rate limited: retry in 10s")}, "idle", nil, nil,
			" 127.0.0.1:8080 · Triage Demo · anyechen (token) · ✗ rate limited: retry in 10s"},
		{"too long: the service goes first", 62, 0, common.StatusMsg{Text: "copied the address of bug 7"}, "", nil, nil, " Triage Demo · anyechen (token) · copied the address of bug 7"},
		{"badges before the news", 120, 0, common.StatusMsg{Text: "saved #42"}, "", nil, []string{"cached 3h ago · refreshing", "3 edits waiting"},
			" 127.0.0.1:8080 · Triage Demo · anyechen (token) · cached 3h ago · refreshing · 3 edits waiting · saved #42"},
		{"far too long: only the news", 30, 0, common.StatusMsg{Text: "copied the address of bug 7"}, "", nil, nil, " copied the address of bug 7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], tt.width, 24)
			ctx.Workspace = api.Workspace{ID: "10022001", Name: "Triage Demo"}
			if tt.expires != 0 {
				ctx.ExpiresAt = uitest.Clock.Add(tt.expires)
			}
			for _, b := range tt.busy {
				ctx.Tasks.Start(b)
			}
			m := New(ctx)
			m.Update(tt.status)
			lines := strings.Split(ansi.Strip(m.View(tt.width, nil, tt.board, tt.badges...)), "\n")
			if got := strings.TrimRight(lines[1], " "); got != tt.want {
				t.Errorf("status line\n got %q\nwant %q", got, tt.want)
			}
			if w := ansi.StringWidth(lines[1]); w != tt.width {
				t.Errorf("status line is %d wide, want %d", w, tt.width)
			}
		})
	}
}

func TestHelpLine(t *testing.T) {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 40, 24)
	off := key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "hidden"))
	off.SetEnabled(false)
	b := []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")), off,
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")), key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help"))}
	got := ansi.Strip(strings.Split(New(ctx).View(30, b, ""), "\n")[0])
	if got != " enter choose … · ? help      " {
		t.Fatalf("help line %q, want the view's keys cut to leave ? help at the end", got)
	}
}

// TestErrorsAreLogged: an error shown on the status line is written to the
// app's log in full; news is not.
func TestErrorsAreLogged(t *testing.T) {
	var log strings.Builder
	ctx := common.NewContext(nil, true)
	ctx.Log = slog.New(slog.NewTextHandler(&log, nil))
	m := New(ctx)
	m.Update(common.StatusMsg{Text: "saved #42"})
	m.Update(common.StatusMsg{Err: errors.New("update story 42: the service failed (502: Bad Gateway); retry later")})
	if strings.Contains(log.String(), "saved #42") {
		t.Errorf("news was logged:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "the service failed (502: Bad Gateway); retry later") {
		t.Errorf("the error was not logged in full:\n%s", log.String())
	}
}

// TestErrorGoesWhenItsTaskSucceeds feeds StatusMsgs to Update: an error
// stays until a success of the task it came from, which takes nothing else
// away.
func TestErrorGoesWhenItsTaskSucceeds(t *testing.T) {
	failed := common.StatusMsg{Task: "loading stories", Err: errors.New("list stories: cannot reach the service")}
	tests := []struct {
		name string
		msgs []common.StatusMsg
		want string // the news on the status line after them
	}{
		{"the error shows", []common.StatusMsg{failed}, "✗ list stories: cannot reach the service"},
		{"the same task succeeds", []common.StatusMsg{failed, {Task: "loading stories"}}, ""},
		{"another task succeeds", []common.StatusMsg{failed, {Task: "loading bugs"}}, "✗ list stories: cannot reach the service"},
		{"an error of no task stays", []common.StatusMsg{{Err: errors.New("no browser")}, {Task: ""}, {Task: "loading stories"}}, "✗ no browser"},
		{"a success leaves a note", []common.StatusMsg{{Text: "saved #42"}, {Task: "loading stories"}}, "saved #42"},
		{"a later error of another task stays", []common.StatusMsg{failed, {Task: "caching the board", Err: errors.New("disk full")}, {Task: "loading stories"}}, "✗ disk full"},
		{"it fails again", []common.StatusMsg{failed, {Task: "loading stories"}, failed}, "✗ list stories: cannot reach the service"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 120, 24)
			ctx.Workspace = api.Workspace{ID: "10022001", Name: "Triage Demo"}
			m := New(ctx)
			for _, msg := range tt.msgs {
				if _, ok := m.Update(msg); !ok {
					t.Fatalf("Update did not take %+v", msg)
				}
			}
			line := strings.TrimRight(strings.Split(ansi.Strip(m.View(120, nil, "")), "\n")[1], " ")
			want := " 127.0.0.1:8080 · Triage Demo · anyechen (token)"
			if tt.want != "" {
				want += " · " + tt.want
			}
			if line != want {
				t.Errorf("status line\n got %q\nwant %q", line, want)
			}
			if (m.Last().Err != nil) != strings.HasPrefix(tt.want, "✗") {
				t.Errorf("Last = %+v", m.Last())
			}
		})
	}
}
