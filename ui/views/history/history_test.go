package history

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

func at(d time.Duration) time.Time { return uitest.Clock.Add(d) }

// session is a session's edits, oldest first, in every state.
func session() []store.Edit {
	base := store.Edit{Session: "20260106T091604Z-0a1b2c3d", Service: "http://127.0.0.1:8080", User: "anyechen", WorkspaceID: 10022001}
	edit := func(seq uint64, change func(*store.Edit)) store.Edit {
		e := base
		e.Seq, e.Kind, e.Op = seq, api.Story, store.OpPriority
		change(&e)
		return e
	}
	return []store.Edit{
		edit(1, func(e *store.Edit) {
			e.ItemID, e.From, e.To, e.State, e.UndoneBy = "1010022001000000042", "Middle", "High", store.StateSent, 6
			e.CreatedAt, e.SentAt = at(-26*time.Hour), at(-26*time.Hour+time.Second)
		}),
		edit(2, func(e *store.Edit) {
			e.Kind, e.ItemID, e.From, e.To, e.State = api.Bug, "1110022001000000007", "high", "urgent", store.StateWaiting
			e.Attempts, e.NextAttempt, e.CreatedAt = 2, at(30*time.Second), at(-40*time.Minute)
			e.LastError = "update bug 1110022001000000007: cannot reach the service (connection refused); check the network and the service address, then retry"
		}),
		edit(3, func(e *store.Edit) {
			e.Op, e.ItemID, e.From, e.To, e.State = store.OpTitle, "1010022001000000043", "Saved searches", "Saved searches for teams", store.StateConflict
			e.Theirs, e.TheirModified, e.CreatedAt = "Shared saved searches", "2026-01-06 17:00:00", at(-30*time.Minute)
			e.LastError = `changed meanwhile by someone else to "Shared saved searches"`
		}),
		edit(4, func(e *store.Edit) {
			e.Kind, e.Op, e.Title, e.To, e.State = api.Task, store.OpCreate, "Write the release note", "High", store.StateMaybeApplied
			e.CreatedAt, e.Attempts = at(-20*time.Minute), 1
			e.LastError = "create task: the service did not answer in time; check the network and retry"
		}),
		edit(5, func(e *store.Edit) {
			e.ItemID, e.From, e.To, e.State, e.CreatedAt = "1010022001000000044", "Middle", "Urgent!", store.StateFailed, at(-10*time.Minute)
			e.LastError = `update story 1010022001000000044: the service refused the request (422: priority_label "Urgent!" is not allowed; allowed: High, Middle, Low, Nice To Have); correct it and retry`
		}),
		edit(6, func(e *store.Edit) {
			e.ItemID, e.From, e.To, e.State, e.Undoes = "1010022001000000042", "High", "Middle", store.StateSent, 1
			e.CreatedAt, e.SentAt = at(-5*time.Minute), at(-5*time.Minute+time.Second)
		}),
		edit(7, func(e *store.Edit) {
			e.ItemID, e.From, e.To, e.State, e.CreatedAt = "1010022001000000045", "Low", "High", store.StateDiscarded, at(-3*time.Minute)
			e.Theirs, e.LastError = "Middle", `dropped for the other change ("Middle")`
		}),
		edit(8, func(e *store.Edit) {
			e.Kind, e.Op, e.Title, e.State, e.ResultItemID = api.Bug, store.OpCreate, "Login fails on Safari", store.StateSent, "1110022001000000101"
			e.CreatedAt, e.SentAt = at(-time.Minute), at(-time.Minute+2*time.Second)
		}),
	}
}

var titles = map[common.ItemRef]string{
	{Kind: api.Story, ID: "1010022001000000042"}: "Export the board as CSV",
	{Kind: api.Bug, ID: "1110022001000000007"}:   "Crash when the token expires",
	{Kind: api.Story, ID: "1010022001000000044"}: "Dark mode for the dashboard",
}

// many is n sent priority edits, one a minute.
func many(n int) []store.Edit {
	out := make([]store.Edit, n)
	for i := range out {
		out[i] = store.Edit{Seq: uint64(i + 1), Kind: api.Story, Op: store.OpPriority, ItemID: fmt.Sprintf("1010022001%09d", i+1),
			From: "Low", To: "High", State: store.StateSent, CreatedAt: at(time.Duration(i-n) * time.Minute)}
	}
	return out
}

