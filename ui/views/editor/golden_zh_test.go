package editor

import (
	"testing"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// newBugMsg opens the editor on a new bug whose workspace requires an
// owner, a severity and a custom select field on create.
func newBugMsg() common.OpenEditorMsg {
	fi := uitest.PriorityFields(api.Bug)
	fi["severity"] = api.Field{Name: "severity", Label: "严重程度", Options: api.Options{Pairs: []api.Option{
		{Value: "fatal", Label: "致命"}, {Value: "serious", Label: "严重"}, {Value: "normal", Label: "一般"}}}}
	msg := open(nil, api.Bug)
	msg.Fields = fi
	msg.Create = []api.TransitionField{{Name: "current_owner", Required: true}, {Name: "severity", Required: true}}
	return msg
}

// TestEditorScreensInChinese draws the editor in Chinese at every size: its
// heading, field names and hints in TAPD's words, the priority picker, the
// discard question and a new bug refused without its severity, no line
// wider than the terminal though each Chinese rune takes two cells.
func TestEditorScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	uitest.Goldens(t,
		editorCase("edit_zh", open(story(), api.Story), []string{"tab"}, "enter 选择"),
		editorCase("priority_picker_zh", open(unknownBug(), api.Bug), []string{"tab", "enter"}, "（当前）"),
		editorCase("discard_zh", open(story(), api.Story), []string{"tab", "enter", "up", "enter", "esc"}, "放弃修改？"),
		editorCase("new_bug_refused_zh", newBugMsg(), []string{"Totals are off", "ctrl+s"}, "要求填写严重程度"),
	)
}

// TestEditorRefusesInChinese: a new bug without its severity is refused in
// Chinese, naming the field in TAPD's word and the values it takes.
func TestEditorRefusesInChinese(t *testing.T) {
	uitest.InChinese(t)
	m, d := newEditor(t, newBugMsg())
	d.Press("Totals are off")
	d.Press("ctrl+s")
	d.Settle()
	want := "Triage Demo 要求填写严重程度：从中选择一个（致命、严重、一般）"
	if m.err == nil || m.err.Error() != want {
		t.Fatalf("the refusal is %v, want %q", m.err, want)
	}
	if _, ok := created(d); ok {
		t.Error("a bug without its severity was queued")
	}
}

// TestEditorWordsAreCatalogued walks the words the editor translates where
// it draws them: its keys' help, the fields' labels and names, and the
// days of the date picker.
func TestEditorWordsAreCatalogued(t *testing.T) {
	var words []string
	keys := DefaultKeyMap()
	for _, group := range keys.FullHelp() {
		for _, b := range group {
			words = append(words, b.Help().Desc)
		}
	}
	for _, f := range store.Fields() {
		words = append(words, f.Label, f.Name)
	}
	for d := range 7 {
		words = append(words, time.Date(2026, 11, 23+d, 0, 0, 0, 0, time.UTC).Format("Mon"))
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}
