package editor

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// newBug opens the editor on a new bug of Billing Legacy, whose creation
// step requires an owner and a severity and offers a module (not
// required) and a custom select field (required).
func newBug(t *testing.T) (*Model, *uitest.Driver) {
	fi := uitest.PriorityFields(api.Bug)
	fi["severity"] = api.Field{Name: "severity", Label: "严重程度", Options: api.Options{Pairs: []api.Option{
		{Value: "fatal", Label: "fatal"}, {Value: "serious", Label: "serious"}, {Value: "normal", Label: "normal"}}}}
	fi["custom_field_one"] = api.Field{Name: "custom_field_one", Label: "Ledger", HTMLType: "select",
		Options: api.Options{Pairs: []api.Option{{Value: "AR", Label: "AR"}, {Value: "AP", Label: "AP"}}}}
	msg := open(nil, api.Bug)
	msg.Fields = fi
	msg.Create = []api.TransitionField{
		{Name: "current_owner", Required: true}, {Name: "severity", Required: true},
		{Name: "module"}, {Name: "custom_field_one", Required: true},
	}
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 100, 30)
	ctx.Workspace = api.Workspace{ID: "10022003", Name: "Billing Legacy"}
	m := New(ctx, msg)
	return m, uitest.NewViewDriver(t, m)
}

// created is the new item the editor emitted; ok false when none.
func created(d *uitest.Driver) (api.NewItem, bool) {
	for _, msg := range d.Seen {
		if c, ok := msg.(common.CreateItemMsg); ok {
			return c.New, true
		}
	}
	return api.NewItem{}, false
}

func screenOf(m *Model) string { return strings.Join(strings.Fields(ansi.Strip(m.View())), " ") }

// TestNewItemListsTheFieldsItIsMadeWith: the form of a new bug lists the
// owners (the creator offered), the iteration, the severity, then the
// fields the creation step asks for besides (a module typed, a custom
// field by its label), each one required marked.
func TestNewItemListsTheFieldsItIsMadeWith(t *testing.T) {
	m, _ := newBug(t)
	var labels []string
	for _, o := range m.more {
		labels = append(labels, o.spec.Label)
	}
	if want := []string{"Owners", "Iteration", "Severity", "module", "Ledger"}; !reflect.DeepEqual(labels, want) {
		t.Fatalf("the new bug's fields are %v, want %v", labels, want)
	}
	screen := screenOf(m)
	for _, want := range []string{"Owners anyechen required", "Iteration none Severity none required", "module text Ledger none required"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the form lacks %q:\n%s", want, ansi.Strip(m.View()))
		}
	}
}

// TestNewItemWithoutARequiredFieldIsNotQueued: a save without the
// severity emits nothing, names the field, the workspace and its options,
// and puts the focus on it; the next missing one is named once it is
// chosen.
func TestNewItemWithoutARequiredFieldIsNotQueued(t *testing.T) {
	m, d := newBug(t)
	d.Press("Totals are off by a cent", "ctrl+s")
	d.Settle()
	if n, ok := created(d); ok {
		t.Fatalf("a bug without its severity was queued: %+v", n)
	}
	want := "Severity is required in Billing Legacy: choose one (fatal, serious, normal)"
	if s := screenOf(m); !strings.Contains(s, want) {
		t.Fatalf("the refusal lacks %q:\n%s", want, ansi.Strip(m.View()))
	}
	if o := m.otherAt(m.focus); o == nil || o.spec.Key != "severity" {
		t.Fatalf("the focus is on %v, want the severity", m.focus)
	}
	d.Press("enter", "down", "enter", "ctrl+s")
	d.Settle()
	if n, ok := created(d); ok {
		t.Fatalf("a bug without its ledger was queued: %+v", n)
	}
	if s := screenOf(m); !strings.Contains(s, "Ledger is required in Billing Legacy: choose one (AR, AP)") {
		t.Fatalf("the second refusal does not name the ledger:\n%s", ansi.Strip(m.View()))
	}
}

// TestNewItemWithItsRequiredFieldsIsQueued: once the severity and the
// custom field are chosen, the save emits the bug with them as the service
// names them (current_owner for a bug's owners), and nothing left empty.
func TestNewItemWithItsRequiredFieldsIsQueued(t *testing.T) {
	m, d := newBug(t)
	d.Press("Totals are off by a cent", "tab", "tab", "tab", "tab", "enter", "down", "enter", "tab", "tab", "enter", "down", "enter", "ctrl+s")
	d.Settle()
	n, ok := created(d)
	if !ok {
		t.Fatalf("nothing was queued:\n%s", ansi.Strip(m.View()))
	}
	want := api.NewItem{Kind: api.Bug, WorkspaceID: 10022001, Title: "Totals are off by a cent", Creator: "anyechen",
		Fields: map[string]string{"current_owner": "anyechen;", "severity": "serious", "custom_field_one": "AP"}}
	if !reflect.DeepEqual(n, want) {
		t.Fatalf("queued %+v\nwant   %+v", n, want)
	}
}

// TestNewItemAsksBeforeDroppingAChosenField: esc on a new bug whose
// severity was chosen asks first; on one as the form opened, it closes.
func TestNewItemAsksBeforeDroppingAChosenField(t *testing.T) {
	m, d := newBug(t)
	d.Press("esc")
	d.Settle()
	if !m.Closed() || m.confirm {
		t.Fatal("esc on the new bug as it opened did not close it")
	}
	m, d = newBug(t)
	d.Press("tab", "tab", "tab", "tab", "enter", "down", "enter", "esc")
	d.Settle()
	if m.Closed() || !m.confirm {
		t.Fatalf("esc after a severity was chosen closed the editor:\n%s", ansi.Strip(m.View()))
	}
}
