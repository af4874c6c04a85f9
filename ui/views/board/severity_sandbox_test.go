package board

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestSeverityKeyPicksABugsSeverity against the sandbox: x on a story says
// only bugs have one; on a bug it opens the picker store.Fields gives the
// severity (its options, the bug's own first), and the choice reaches the
// service through the outbox like every field.
func TestSeverityKeyPicksABugsSeverity(t *testing.T) {
	m, client, base := sandboxBoard(t)
	if _, cmd := m.Update(uitest.Key("x")); cmd == nil || cmd().(common.StatusMsg).Text != "only bugs have a severity" {
		t.Fatalf("x on a story did not say only bugs have a severity")
	}
	_, cmd := m.Update(uitest.Key("tab"))
	firstFrame(base, m, cmd, func(m *Model) bool {
		return m.tab == api.Bug && !m.eng.Progress(api.Bug).Busy && m.cur().fields != nil && len(m.cur().items) > 0
	})
	_, bug, ok := m.selectedItem()
	if !ok {
		t.Fatal("no bug selected")
	}
	press(m, "x")
	if m.pick == nil {
		t.Fatalf("x on a bug opened no picker: %v", m.lastErr)
	}
	if title := ansi.Strip(m.pick.model.View()); !strings.Contains(title, "Severity of #"+bug.ShortID()) {
		t.Errorf("the picker is not the bug's severity:\n%s", title)
	}
	var to string
	for _, it := range m.pick.model.Shown() {
		if it.Value != bug.Severity {
			to = it.Value
			break
		}
	}
	if to == "" {
		t.Fatalf("the picker offers no other severity than %q", bug.Severity)
	}
	m.pick.model.SetCurrent(to)
	_, cmd = m.Update(uitest.Key("enter"))
	if msg, ok := cmd().(pickedMsg); ok {
		_, cmd = m.Update(msg)
	}
	firstFrame(base, m, cmd, func(m *Model) bool { return !m.eng.Editing() })
	got, err := client.Get(base, 10022001, api.Bug, bug.ID)
	if err != nil || got.Severity != to {
		t.Errorf("the bug's severity is %q on the service (%v), want %q", got.Severity, err, to)
	}
}
