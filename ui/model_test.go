package ui

import (
	"errors"
	"fmt"
	"image/color"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
	"triage/ui/views/editor"
)

func TestRouting(t *testing.T) {
	tests := []struct {
		name      string
		session   *auth.Session
		ws        int64
		setup     func(*uitest.Service)
		keys      []string // sent once the first view is up
		wantStack []string
		wantWS    int64
		wantName  string
	}{
		{"no session: login, then the picker", nil, 0, nil, []string{"t", "good", "enter"}, []string{"picker"}, 0, ""},
		{"login, picker, board", nil, 0, nil, []string{"t", "good", "enter", "WAIT", "down", "enter"}, []string{"board"}, 10022002, "Payments"},
		{"the picker filters", nil, 0, nil, []string{"t", "good", "enter", "WAIT", "mobile", "enter"}, []string{"board"}, 10022003, "移动端 Mobile"},
		{"session and workspace: the board", token(), 10022001, nil, nil, []string{"board"}, 10022001, ""},
		{"oauth session: its workspace", &auth.Session{Method: auth.MethodOAuth, Nick: "anyechen", WorkspaceID: 10022002}, 0, nil, nil, []string{"board"}, 10022002, ""},
		{"one workspace: no picker", token(), 0, func(s *uitest.Service) { s.Spaces = s.Spaces[:1] }, nil, []string{"board"}, 10022001, "Triage Demo"},
		{"company entry skipped", token(), 0, func(s *uitest.Service) {
			s.Spaces = []api.Workspace{{ID: "1", Name: "ACME", Category: api.CategoryOrganization}, s.Spaces[1]}
		}, nil, []string{"board"}, 10022002, "Payments"},
		{"editor on the board", token(), 10022001, nil, []string{"e"}, []string{"board", "editor"}, 10022001, ""},
		{"editor closed unchanged", token(), 10022001, nil, []string{"e", "esc"}, []string{"board"}, 10022001, ""},
		{"editor asks before discarding", token(), 10022001, nil, []string{"e", "!", "esc"}, []string{"board", "editor"}, 10022001, ""},
		{"editor discarded", token(), 10022001, nil, []string{"e", "!", "esc", "y"}, []string{"board"}, 10022001, ""},
		{"help on the board", token(), 10022001, nil, []string{"?"}, []string{"board", "help"}, 10022001, ""},
		{"help closes with ?", token(), 10022001, nil, []string{"?", "?"}, []string{"board"}, 10022001, ""},
		{"help closes with esc", token(), 10022001, nil, []string{"?", "esc"}, []string{"board"}, 10022001, ""},
		{"help over the editor", token(), 10022001, nil, []string{"e", "tab", "?"}, []string{"board", "editor", "help"}, 10022001, ""},
		{"? in a text field is text", token(), 10022001, nil, []string{"e", "?"}, []string{"board", "editor"}, 10022001, ""},
		{"q in a text field is text", token(), 10022001, nil, []string{"e", "q"}, []string{"board", "editor"}, 10022001, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, tt.session, tt.ws, tt.setup)
			h.until("a first view", func() bool { return len(h.m.stack) > 0 })
			for _, k := range tt.keys {
				if k == "WAIT" {
					h.until("the picker", h.onTop("picker"))
					continue
				}
				h.d.Press(k)
				h.d.Settle()
			}
			h.until("the stack "+strings.Join(tt.wantStack, ","), func() bool { return slices.Equal(h.stack(), tt.wantStack) })
			h.until("idle", h.ctx.Tasks.Idle)
			if h.ctx.WorkspaceID != tt.wantWS {
				t.Errorf("workspace %d, want %d", h.ctx.WorkspaceID, tt.wantWS)
			}
			if tt.wantName != "" && string(h.ctx.Workspace.Name) != tt.wantName {
				t.Errorf("workspace name %q, want %q", h.ctx.Workspace.Name, tt.wantName)
			}
			if tt.wantWS != 0 && (h.board == nil || !slices.Equal(h.board.loaded, []int64{tt.wantWS})) {
				t.Errorf("board loaded %v, want [%d]", h.board.loaded, tt.wantWS)
			}
			if h.d.Quit {
				t.Error("the app quit")
			}
		})
	}
}

