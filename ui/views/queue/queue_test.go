package queue

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func newQueue(t *testing.T, items []api.Item, kind api.Kind) (*Model, *uitest.Driver) {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 24)
	m := New(ctx, kind, items, options(kind))
	m.SetFieldLabels(customFields)
	return m, uitest.NewViewDriver(t, m)
}

// steps are keys by name and other messages, in order.
func steps(s ...any) []tea.Msg {
	var out []tea.Msg
	for _, x := range s {
		if k, ok := x.(string); ok {
			out = append(out, uitest.Keys(k)...)
			continue
		}
		out = append(out, x.(tea.Msg))
	}
	return out
}

func TestQueueUpdate(t *testing.T) {
	first, third := stories()[0].ID, stories()[2].ID
	tests := []struct {
		name   string
		items  []api.Item
		steps  []tea.Msg
		pos    int
		counts Counts
		sets   []string // "id=label" of every AnswerMsg, sorted (commands run concurrently)
		closed bool
		screen string // the screen holds it
	}{
		{"first card", stories(), nil, 0, Counts{Pos: 1, Total: 3}, nil, false, "1 of 3 · 0 set · 0 skipped"},
		{"set advances", stories(), steps("2"), 1, Counts{Pos: 2, Total: 3, Set: 1},
			[]string{first + "=Middle"}, false, "2 of 3 · 1 set · 0 skipped"},
		{"skip advances", stories(), steps("s"), 1, Counts{Pos: 2, Total: 3, Skipped: 1}, nil, false, "2 of 3 · 0 set · 1 skipped"},
		{"back", stories(), steps("s", "s", "b"), 1, Counts{Pos: 2, Total: 3, Skipped: 2}, nil, false, "skipped"},
		{"back at the first card stays", stories(), steps("b"), 0, Counts{Pos: 1, Total: 3}, nil, false, "#42"},
		{"a number past the options", stories(), steps("7"), 0, Counts{Pos: 1, Total: 3}, nil, false, "There are 4 priorities: press 1–4."},
		{"the note goes with the next key", stories(), steps("7", "j"), 0, Counts{Pos: 1, Total: 3}, nil, false, "1–4 set and go on"},
		{"to the end", stories(), steps("1", "s", "4"), 3, Counts{Pos: 3, Total: 3, Set: 2, Skipped: 1},
			[]string{first + "=High", third + "=Nice To Have"}, false, "done · 2 set · 1 skipped"},
		{"the end holds", stories(), steps("s", "s", "s", "s", "s"), 3, Counts{Pos: 3, Total: 3, Skipped: 3}, nil, false, "All 3 stories seen."},
		{"no set at the end", stories(), steps("s", "s", "s", "1"), 3, Counts{Pos: 3, Total: 3, Skipped: 3}, nil, false, "Every item was seen"},
		{"back from the end", stories(), steps("s", "s", "s", "b"), 2, Counts{Pos: 3, Total: 3, Skipped: 3}, nil, false, "Dark mode"},
		{"set again", stories(), steps("1", "b", "3", "b"), 0, Counts{Pos: 1, Total: 3, Set: 1},
			[]string{first + "=High", first + "=Low"}, false, "Priority Low was none saving…"},
		{"skipping a set item keeps it set", stories(), steps("1", "b", "s"), 1, Counts{Pos: 2, Total: 3, Set: 1},
			[]string{first + "=High"}, false, ""},
		{"saved", stories(), steps("2", ResultMsg{ID: first}, "b"), 0, Counts{Pos: 1, Total: 3, Set: 1},
			[]string{first + "=Middle"}, false, "Priority Middle was none ✓ saved"},
		{"saving", stories(), steps("2", "b"), 0, Counts{Pos: 1, Total: 3, Set: 1},
			[]string{first + "=Middle"}, false, "Middle was none saving…"},
		{"failed", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}), 1, Counts{Pos: 2, Total: 3, Failed: 1},
			[]string{first + "=Middle"}, false, "2 of 3 · 0 set · 0 skipped · 1 failed"},
		{"failed shows why", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "b"), 0, Counts{Pos: 1, Total: 3, Failed: 1},
			[]string{first + "=Middle"}, false, "✗ failed: update story 1010022001000000042: the service refused"},
		{"set after a failure", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "b", "1", ResultMsg{ID: first}),
			1, Counts{Pos: 2, Total: 3, Set: 1}, []string{first + "=High", first + "=Middle"}, false, ""},
		{"failures listed at the end", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "s", "s"), 3,
			Counts{Pos: 3, Total: 3, Skipped: 2, Failed: 1}, []string{first + "=Middle"}, false, "1 not saved: ✗ #42 Export the board as CSV"},
		{"a result for an item not set", stories(), steps(ResultMsg{ID: first, Err: errRefused}), 0, Counts{Pos: 1, Total: 3}, nil, false, ""},
		{"a result for another item", stories(), steps(ResultMsg{ID: "1010022001000000999"}), 0, Counts{Pos: 1, Total: 3}, nil, false, ""},
		{"esc closes", stories(), steps("esc"), 0, Counts{Pos: 1, Total: 3}, nil, true, ""},
		{"q closes", stories(), steps("q"), 0, Counts{Pos: 1, Total: 3}, nil, true, ""},
		{"empty", nil, steps("1", "s", "b"), 0, Counts{}, nil, false, "Nothing to triage."},
		{"no options", stories(), nil, 0, Counts{Pos: 1, Total: 3}, nil, false, "This workspace offers no priorities."},
		{"bug labels", bugs(), steps("2"), 1, Counts{Pos: 1, Total: 1, Set: 1}, []string{"1110022001000000007=high"}, false, "done · 1 set"},
		{"unknown priority shown", bugs(), nil, 0, Counts{Pos: 1, Total: 1}, nil, false, "Priority ? P0 not in this workspace's options"},
		{"custom fields by label", stories(), nil, 0, Counts{Pos: 1, Total: 3}, nil, false, "Customer Acme"},
		{"description as text", stories(), nil, 0, Counts{Pos: 1, Total: 3}, nil, false,
			"Customers ask for a CSV export of the board & its filters. • one row per item • the columns as shown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := newQueue(t, tt.items, kindOf(tt.items))
			if tt.name == "no options" {
				m.options = nil
			}
			d.Send(tt.steps...)
			d.Settle()
			if m.pos != tt.pos {
				t.Errorf("pos = %d, want %d", m.pos, tt.pos)
			}
			if got := m.Counts(); got != tt.counts {
				t.Errorf("Counts = %+v, want %+v", got, tt.counts)
			}
			var sets []string
			for _, s := range uitest.DriverSeen[AnswerMsg](d) {
				sets = append(sets, s.Item.ID+"="+s.Value)
			}
			slices.Sort(sets)
			if !slices.Equal(sets, tt.sets) {
				t.Errorf("sets %q, want %q", sets, tt.sets)
			}
			if closed := m.Closed(); closed != tt.closed {
				t.Errorf("closed = %v, want %v", closed, tt.closed)
			}
			if screen := flat(m.View()); !strings.Contains(screen, tt.screen) {
				t.Errorf("screen lacks %q:\n%s", tt.screen, ansi.Strip(m.View()))
			}
		})
	}
}

