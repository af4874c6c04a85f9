package board

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// seenBoard is a board on a local service signed in as the demo, whose
// first look reaches a day back: the seeded work of others of the last day
// is marked. It returns once the stories and the history of the marked
// ones are read.
func seenBoard(t *testing.T) (*Model, *api.Client, context.Context) {
	t.Helper()
	srv, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))
	base, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	c := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
	c.Base, c.ServiceURL, c.User, c.Method = base, srv.URL, "demo", "demo"
	c.Edits = uitest.NewEdits(t, client, srv.URL)
	c.Now = time.Now // the service's clock: the demo's first look is a day before it
	eng := engine.New(c)
	eng.After = func(time.Duration, tea.Msg) tea.Cmd { return nil } // no flush or save timers
	m := New(c, eng)
	m.prev.After = func(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	m.SetSize(120, 40)
	seenDrive(m, m.openWorkspace(10022001))
	if len(m.cur().items) < 240 {
		t.Fatalf("%d stories loaded", len(m.cur().items))
	}
	return m, client, base
}

// seenDrive runs a command and everything it leads to, routing each message
// to the engine first, as the root does.
func seenDrive(m *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case nil, common.StatusMsg:
	case tea.BatchMsg:
		for _, c := range msg {
			seenDrive(m, c)
		}
	default:
		if next, ok := m.eng.Update(msg); ok {
			seenDrive(m, next)
			return
		}
		_, next := m.Update(msg)
		seenDrive(m, next)
	}
}

// seenPress presses keys on the board, running what they start.
func seenPress(_ context.Context, m *Model, keys ...string) {
	for _, k := range uitest.Keys(keys...) {
		_, cmd := m.Update(k)
		seenDrive(m, cmd)
	}
}

// markedOnBoard are the positions of the marked stories.
func markedOnBoard(m *Model) []int32 {
	var out []int32
	for i := range m.cur().items {
		if m.eng.Marked(api.Story, int32(i)) {
			out = append(out, int32(i))
		}
	}
	return out
}

// TestSeenBoardMarksCountsAndKeys: the stories others created or changed
// since the demo last looked show + (created) or ~ (changed) in columns
// and in the list, the tab counts them; N goes from one to the next, and
// the one left is seen; Z marks everything seen.
func TestSeenBoardMarksCountsAndKeys(t *testing.T) {
	m, _, base := seenBoard(t)
	marked := markedOnBoard(m)
	n := len(marked)
	if n < 2 {
		t.Fatalf("%d stories marked; want the seeded work of others of the last day", n)
	}
	view := m.View()
	tab := fmt.Sprintf("Stories %d · %d new", len(m.cur().items), n)
	if !strings.Contains(view, tab) {
		t.Errorf("the tab does not say %q:\n%s", tab, view)
	}
	created, changed := 0, 0
	for _, i := range marked {
		if m.eng.MarkedNew(api.Story, i) {
			created++
		} else {
			changed++
		}
	}
	if created == 0 || changed == 0 {
		t.Errorf("%d created, %d changed among the marked; want both kinds", created, changed)
	}

	seenPress(base, m, "N")
	first, ok := m.selected()
	if !ok || !m.eng.Marked(api.Story, first) {
		t.Fatalf("N: the cursor is not on a marked story")
	}
	title := []rune(m.cur().items[first].Title)
	cell := "~"
	if m.eng.MarkedNew(api.Story, first) {
		cell = "+"
	}
	if want := cell + string(title[:min(12, len(title))]); !strings.Contains(ansi.Strip(m.View()), want) {
		t.Errorf("the card under the cursor does not show %q:\n%s", want, m.View())
	}
	seenPress(base, m, "v")
	if want := cell + "#" + m.cur().items[first].ShortID(); !strings.Contains(listRowOf(m, first), want) {
		t.Errorf("list mode: the row of the marked story does not start %q: %q", want, listRowOf(m, first))
	}
	seenPress(base, m, "v", "N")
	second, _ := m.selected()
	if second == first || !m.eng.Marked(api.Story, second) {
		t.Errorf("the second N stays on %d (marked %v)", second, m.eng.Marked(api.Story, second))
	}
	if m.eng.Marked(api.Story, first) || m.eng.MarkCount(api.Story) != n-1 {
		t.Errorf("the story the cursor left is still marked (%d marked, want %d)", m.eng.MarkCount(api.Story), n-1)
	}
	seenPress(base, m, "Z")
	if m.eng.MarkCount(api.Story) != 0 || strings.Contains(m.View(), " new ") || strings.Contains(m.View(), "new  Bugs") {
		t.Errorf("after Z: %d marked, tab line %q", m.eng.MarkCount(api.Story), strings.SplitN(m.View(), "\n", 2)[0])
	}
}