// TestEditorResultsGoToTheEngine: the editor's save and create reach the
// edit engine, which queues them in the outbox.
func TestEditorResultsGoToTheEngine(t *testing.T) {
	tests := []struct {
		name string
		keys []string
		want store.EditOp
	}{
		{"save", []string{"e", "!", "ctrl+s"}, store.OpTitle},
		{"create", []string{"n", "Crash", "ctrl+s"}, store.OpCreate},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, token(), 10022001, nil)
			edits := uitest.NewEdits(t, h.svc, h.ctx.ServiceURL)
			h.ctx.Edits = edits
			h.until("the board", h.onTop("board"))
			for _, k := range tt.keys {
				h.d.Press(k)
				h.d.Settle()
			}
			h.until("the board again", h.onTop("board"))
			h.until("the engine queued it", func() bool {
				list, err := edits.History(h.ctx.Session)
				return err == nil && len(list) > 0
			})
			if list, _ := edits.History(h.ctx.Session); list[0].Op != tt.want {
				t.Fatalf("the outbox got %s, want %s", list[0].Op, tt.want)
			}
		})
	}
}

func typeName(v any) string { return fmt.Sprintf("%T", v) }

func TestAuthExpiryDuringAnEdit(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.d.Press("x")
	h.until("the login over the board", h.onTop("login"))
	if got := h.stack(); !slices.Equal(got, []string{"board", "login"}) {
		t.Fatalf("stack %v", got)
	}
	if !strings.Contains(h.screen(), "Session expired") {
		t.Fatalf("no note on the login:\n%s", h.screen())
	}
	// a second failure while logging in: one login, both retried
	h.d.Send(common.AuthExpiredMsg{Retry: func() tea.Msg { return retriedMsg{} }})
	h.d.Settle()
	if got := h.stack(); !slices.Equal(got, []string{"board", "login"}) {
		t.Fatalf("stack after a second expiry %v", got)
	}
	if h.board.retried != 0 {
		t.Fatal("retried before logging in")
	}
	h.d.Press("t", "good", "enter")
	h.until("back on the board", h.onTop("board"))
	h.until("both retries ran", func() bool { return h.board.retried == 2 })
	h.until("the board heard of it", func() bool {
		for _, m := range h.board.got {
			if _, ok := m.(common.ReauthenticatedMsg); ok {
				return true
			}
		}
		return false
	})
	h.mu.Lock()
	n := len(h.logins)
	h.mu.Unlock()
	if n != 1 {
		t.Fatalf("OnLogin called %d times", n)
	}
	if h.ctx.WorkspaceID != 10022001 || len(h.board.loaded) != 1 {
		t.Fatalf("the board was reloaded: %v", h.board.loaded)
	}
}

func TestQuit(t *testing.T) {
	tests := []struct {
		name string
		keys []string
		quit bool
		top  string // the view on top after the keys, when the app goes on
	}{
		{"q on the board", []string{"q"}, true, ""},
		{"ctrl+c on the board", []string{"ctrl+c"}, true, ""},
		{"q in the editor's title types it", []string{"e", "q"}, false, "editor"},
		{"ctrl+c in the editor, nothing typed", []string{"e", "ctrl+c"}, true, ""},
		{"ctrl+c with unsaved typing asks", []string{"e", "x", "ctrl+c"}, false, "editor"},
		{"q with unsaved typing asks", []string{"e", "x", "tab", "q"}, false, "editor"},
		{"q closes help", []string{"?", "q"}, false, "board"},
		{"q closes an unchanged editor", []string{"e", "tab", "q"}, false, "board"},
		{"q then q quits", []string{"?", "q", "q"}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, token(), 10022001, nil)
			h.until("the board", h.onTop("board"))
			for _, k := range tt.keys {
				h.d.Press(k)
				h.d.Settle()
			}
			if h.d.Quit != tt.quit {
				t.Fatalf("quit = %v, want %v", h.d.Quit, tt.quit)
			}
			if tt.top != "" {
				h.until(tt.top+" on top", h.onTop(tt.top))
			}
		})
	}
	// The question the editor asks keeps the typing: n goes back to it.
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	for _, k := range []string{"e", "x", "ctrl+c"} {
		h.d.Press(k)
		h.d.Settle()
	}
	if !strings.Contains(h.screen(), "Discard") {
		t.Fatalf("ctrl+c with unsaved typing does not ask:\n%s", h.screen())
	}
	h.d.Press("n")
	h.d.Settle()
	if ed, ok := h.m.top().(*editor.Model); !ok || !ed.Changed() || h.d.Quit {
		t.Errorf("after n the editor with the typing is gone, or the app quit:\n%s", h.screen())
	}
}