func newHistory(t *testing.T, edits []store.Edit, h int) (*Model, *uitest.Driver) {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 100, h)
	m := New(ctx, edits)
	m.SetTitles(titles)
	return m, uitest.NewViewDriver(t, m)
}

func seqs(m *Model) []uint64 {
	var out []uint64
	for _, e := range m.edits {
		out = append(out, e.Seq)
	}
	return out
}

func flat(screen string) string { return strings.Join(strings.Fields(ansi.Strip(screen)), " ") }

func TestHistoryUpdate(t *testing.T) {
	tests := []struct {
		name     string
		edits    []store.Edit
		height   int
		keys     []string
		selected uint64 // Seq under the cursor (0: none)
		offset   int
		closed   bool
		screen   []string // the screen holds each
	}{
		{"newest first", session(), 24, nil, 8, 0, false, []string{"Changes this session 8 changes · 2 waiting · 1 conflict · 1 failed"}},
		{"every state", session(), 24, nil, 8, 0, false, []string{"✓ sent", "… waiting", "! conflict", "? maybe applied", "✗ failed", "– discarded"}},
		{"items and changes", session(), 24, nil, 8, 0, false, []string{
			"story #42 undo High → Middle Export the board as CSV",
			"story #42 Middle → High (undone) Export the board as CSV",
			`story #43 "Saved searches" → "Saved searches for teams"`,
			`new task create "Write the release note" · High`,
			"bug #101 create \"Login fails on Safari\"",
			"01-05 15:16", "17:15:04",
		}},
		{"down", session(), 24, []string{"j", "down"}, 6, 0, false, []string{"Priority undo High → Middle · made 17:11:04 (5 minutes ago) · sent 17:11:05", "It undoes change 1."}},
		{"up past the top", session(), 24, []string{"j", "k", "up"}, 8, 0, false, nil},
		{"bottom", session(), 24, []string{"G"}, 1, 0, false, []string{"Undone by change 6."}},
		{"top", session(), 24, []string{"G", "g"}, 8, 0, false, nil},
		{"failed says why", session(), 24, []string{"j", "j", "j"}, 5, 0, false, []string{
			`Failed: the service refused it. Update story 1010022001000000044: the service refused the request (422: priority_label "Urgent!" is not allowed`}},
		{"waiting says when", session(), 24, []string{"G", "k"}, 2, 0, false, []string{
			"Waiting to be sent, next attempt 17:16:34 (2 attempts so far). Update bug 1110022001000000007: cannot reach the service"}},
		{"conflict says theirs", session(), 24, []string{"G", "k", "k"}, 3, 0, false, []string{`someone else set it to "Shared saved searches" meanwhile`}},
		{"maybe applied", session(), 24, []string{"G", "k", "k", "k"}, 4, 0, false, []string{"Maybe applied: a send may have reached the service", "New task \"Write the release note\" · High · made 16:56:04 (20 minutes ago)"}},
		{"discarded", session(), 24, []string{"j"}, 7, 0, false, []string{"Discarded: the other change was kept."}},
		{"scrolls with the cursor", many(100), 24, []string{"pgdown"}, 100 - 16, 1, false, []string{"story #84"}},
		{"page down twice", many(100), 24, []string{"pgdown", "pgdown"}, 100 - 32, 17, false, nil},
		{"to the oldest", many(100), 24, []string{"G"}, 1, 100 - 16, false, []string{"story #1 ", "story #16 "}},
		{"page up at the top", many(100), 24, []string{"pgup"}, 100, 0, false, nil},
		{"a short screen has no detail", many(100), 10, []string{"G"}, 1, 93, false, nil},
		{"esc closes", session(), 24, []string{"esc"}, 8, 0, true, nil},
		{"q closes", session(), 24, []string{"q"}, 8, 0, true, nil},
		{"U closes", session(), 24, []string{"U"}, 8, 0, true, nil},
		{"empty", nil, 24, []string{"j", "G"}, 0, 0, false, []string{"No changes in this session yet."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := newHistory(t, tt.edits, tt.height)
			d.Press(tt.keys...)
			d.Settle()
			var selected uint64
			if e, ok := m.Selected(); ok {
				selected = e.Seq
			}
			if selected != tt.selected || m.offset != tt.offset {
				t.Errorf("selected %d at offset %d, want %d at %d", selected, m.offset, tt.selected, tt.offset)
			}
			if closed := m.Closed(); closed != tt.closed {
				t.Errorf("closed = %v, want %v", closed, tt.closed)
			}
			screen := m.View()
			for _, want := range tt.screen {
				if !strings.Contains(flat(screen), want) {
					t.Errorf("screen lacks %q:\n%s", want, ansi.Strip(screen))
				}
			}
			if n := strings.Count(screen, "\n") + 1; n > tt.height {
				t.Errorf("%d lines on a screen of %d", n, tt.height)
			}
		})
	}
}

