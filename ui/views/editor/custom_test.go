package editor

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// customStory is a story with values in the workspace's custom fields.
func customStory() *api.Item {
	it := story()
	it.Set("custom_field_one", "华东大区")
	it.Set("custom_field_two", "3")
	it.Set("custom_field_four", "alice;")
	return it
}

// customSettings are a select named in Chinese, a text and a member field.
func customSettings() []api.CustomField {
	return []api.CustomField{
		{Field: "custom_field_one", Name: "来源渠道", Type: "select", Enabled: true,
			Options: []api.Option{{Value: "华东大区", Label: "华东大区"}, {Value: "客户反馈", Label: "客户反馈"}, {Value: "海外", Label: "海外"}}},
		{Field: "custom_field_two", Name: "Estimate", Type: "input", Enabled: true},
		{Field: "custom_field_four", Name: "Product owner", Type: "user_chooser", Enabled: true, Options: nil},
	}
}

// TestEditorEditsCustomFields: the custom fields follow the others, named
// as the workspace names them; the select is chosen in a picker titled with
// its name, the members ticked until done, the text typed; the save
// carries each by its wire name, the members as TAPD's nick list.
func TestEditorEditsCustomFields(t *testing.T) {
	msg := open(customStory(), api.Story)
	msg.Custom = customSettings()
	msg.Members = []api.Member{{Nick: "alice", Name: "Alice Chen"}, {Nick: "bob", Name: "Bob Martin"}}
	m, d := newEditor(t, msg)
	screen := ansi.Strip(m.View())
	// the labels' column is as wide as the widest name: "Product owner" whole
	for _, want := range []string{"来源渠道      华东大区", "Estimate      3", "Product owner alice", "Title         > "} {
		if !strings.Contains(screen, want) {
			t.Errorf("the form lacks %q:\n%s", want, screen)
		}
	}
	// title, priority, status, owners, iteration, then the custom fields.
	d.Press("tab", "tab", "tab", "tab", "tab", "enter")
	if m.choose == nil || m.choose.Title() != "来源渠道" {
		t.Fatalf("enter on 来源渠道 opened %v", m.choose)
	}
	d.Press("客户", "enter", "tab", "ctrl+u", "5", "tab", "enter", "bob", "enter", "esc", "done", "enter", "ctrl+s")
	d.Settle()
	var last common.SaveItemMsg
	for _, msg := range d.Seen {
		if s, ok := msg.(common.SaveItemMsg); ok {
			last = s
		}
	}
	want := map[string]string{"custom_field_one": "客户反馈", "custom_field_two": "5", "custom_field_four": "alice;bob;"}
	if !reflect.DeepEqual(last.Set, want) {
		t.Errorf("saved %v, want %v", last.Set, want)
	}
}

// TestEditorTypesAMemberFieldWithoutMembers: with no members known yet, a
// member field is typed as nicks, saved as TAPD's list.
func TestEditorTypesAMemberFieldWithoutMembers(t *testing.T) {
	msg := open(customStory(), api.Story)
	msg.Custom = customSettings()[2:]
	_, d := newEditor(t, msg)
	d.Press("tab", "tab", "tab", "tab", "tab", "; bob", "ctrl+s")
	d.Settle()
	var last common.SaveItemMsg
	for _, msg := range d.Seen {
		if s, ok := msg.(common.SaveItemMsg); ok {
			last = s
		}
	}
	if want := map[string]string{"custom_field_four": "alice;bob;"}; !reflect.DeepEqual(last.Set, want) {
		t.Errorf("saved %v, want %v", last.Set, want)
	}
}

// TestEditorTicksAMultiSelectAndPicksADate: a multi-select's options are
// ticked and unticked until done, saved joined by "|"; a date is chosen
// among the coming days from the context's clock, by typing part of it.
func TestEditorTicksAMultiSelectAndPicksADate(t *testing.T) {
	it := story()
	it.Set("custom_field_5", "iOS")
	msg := open(it, api.Story)
	msg.Custom = []api.CustomField{
		{Field: "custom_field_5", Name: "Platforms", Type: "multi_select", Enabled: true,
			Options: []api.Option{{Value: "iOS", Label: "iOS"}, {Value: "Android", Label: "Android"}, {Value: "Web", Label: "Web"}}},
		{Field: "custom_field_6", Name: "Due", Type: "date", Enabled: true},
	}
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 22)
	ctx.Now = func() time.Time { return time.Date(2026, 11, 26, 12, 0, 0, 0, api.ServiceZone) }
	m := New(ctx, msg)
	d := uitest.NewViewDriver(t, m)
	d.Press("tab", "tab", "tab", "tab", "tab", "enter")
	if screen := ansi.Strip(m.View()); !strings.Contains(screen, "✓ iOS") || !strings.Contains(screen, "done") {
		t.Fatalf("the multi-select picker does not tick iOS:\n%s", screen)
	}
	d.Press("web", "enter", "esc", "ios", "enter", "esc", "android", "enter", "esc", "done", "enter")
	d.Press("tab", "enter", "12-05", "enter", "ctrl+s")
	d.Settle()
	var last common.SaveItemMsg
	for _, msg := range d.Seen {
		if s, ok := msg.(common.SaveItemMsg); ok {
			last = s
		}
	}
	if want := map[string]string{"custom_field_5": "Web|Android", "custom_field_6": "2026-12-05"}; !reflect.DeepEqual(last.Set, want) {
		t.Errorf("saved %v, want %v", last.Set, want)
	}
}

// TestEditorCutsAVeryLongFieldName: a name wider than the labels' column may
// grow is cut before its value, and the other labels keep that width.
func TestEditorCutsAVeryLongFieldName(t *testing.T) {
	msg := open(customStory(), api.Story)
	msg.Custom = append(customSettings(), api.CustomField{Field: "custom_field_nine", Name: strings.Repeat("很长的名字", 6), Type: "input", Enabled: true})
	m, _ := newEditor(t, msg)
	if got := m.labelWidth(); got != maxLabelWidth {
		t.Errorf("the labels' column is %d cells, want the most, %d", got, maxLabelWidth)
	}
	screen := ansi.Strip(m.View())
	if !strings.Contains(screen, "很长的名字很长的名字… ") || !strings.Contains(screen, "Product owner         alice") {
		t.Errorf("the long name is not cut before its value, or the others lost their column:\n%s", screen)
	}
}

// TestEnterSaysWhatItDoesOnTheField: the help line's enter follows the
// field in focus: nothing on the title (tab goes on), the priority on the
// priority, a value on a field chosen from a list.
func TestEnterSaysWhatItDoesOnTheField(t *testing.T) {
	msg := open(customStory(), api.Story)
	msg.Custom = customSettings()
	m, d := newEditor(t, msg)
	enter := func() string {
		for _, b := range m.KeyMap().ShortHelp() {
			if b.Help().Key == "enter" && b.Enabled() {
				return b.Help().Desc
			}
		}
		return ""
	}
	if got := enter(); got != "" {
		t.Errorf("on the title, enter says %q, want nothing", got)
	}
	d.Press("tab")
	if got := enter(); got != "choose the priority" {
		t.Errorf("on the priority, enter says %q", got)
	}
	d.Press("tab", "tab", "tab", "tab") // status, owners, iteration, 来源渠道
	if got := enter(); got != "choose a value" {
		t.Errorf("on a select field, enter says %q", got)
	}
}