func TestResizeReachesEveryView(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.d.Press("e")
	h.until("the editor", h.onTop("editor"))
	h.d.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	if h.board.w != 120 || h.board.h != 38 {
		t.Fatalf("board sized %d×%d, want 120×38", h.board.w, h.board.h)
	}
	lines := strings.Split(h.m.View().Content, "\n")
	if len(lines) != 40 {
		t.Fatalf("%d lines, want 40", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w != 120 {
			t.Fatalf("line %d is %d wide, want 120", i+1, w)
		}
	}
}

func TestBackgroundRebuildsStyles(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.ctx.Styles.NoColor = false
	h.until("the board", h.onTop("board"))
	styles := h.ctx.Styles
	h.d.Send(tea.BackgroundColorMsg{Color: color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}})
	if h.ctx.Styles != styles || h.ctx.Styles.Dark {
		t.Fatal("styles not rebuilt in place for a light background")
	}
	if len(h.board.got) == 0 || typeName(h.board.got[0]) != "common.ThemeChangedMsg" {
		t.Fatalf("board got %v", h.board.got)
	}
}

func TestStatusLine(t *testing.T) {
	tests := []struct {
		name    string
		expires time.Duration // from the fixed clock; 0: none
		status  common.StatusMsg
		board   string
		want    []string
		not     []string
	}{
		{"who and where", 0, common.StatusMsg{}, "", []string{"127.0.0.1:8080", "anyechen (token)", "Triage Demo"}, []string{"token:"}},
		{"long-lived token", 2 * time.Hour, common.StatusMsg{}, "", nil, []string{"token:"}},
		{"token running out", 9*time.Minute + 30*time.Second, common.StatusMsg{}, "", []string{"token: 9 min left"}, nil},
		{"token gone", -time.Minute, common.StatusMsg{}, "", []string{"token expired"}, nil},
		{"last error", 0, common.StatusMsg{Err: errors.New("moving bug 7 failed: rate limited; retry in 10s")}, "", []string{"✗ moving bug 7 failed"}, nil},
		{"a note", 0, common.StatusMsg{Text: "copied"}, "", []string{"copied"}, nil},
		{"board status", 0, common.StatusMsg{}, "3 edits pending", []string{"3 edits pending"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := start(t, token(), 10022001, nil)
			h.until("the board", h.onTop("board"))
			h.until("idle", h.ctx.Tasks.Idle)
			h.d.Settle()
			if tt.expires != 0 {
				h.ctx.ExpiresAt = uitest.Clock.Add(tt.expires)
			}
			h.board.status = tt.board
			if tt.status != (common.StatusMsg{}) {
				h.d.Send(tt.status)
			}
			line := ansi.Strip(h.statusLine())
			for _, w := range tt.want {
				if !strings.Contains(line, w) {
					t.Errorf("status line lacks %q: %q", w, line)
				}
			}
			for _, w := range tt.not {
				if strings.Contains(line, w) {
					t.Errorf("status line has %q: %q", w, line)
				}
			}
		})
	}
}