func TestHistoryOrderAndRefresh(t *testing.T) {
	edits := session()
	shuffled := []store.Edit{edits[3], edits[7], edits[0], edits[5], edits[1], edits[6], edits[2], edits[4]}
	m, _ := newHistory(t, shuffled, 24)
	if got := seqs(m); !slices.Equal(got, []uint64{8, 7, 6, 5, 4, 3, 2, 1}) {
		t.Fatalf("order %v, want newest first", got)
	}
	m.Update(uitest.Key("j"))
	m.Update(uitest.Key("j")) // on 6

	newer := edits[1]
	newer.Seq, newer.State, newer.CreatedAt = 9, store.StateSending, at(0)
	refreshed := append(session(), newer)
	refreshed[1].State = store.StateSent
	m.SetEdits(refreshed)
	if e, _ := m.Selected(); e.Seq != 6 {
		t.Errorf("after a refresh the cursor is on %d, want 6", e.Seq)
	}
	if !strings.Contains(flat(m.View()), "↑ sending") {
		t.Errorf("the refresh is not shown:\n%s", ansi.Strip(m.View()))
	}

	m.SetEdits(refreshed[:3]) // 6 is gone
	if e, _ := m.Selected(); e.Seq != 1 {
		t.Errorf("with the selected change gone the cursor is on %d, want the last one", e.Seq)
	}
	m.SetEdits(nil)
	if _, ok := m.Selected(); ok {
		t.Error("a selection in an empty history")
	}
}

// TestHistoryDrawsVisibleRowsOnly checks that a long history draws as many
// rows as fit, whatever its length.
func TestHistoryDrawsVisibleRowsOnly(t *testing.T) {
	m, _ := newHistory(t, many(5000), 24)
	screen := ansi.Strip(m.View())
	if got := strings.Count(screen, "✓ sent"); got != m.rows() {
		t.Errorf("%d rows drawn, want %d", got, m.rows())
	}
	if strings.Contains(screen, "story #1 ") {
		t.Errorf("the oldest row is drawn at the top of the history:\n%s", screen)
	}
}

func BenchmarkHistoryView(b *testing.B) {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[0], 120, 40)
	m := New(ctx, many(10000))
	b.ReportAllocs()
	for b.Loop() {
		_ = m.View()
	}
}

func TestHistoryScreens(t *testing.T) {
	uitest.Goldens(t,
		historyCase("session", session(), nil, nil, "8 changes"),
		historyCase("failed selected", session(), nil, []string{"j", "j", "j"}, "Failed:"),
		historyCase("conflict selected", session(), nil, []string{"G", "k", "k"}, "Conflict:"),
		historyCase("long history scrolled", many(120), nil, []string{"pgdown", "j"}, "120 changes"),
		historyCase("empty", nil, nil, nil, "No changes"),
	)
}

// historyCase is a golden screen of the history of edits, in steps when
// steps is not nil, the keys pressed once it runs, drawn when it shows
// ready.
func historyCase(name string, edits []store.Edit, steps []engine.Step, keys []string, ready string) uitest.Case {
	return uitest.Case{Name: name, Screen: uitest.Screen{
		Build: func(ctx *common.Context) tea.Model {
			m := New(ctx, edits)
			m.SetTitles(titles)
			if steps != nil {
				m.SetSteps(steps)
			}
			return uitest.NewHost(m)
		},
		Drive: func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(keys...)...) },
		Ready: uitest.Showing(ready),
	}}
}
