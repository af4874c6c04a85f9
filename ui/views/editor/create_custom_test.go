package editor

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/internal/uitest"
)

// newBugWithCustom opens the editor on a new bug whose workspace enables a
// select named 客户 (its creation step requires it) and a text field named
// 备注 (not asked for by the creation step).
func newBugWithCustom(t *testing.T) (*Model, *uitest.Driver) {
	fi := uitest.PriorityFields(api.Bug)
	fi["severity"] = api.Field{Name: "severity", Label: "严重程度", Options: api.Options{Pairs: []api.Option{
		{Value: "fatal", Label: "fatal"}, {Value: "serious", Label: "serious"}}}}
	msg := open(nil, api.Bug)
	msg.Fields = fi
	msg.Create = []api.TransitionField{{Name: "severity"}, {Name: "custom_field_one", Required: true}}
	msg.Custom = []api.CustomField{
		{Field: "custom_field_one", Name: "客户", Type: "select", Enabled: true,
			Options: []api.Option{{Value: "国内", Label: "国内"}, {Value: "海外", Label: "海外"}}},
		{Field: "custom_field_two", Name: "备注", Type: "input", Enabled: true},
	}
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 100, 30)
	ctx.Workspace = api.Workspace{ID: "10022002", Name: "星河移动"}
	m := New(ctx, msg)
	return m, uitest.NewViewDriver(t, m)
}

// TestNewItemShowsTheKindsCustomFields: the form of a new bug lists the
// enabled custom fields by their names after the fields every bug has, the
// one the creation step requires marked; a save without it is refused
// naming it, the workspace and its options; once chosen (and the text
// typed) the bug is queued with both by their wire names.
func TestNewItemShowsTheKindsCustomFields(t *testing.T) {
	m, d := newBugWithCustom(t)
	screen := screenOf(m)
	for _, want := range []string{"客户 none required", "备注 text"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the form lacks %q:\n%s", want, ansi.Strip(m.View()))
		}
	}
	d.Press("Crash on launch", "ctrl+s")
	d.Settle()
	if n, ok := created(d); ok {
		t.Fatalf("a bug without its 客户 was queued: %+v", n)
	}
	if want := "客户 is required in 星河移动: choose one (国内, 海外)"; m.err == nil || m.err.Error() != want {
		t.Fatalf("the refusal is %v, want %q", m.err, want)
	}
	if o := m.otherAt(m.focus); o == nil || o.custom == nil || o.custom.Name != "客户" {
		t.Fatalf("the focus is on %v, not 客户", m.focus)
	}
	d.Press("enter")
	if m.choose == nil || m.choose.Title() != "客户" {
		t.Fatalf("enter on 客户 opened %v", m.choose)
	}
	d.Press("海外", "enter", "tab", "from a customer call", "ctrl+s")
	d.Settle()
	n, ok := created(d)
	if !ok {
		t.Fatalf("nothing was queued:\n%s", ansi.Strip(m.View()))
	}
	want := map[string]string{"custom_field_one": "海外", "custom_field_two": "from a customer call"}
	if !reflect.DeepEqual(n.Fields, want) {
		t.Fatalf("queued fields %v, want %v", n.Fields, want)
	}
}
