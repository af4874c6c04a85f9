package board

import (
	"slices"
	"testing"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// TestStoryOfTypeBIsOfferedItsOwnSteps against the sandbox, whose Atlas Web
// has two story types: m on a Planning story of the default type offers
// Developing and Rejected; on a Planning story of the second type
// (technical debt, every tenth story) it reads that type's workflow
// (all_transitions with its workitem_type_id) and offers its steps,
// Resolved and Rejected; choosing Resolved moves it on the service.
func TestStoryOfTypeBIsOfferedItsOwnSteps(t *testing.T) {
	m, client, base := sandboxBoard(t)
	d := m.cur()
	offered := func(id string) []string {
		t.Helper()
		i, ok := d.find(id)
		if !ok {
			t.Fatalf("%s is not on the board", id)
		}
		m.follow(i)
		_, cmd := m.Update(uitest.Key("m"))
		if m.pick == nil {
			firstFrame(base, m, cmd, func(m *Model) bool { return m.pick != nil })
		}
		var titles []string
		for _, it := range m.pick.model.Shown() {
			titles = append(titles, it.Title)
		}
		return titles
	}
	var typeA, typeB api.Item
	for _, it := range d.items {
		if it.Status != "planning" {
			continue
		}
		switch n := it.ShortID(); {
		case typeB.ID == "" && len(n) > 1 && n[len(n)-1] == '0':
			typeB = it
		case typeA.ID == "" && n[len(n)-1] != '0':
			typeA = it
		}
	}
	if typeA.ID == "" || typeB.ID == "" || engine.TypeOf(typeA) == engine.TypeOf(typeB) || engine.TypeOf(typeB) == "" {
		t.Fatalf("stories %q (type %q) and %q (type %q): want two Planning stories of two types",
			typeA.ID, engine.TypeOf(typeA), typeB.ID, engine.TypeOf(typeB))
	}
	if got := offered(typeA.ID); !slices.Equal(got, []string{"Developing", "Rejected"}) {
		t.Errorf("#%s (default type) is offered %q", typeA.ShortID(), got)
	}
	press(m, "esc")
	if got := offered(typeB.ID); !slices.Equal(got, []string{"Resolved", "Rejected"}) {
		t.Fatalf("#%s (technical debt) is offered %q, want its type's steps", typeB.ShortID(), got)
	}
	_, cmd := m.Update(uitest.Key("enter"))
	msg := cmd()
	_, cmd = m.Update(msg)
	firstFrame(base, m, cmd, func(m *Model) bool { return !m.eng.Editing() })
	got, err := client.Get(base, 10022001, api.Story, typeB.ID)
	if err != nil || got.Status != "resolved" {
		t.Errorf("#%s is %q on the service, %v; want resolved", typeB.ShortID(), got.Status, err)
	}
}

// TestTypeMoveWaitsForItsWorkflow against the sandbox: once the workspace
// is known to have two story types, a move of a technical debt whose
// type's workflow is not read yet waits for it, then goes by it (Planning
// to Resolved, which the default workflow refuses) instead of being
// refused by the default one.
func TestTypeMoveWaitsForItsWorkflow(t *testing.T) {
	m, client, base := sandboxBoard(t)
	d := m.cur()
	var plain, debt int32 = -1, -1
	for i, it := range d.items {
		n := it.ShortID()
		switch {
		case it.Status != "planning":
		case n[len(n)-1] == '0' && debt < 0:
			debt = int32(i)
		case n[len(n)-1] != '0' && plain < 0:
			plain = int32(i)
		}
	}
	m.follow(plain)
	_, cmd := m.Update(uitest.Key("m")) // lists the story types, reads the default one's steps
	firstFrame(base, m, cmd, func(m *Model) bool { return m.pick != nil })
	press(m, "esc")
	id := d.items[debt].ID
	cmd = m.setField(d, debt, engine.Status, "resolved", nil)
	if m.lastErr != nil {
		t.Fatalf("the move was refused before its type's workflow was read: %v", m.lastErr)
	}
	firstFrame(base, m, cmd, func(m *Model) bool { return m.awaitMove == nil && !m.eng.Editing() })
	got, err := client.Get(base, 10022001, api.Story, id)
	if err != nil || got.Status != "resolved" {
		t.Errorf("the technical debt is %q on the service, %v; want resolved", got.Status, err)
	}
}