func kindOf(items []api.Item) api.Kind {
	if len(items) == 0 {
		return api.Story
	}
	return items[0].Kind
}

// flat is a screen without styles, its words separated by single spaces.
func flat(screen string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "|", " ").Replace(ansi.Strip(screen))), " ")
}

func TestQueueScroll(t *testing.T) {
	items := stories()[2:]
	tests := []struct {
		name   string
		keys   []string
		scroll int
	}{
		{"down", []string{"j", "down"}, 2},
		{"up past the top", []string{"j", "k", "up"}, 0},
		{"page down to the end", []string{"pgdown", "pgdown", "pgdown", "pgdown", "space"}, -1},
		{"past the end", []string{"pgdown", "pgdown", "pgdown", "pgdown", "j", "j"}, -1},
		{"a new card starts at the top", []string{"j", "s", "b"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := newQueue(t, items, api.Story)
			d.Press(tt.keys...)
			want := tt.scroll
			if want < 0 {
				want = len(m.descLines()) - m.descRows()
			}
			if m.scroll != want {
				t.Errorf("scroll = %d, want %d", m.scroll, want)
			}
			if want > 0 && !strings.Contains(flat(m.View()), "lines 3–") && tt.name == "down" {
				t.Errorf("no scroll position shown:\n%s", ansi.Strip(m.View()))
			}
		})
	}
	m, _ := newQueue(t, items, api.Story)
	m.SetSize(80, 24)
	if rows, lines := m.descRows(), len(m.descLines()); rows <= 0 || rows >= lines {
		t.Fatalf("the description (%d lines) should not fit the card (%d rows) at 80×24", lines, rows)
	}
	m.SetSize(200, 200)
	if m.scroll != 0 || m.descRows() < len(m.descLines()) {
		t.Errorf("a screen that fits the description: scroll %d, %d rows for %d lines", m.scroll, m.descRows(), len(m.descLines()))
	}
}

