package board

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
	"triage/ui/filter"
	"triage/ui/internal/uitest"
	"triage/ui/views/board/fieldflow"
)

// TestFilterIsResolvedInEachWorkspace against the sandbox: iter:@current
// keeps the stories of the current iteration of the workspace on screen,
// in the first one, in another opened with the filter kept, and in the
// first again when its board is restored as the root restores it.
func TestFilterIsResolvedInEachWorkspace(t *testing.T) {
	m, client, base := sandboxBoardWith(t, sandbox.Options{Clock: uitest.Now})
	m.ctx.Now = uitest.Now
	want := func(ws int64) int {
		t.Helper()
		its, err := client.Iterations(base, ws)
		if err != nil {
			t.Fatal(err)
		}
		current := filter.IterAliases(its, fieldflow.Today(uitest.Clock))["@current"]
		items, err := client.List(base, api.ListRequest{WorkspaceID: ws, Kind: api.Story})
		if err != nil || current == "" {
			t.Fatalf("workspace %d: current iteration %q, %v", ws, current, err)
		}
		n := 0
		for _, it := range items {
			if store.NoIteration(it.IterationID) == current {
				n++
			}
		}
		return n
	}
	first, second := want(10022001), want(10022002)

	press(m, "/")
	filterNow(base, m, "iter:@current")
	if got := m.cur().passing(); got != first {
		t.Fatalf("in 10022001 iter:@current keeps %d stories, want %d", got, first)
	}
	saved := m.State()

	open(base, m, 10022002)
	if got, all := m.cur().passing(), len(m.cur().items); got != second || !m.cur().filtering() || m.filter.Value() != "iter:@current" {
		t.Errorf("in 10022002 iter:@current keeps %d of %d stories (filter %q), want %d", got, all, m.filter.Value(), second)
	}
	if p := m.filterProblems(m.cur()); len(p) > 0 {
		t.Errorf("the filter line says %v", p)
	}

	m.Restore(saved)
	open(base, m, 10022001)
	if got := m.cur().passing(); got != first {
		t.Errorf("back in 10022001 iter:@current keeps %d stories, want %d", got, first)
	}
}

// filterNow types a filter and waits for what it reads.
func filterNow(base context.Context, m *Model, q string) {
	var cmds []func() bool
	for _, k := range uitest.Keys(strings.Split(q, "")...) {
		_, cmd := m.Update(k)
		if cmd != nil {
			c := cmd
			cmds = append(cmds, func() bool { firstFrame(base, m, c, func(m *Model) bool { return !m.awaitIters }); return true })
		}
	}
	for _, run := range cmds {
		run()
	}
}

// open opens a workspace as the root does and waits for its stories and
// for what the filter reads.
func open(base context.Context, m *Model, ws int64) {
	firstFrame(base, m, m.openWorkspace(ws), func(m *Model) bool {
		return !m.eng.Progress(api.Story).Busy && m.cur().fields != nil && len(m.cur().items) > 0 && !m.awaitIters
	})
}

// TestFilterHintsComeFromTheKindOnScreen against the sandbox: on the Bugs
// tab an empty status: suggests a bug's status, not a story's.
func TestFilterHintsComeFromTheKindOnScreen(t *testing.T) {
	m, _, base := sandboxBoard(t)
	_, cmd := m.Update(uitest.Key("tab"))
	firstFrame(base, m, cmd, func(m *Model) bool {
		return m.tab == api.Bug && !m.eng.Progress(api.Bug).Busy && m.cur().fields != nil && len(m.cur().items) > 0
	})
	press(m, "/")
	filterNow(base, m, "status:")
	first := strings.ToLower(m.cur().fields["status"].Options.Pairs[0].Label)
	got := strings.Join(m.filterProblems(m.cur()), "; ")
	if want := "status: needs a value, e.g. status:" + filter.QuoteValue(first); got != want {
		t.Errorf("on the Bugs tab the filter line says %q, want %q", got, want)
	}
}

// TestIterationPickerDrawsItsRowsWhole against the sandbox at 120x40: the
// picker of a story planned in the current iteration draws that row whole.
func TestIterationPickerDrawsItsRowsWhole(t *testing.T) {
	m, _, base := sandboxBoardWith(t, sandbox.Options{Clock: uitest.Now})
	m.ctx.Now = uitest.Now
	press(m, "/")
	filterNow(base, m, "iter:@current")
	press(m, "enter")
	if _, cmd := m.Update(uitest.Key("i")); m.pick == nil {
		firstFrame(base, m, cmd, func(m *Model) bool { return m.pick != nil })
	}
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "· current iteration · planned here │") {
		t.Errorf("the current iteration's row is cut:\n%s", view)
	}
}
