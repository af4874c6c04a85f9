package board

import (
	"strings"
	"testing"

	"triage/api"
	"triage/ui/internal/uitest"
)

// press gives keys to the board, handing a picker's answer (the message its
// command carries at once) back to the board as Bubble Tea would.
func press(m *Model, names ...string) {
	for _, k := range uitest.Keys(names...) {
		picking := m.pick != nil
		_, cmd := m.Update(k)
		if !picking || cmd == nil {
			continue
		}
		if msg, ok := cmd().(pickedMsg); ok {
			m.Update(msg)
		}
	}
}

// TestBulkStatusWithOneRefusedItem against the sandbox: two Planning
// stories and one Developing story are marked; m offers the statuses some
// of them may reach, naming the one that cannot go to Rejected; choosing
// Rejected is refused before anything is queued, naming that story and
// where it may go; choosing Developing previews each status before and
// after (the Developing one stays) and, confirmed, moves the two on the
// service as one step.
func TestBulkStatusWithOneRefusedItem(t *testing.T) {
	m, client, base := sandboxBoard(t)
	_, cmd := m.Update(uitest.Key("b"))
	firstFrame(base, m, cmd, func(m *Model) bool { _, known := m.eng.NextSteps(api.Story, "planning", nil); return known })
	press(m, "space", "j", "space", "l", "space")
	d := m.cur()
	marked := m.markedItems()
	if len(marked) != 3 {
		t.Fatalf("%d marked, want 3", len(marked))
	}
	var planning []string
	var developing api.Item
	for _, i := range marked {
		switch it := d.items[i]; it.Status {
		case "planning":
			planning = append(planning, it.ID)
		case "developing":
			developing = it
		}
	}
	if len(planning) != 2 || developing.ID == "" {
		t.Fatalf("marked %d planning and %q developing", len(planning), developing.ID)
	}

	_, cmd = m.Update(uitest.Key("m")) // reads the workflow of each story type marked
	if m.pick == nil {
		firstFrame(base, m, cmd, func(m *Model) bool { return m.pick != nil })
	}
	if m.pick == nil {
		t.Fatalf("m with marks opened no picker: %v", m.lastErr)
	}
	offered := map[string]string{}
	for _, it := range m.pick.model.Shown() {
		offered[it.Title] = it.Detail
	}
	cannot := "#" + developing.ShortID() + " cannot go here"
	if len(offered) != 4 || offered["Rejected"] != cannot || offered["Developing"] != "" {
		t.Fatalf("offered %v; want every status, Rejected saying %q", offered, cannot)
	}

	press(m, "R", "e", "j", "enter")
	if m.lastErr == nil || !strings.Contains(m.lastErr.Error(), "#"+developing.ShortID()+" cannot go from Developing to Rejected; from Developing it can go to: Planning, Resolved") {
		t.Fatalf("Rejected for all gave %v", m.lastErr)
	}
	if m.prompt != nil || m.eng.Waiting() != 0 || m.eng.Editing() {
		t.Fatal("a refused bulk move was previewed or queued")
	}

	press(m, "m", "D", "e", "v", "enter")
	if m.prompt == nil || m.prompt.Title != "Set the status of 2 marked stories?" ||
		m.prompt.Lines[0] != "2 items: status Planning → Developing · 1 stays" {
		t.Fatalf("preview %+v", m.prompt)
	}
	screen := m.View()
	t.Logf("the bulk preview:\n%s", screen)
	_, cmd = m.Update(uitest.Key("y"))
	firstFrame(base, m, cmd, func(m *Model) bool { return !m.eng.Editing() })
	for _, id := range planning {
		got, err := client.Get(base, 10022001, api.Story, id)
		if err != nil || got.Status != "developing" {
			t.Errorf("%s is %q on the service, %v; want developing", id, got.Status, err)
		}
	}
	if steps := m.eng.Steps(); len(steps) != 1 {
		t.Errorf("%d steps, want the bulk as one", len(steps))
	}
}