func TestQueueFitsEverySize(t *testing.T) {
	for _, size := range [][2]int{{20, 8}, {40, 12}, {80, 24}, {120, 40}, {200, 60}} {
		for _, th := range uitest.Themes {
			ctx := uitest.Context(uitest.NewService(), th, size[0], size[1])
			for _, items := range [][]api.Item{stories(), bugs(), nil} {
				m := New(ctx, kindOf(items), items, options(kindOf(items)))
				for _, k := range []string{"", "1", "b", "s", "s", "s"} {
					if k != "" {
						m.Update(uitest.Key(k))
					}
					screen := m.View()
					if size[0] >= minWidth {
						uitest.CheckFits(t, screen, size[0], size[1])
					}
					if n := strings.Count(screen, "\n") + 1; n != size[1] && size[1] >= 12 && m.pos < len(items) {
						t.Errorf("%dx%d %s after %q: %d lines", size[0], size[1], th.Name, k, n)
					}
				}
			}
		}
	}
}

// TestReadWholeItems: the board lists only what it draws, so the queue reads
// each card's whole item as it comes up (and the next one ahead), keeps what
// the board knows of its priority, and says so when the read fails.
func TestReadWholeItems(t *testing.T) {
	listed := stories()
	for i := range listed {
		listed[i].Description, listed[i].Extra = "", nil
	}
	ctx := common.NewContext(uitest.NewService(), true)
	ctx.Width, ctx.Height = 100, 30
	m := New(ctx, api.Story, listed, options(api.Story))
	if m.Init() != nil {
		t.Fatal("the queue reads items without being asked to")
	}
	m.ReadWholeItems()
	if cmd := m.Init(); cmd == nil {
		t.Fatal("Init reads nothing")
	}
	if got := []detail{m.entries[0].details, m.entries[1].details, m.entries[2].details}; got[0] != detailsLoading || got[1] != detailsLoading || got[2] != detailsWanted {
		t.Fatalf("details states %v, want the first two loading", got)
	}
	if !strings.Contains(m.View(), "loading…") {
		t.Errorf("a card waiting for its item does not say so:\n%s", m.View())
	}

	whole := stories()[0]
	whole.PriorityLabel = "High" // the service's; the card keeps the board's
	m.Update(detailsMsg{id: whole.ID, item: whole})
	view := m.View()
	if !strings.Contains(view, "Customers ask for a CSV export") || !strings.Contains(view, "Acme") {
		t.Errorf("the whole item is not shown:\n%s", view)
	}
	if cur, _ := m.Current(); cur.PriorityLabel != "" || cur.Kind != api.Story {
		t.Errorf("the card took the service's priority %q", cur.PriorityLabel)
	}

	m.Update(detailsMsg{id: listed[1].ID, err: errRefused})
	_, cmd := m.Update(tea.KeyPressMsg{Code: 's', Text: "s"})
	if cmd == nil {
		t.Error("moving on does not read the card after next")
	}
	if m.entries[2].details != detailsLoading {
		t.Errorf("the third card is %v, want loading", m.entries[2].details)
	}
	if !strings.Contains(m.View(), "could not be read") {
		t.Errorf("a failed read is not shown:\n%s", m.View())
	}
}
