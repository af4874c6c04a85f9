package editor

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
)

// TestStatusOffersTheWorkflowsSteps: with the workflow's steps from the
// bug's status known, the status field offers its status and those steps
// only, as m on the board does, naming what a step asks for; the step to
// Rejected asks for the resolution, which goes with the move in the save.
func TestStatusOffersTheWorkflowsSteps(t *testing.T) {
	bug := &api.Item{Kind: api.Bug, ID: "1110022001000000012", WorkspaceID: "10022001", Title: "Login fails",
		PriorityLabel: "high", Status: "new", Owner: "demo;"}
	msg := open(bug, api.Bug)
	msg.Fields = api.FieldInfo{
		"status": {Name: "status", Options: api.Options{Pairs: []api.Option{{Value: "new", Label: "New"},
			{Value: "in_progress", Label: "In progress"}, {Value: "resolved", Label: "Resolved"}, {Value: "rejected", Label: "Rejected"}}}},
		"resolution": {Name: "resolution", Label: "Resolution", Options: api.Options{Pairs: []api.Option{{Value: "fixed", Label: "Fixed"},
			{Value: "duplicated", Label: "Duplicated"}}}},
	}
	msg.Steps = []api.Transition{{From: "new", To: "in_progress"},
		{From: "new", To: "rejected", Fields: []api.TransitionField{{Name: "resolution", Required: true}}}}
	m, d := newEditor(t, msg)
	d.Press("tab", "tab", "enter")
	screen := ansi.Strip(m.View())
	for _, want := range []string{"Move #12 from New", "In progress", "Rejected  asks for Resolution"} {
		if !strings.Contains(strings.Join(strings.Fields(screen), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("the status picker lacks %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "Resolved") {
		t.Errorf("the status picker offers Resolved, which the workflow has no step to:\n%s", screen)
	}
	d.Press("down", "down", "enter")
	if screen := ansi.Strip(m.View()); !strings.Contains(screen, "Rejected: Resolution is required") || !strings.Contains(screen, "Duplicated") {
		t.Fatalf("choosing Rejected does not ask for the resolution:\n%s", screen)
	}
	d.Press("down", "enter", "ctrl+s")
	d.Settle()
	var saved common.SaveItemMsg
	for _, msg := range d.Seen {
		if s, ok := msg.(common.SaveItemMsg); ok {
			saved = s
		}
	}
	if !reflect.DeepEqual(saved.Set, map[string]string{"status": "rejected"}) || !reflect.DeepEqual(saved.StatusFields, map[string]string{"resolution": "duplicated"}) {
		t.Errorf("saved the fields %v with the move's %v, want status rejected with resolution duplicated", saved.Set, saved.StatusFields)
	}
}