// listRowOf is the list row drawn for item i, without colours.
func listRowOf(m *Model, i int32) string {
	id := "#" + m.cur().items[i].ShortID() + " "
	for _, line := range strings.Split(ansi.Strip(m.View()), "\n") {
		if strings.Contains(line, id) {
			return line
		}
	}
	return ""
}

// TestSeenPreviewShowsBeforeAfter: the preview of a marked story shows
// what changed since the demo last looked, from the service's history:
// who, when, and the status before → after by the workflow's names.
func TestSeenPreviewShowsBeforeAfter(t *testing.T) {
	m, client, base := seenBoard(t)
	seenPress(base, m, "P")
	var target int32 = -1
	for range markedOnBoard(m) {
		seenPress(base, m, "N")
		i, _ := m.selected()
		if !m.eng.MarkedNew(api.Story, i) {
			target = i
			break
		}
	}
	if target < 0 {
		t.Fatal("no story marked as changed")
	}
	it := m.cur().items[target]
	since, _ := api.ParseTime(m.eng.LastLooked(api.Story))
	history, err := client.ItemChangesOf(base, 10022001, api.Story, []string{it.ID}, since)
	if err != nil || len(history) == 0 {
		t.Fatalf("the service's history of %s: %v, %v", it.ID, history, err)
	}
	last := history[len(history)-1]
	f := last.Fields[0]
	fi := m.cur().fields
	want := "status " + statusName(fi, f.Before) + " → " + statusName(fi, f.After)
	if statusName(fi, f.Before) == f.Before {
		t.Fatalf("the workflow does not name %q: the test cannot tell names from codes", f.Before)
	}
	view := ansi.Strip(m.View())
	for _, w := range []string{"Changed since you last looked", want, "(" + last.Author + ") · " + m.ctx.ShownTime(last.Created)} {
		if !strings.Contains(view, w) {
			t.Errorf("the preview does not show %q:\n%s", w, view)
		}
	}
}

// TestSeenFilterTerms: new: keeps the marked stories, changed: those of
// them that were there at the last look, -new: the others.
func TestSeenFilterTerms(t *testing.T) {
	m, _, _ := seenBoard(t)
	marked := markedOnBoard(m)
	changed := 0
	for _, i := range marked {
		if !m.eng.MarkedNew(api.Story, i) {
			changed++
		}
	}
	for _, tt := range []struct {
		query string
		want  int
	}{
		{"new:", len(marked)},
		{"new:yes", len(marked)},
		{"changed:", changed},
		{"-changed: new:", len(marked) - changed},
		{"new:no", len(m.cur().items) - len(marked)},
		{"-new:", len(m.cur().items) - len(marked)},
	} {
		m.applyQuery(tt.query)
		if got := m.cur().passing(); got != tt.want {
			t.Errorf("%q keeps %d stories, want %d", tt.query, got, tt.want)
		}
	}
	m.filter.SetValue("new:maybe")
	m.applyQuery("new:maybe")
	if !strings.Contains(m.View(), "new: takes yes or no") {
		t.Errorf("new:maybe does not say what new: takes:\n%s", m.View())
	}
}