func TestStatusLineShowsBusyTasks(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.until("idle", h.ctx.Tasks.Idle)
	h.d.Send(tea.WindowSizeMsg{Width: 120, Height: 40})
	id := h.ctx.Tasks.Start("loading bugs")
	h.board.status = "loading bugs 200/1000"
	if line := ansi.Strip(h.statusLine()); !strings.Contains(line, "loading bugs 200/1000") || strings.Count(line, "loading bugs") != 1 {
		t.Fatalf("status line %q", line)
	}
	h.ctx.Tasks.Done(id)
}

func TestAnswersReachTheBoardUnderTheEditor(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.d.Press("e")
	h.until("the editor", h.onTop("editor"))
	h.d.Send(retriedMsg{})
	h.d.Press("x") // a key: the editor's, not the board's
	if h.board.retried != 1 {
		t.Fatalf("the board under the editor got %d answers, want 1", h.board.retried)
	}
	if h.m.reauth != nil {
		t.Fatal("a key reached the board under the editor")
	}
}

// TestThemeFromConfig: a theme fixed in the config wins over the background
// the terminal reports; auto follows it.
func TestThemeFromConfig(t *testing.T) {
	light := tea.BackgroundColorMsg{Color: color.RGBA{R: 0xee, G: 0xee, B: 0xee, A: 0xff}}
	dark := tea.BackgroundColorMsg{Color: color.RGBA{A: 0xff}}
	tests := []struct {
		theme     string
		reported  tea.BackgroundColorMsg
		startDark bool
		wantDark  bool
	}{
		{"light", dark, false, false},
		{"dark", light, true, true},
		{"auto", light, true, false},
		{"", dark, true, true},
	}
	for _, tt := range tests {
		ctx := uitest.Context(uitest.NewService(), uitest.Themes[0], 80, 24)
		m := New(ctx, Options{Auth: fakeAuth{}, Theme: tt.theme})
		if ctx.Styles.Dark != tt.startDark {
			t.Errorf("theme %q: starts dark=%v, want %v", tt.theme, ctx.Styles.Dark, tt.startDark)
		}
		m.Update(tt.reported)
		if ctx.Styles.Dark != tt.wantDark {
			t.Errorf("theme %q after the terminal reported its background: dark=%v, want %v", tt.theme, ctx.Styles.Dark, tt.wantDark)
		}
	}
}

// TestSwitchWorkspaceFromTheBoard: w puts the workspace picker over the
// board; esc goes back to the same board, a choice opens the board of the
// workspace chosen and names it. A browser login reaches one workspace: w
// says so and changes nothing.
func TestSwitchWorkspaceFromTheBoard(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.d.Press("w")
	h.until("the picker", h.onTop("picker"))
	if !strings.Contains(h.screen(), "open now") || !strings.Contains(h.screen(), "Payments") {
		t.Fatalf("the picker does not list the workspaces:\n%s", h.screen())
	}
	h.d.Press("esc")
	h.until("the board again", h.onTop("board"))
	if got := h.board.loaded; !slices.Equal(got, []int64{10022001}) {
		t.Fatalf("esc reloaded boards %v", got)
	}
	h.d.Press("w")
	h.until("the picker", h.onTop("picker"))
	h.d.Press("down", "enter")
	h.until("the board of Payments", func() bool {
		return slices.Equal(h.board.loaded, []int64{10022001, 10022002}) && h.ctx.WorkspaceID == 10022002
	})
	if name := string(h.ctx.Workspace.Name); name != "Payments" {
		t.Errorf("the workspace opened is named %q, want Payments", name)
	}

	o := start(t, &auth.Session{Method: auth.MethodOAuth, Nick: "anyechen", WorkspaceID: 10022002}, 0, nil)
	o.until("the board", o.onTop("board"))
	o.d.Press("w")
	o.d.Settle()
	if !o.onTop("board")() || !strings.Contains(o.screen(), "only: log in again to switch") {
		t.Errorf("w on a browser login: top %v, screen:\n%s", o.m.top(), o.screen())
	}
}
