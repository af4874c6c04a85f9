package editor

import (
	"reflect"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestEditorEditsTheOtherFields: tab walks status, owners and iteration;
// the status and the iteration are chosen from the field information's
// options, the owners typed; the save carries only the fields changed, the
// owners as TAPD's list.
func TestEditorEditsTheOtherFields(t *testing.T) {
	fi := uitest.PriorityFields(api.Story)
	fi["status"] = api.Field{Name: "status", Options: api.Options{Pairs: []api.Option{{Value: "planning", Label: "Planning"}, {Value: "developing", Label: "Developing"}}}}
	fi["iteration_id"] = api.Field{Name: "iteration_id", Options: api.Options{Pairs: []api.Option{{Value: "1310022001000000006", Label: "Sprint 6"}}}}
	msg := open(story(), api.Story)
	msg.Fields = fi
	m, d := newEditor(t, msg)
	d.Press("tab", "tab", "enter", "down", "enter", "tab", "; bob", "tab", "enter", "down", "enter", "ctrl+s")
	d.Settle()
	var last common.SaveItemMsg
	for _, msg := range d.Seen {
		if s, ok := msg.(common.SaveItemMsg); ok {
			last = s
		}
	}
	want := map[string]string{"status": "developing", "owner": "anyechen;bob;", "iteration_id": "1310022001000000006"}
	if !reflect.DeepEqual(last.Set, want) || last.Title != story().Title || last.PriorityLabel != "Middle" {
		t.Errorf("saved %+v, want the other fields %v", last, want)
	}
	if m.Changed() != true {
		t.Error("the editor does not see its changes")
	}
}
