package board

import (
	"slices"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestEditorIsGivenTheWorkflowsSteps against the sandbox: once the
// workflow of a story is read (m reads it), e gives the editor the steps
// from the story's status, those m offers, so that its status field offers
// them and not every status.
func TestEditorIsGivenTheWorkflowsSteps(t *testing.T) {
	m, _, base := sandboxBoard(t)
	_, cmd := m.Update(uitest.Key("m")) // reads the workflow of the story's type
	if m.pick == nil {
		firstFrame(base, m, cmd, func(m *Model) bool { return m.pick != nil })
	}
	press(m, "esc")
	i, ok := m.selected()
	if !ok {
		t.Fatal("no story under the cursor")
	}
	it := m.cur().items[i]
	_, cmd = m.Update(uitest.Key("e"))
	var opened common.OpenEditorMsg
	for _, msg := range runAll(cmd) {
		if o, ok := msg.(common.OpenEditorMsg); ok {
			opened = o
		}
	}
	want, _ := m.eng.NextStepsOf(api.Story, it, m.cur().statusOrder())
	if opened.Item == nil || opened.Item.ID != it.ID || len(want) == 0 ||
		!slices.EqualFunc(opened.Steps, want, func(a, b api.Transition) bool { return a.To == b.To }) {
		t.Errorf("e gave the editor the steps %v, want the workflow's %v", opened.Steps, want)
	}
}
