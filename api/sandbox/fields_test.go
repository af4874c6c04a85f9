package sandbox

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"triage/api"
)

// rawFields is get_fields_info data with each entry kept as JSON.
func rawFields(t *testing.T, w *world, ws int64, k api.Kind) (map[string]map[string]json.RawMessage, api.FieldInfo) {
	t.Helper()
	data, herr := w.fieldsInfo(workspace(t, w, ws), k)
	if herr != nil {
		t.Fatal(herr)
	}
	var raw map[string]map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	var info api.FieldInfo
	if err := json.Unmarshal(data, &info); err != nil {
		t.Fatalf("api.FieldInfo: %v", err)
	}
	return raw, info
}

func TestFieldsInfoShapes(t *testing.T) {
	w := newSeeded(t)
	cases := []struct {
		name  string
		ws    int64
		kind  api.Kind
		field string
		key   string
		want  string // exact JSON
	}{
		{"phase 1 story labels", wsPhaseOne, api.Story, "priority_label", "options",
			`{"High":"High","Middle":"Middle","Low":"Low","Nice To Have":"Nice To Have"}`},
		{"phase 1 story legacy codes", wsPhaseOne, api.Story, "priority", "options", `{"4":"High","3":"Middle","2":"Low","1":"Nice To Have"}`},
		{"phase 1 task labels", wsLegacyOnly, api.Task, "priority_label", "options",
			`{"High":"High","Middle":"Middle","Low":"Low","Nice To Have":"Nice To Have"}`},
		{"phase 1 bug words", wsPhaseOne, api.Bug, "priority_label", "options",
			`{"urgent":"紧急","high":"高","medium":"中","low":"低","insignificant":"无关紧要"}`},
		{"phase 1 bug legacy words", wsPhaseOne, api.Bug, "priority", "options",
			`{"urgent":"紧急","high":"高","medium":"中","low":"低","insignificant":"无关紧要"}`},
		{"phase 1 colours", wsPhaseOne, api.Story, "priority_label", "color_options",
			`[{"value":"High","label":"High","color":"#FF6770"},{"value":"Middle","label":"Middle","color":"#FFA940"},{"value":"Low","label":"Low","color":"#73D13D"},{"value":"Nice To Have","label":"Nice To Have","color":"#8C8C8C"}]`},
		{"pure options", wsPhaseOne, api.Story, "priority_label", "pure_options",
			`[{"parent_id":"0","workspace_id":"10022001","sort":"1","value":"High","label":"High","panel":0},{"parent_id":"0","workspace_id":"10022001","sort":"2","value":"Middle","label":"Middle","panel":0},{"parent_id":"0","workspace_id":"10022001","sort":"3","value":"Low","label":"Low","panel":0},{"parent_id":"0","workspace_id":"10022001","sort":"4","value":"Nice To Have","label":"Nice To Have","panel":0}]`},
		{"no pure options elsewhere", wsPhaseOne, api.Story, "status", "pure_options", `[]`},
		{"readonly is a number", wsPhaseOne, api.Story, "created", "readonly", `1`},
		{"writable is 0", wsPhaseOne, api.Story, "name", "readonly", `0`},
		{"memo is null", wsPhaseOne, api.Story, "name", "memo", `null`},
		{"no colours is []", wsPhaseOne, api.Story, "name", "color_options", `[]`},
		{"bug legacy priority has colours", wsPhaseOne, api.Bug, "priority", "color_options",
			`[{"value":"urgent","label":"紧急","color":"#FF4D4F"},{"value":"high","label":"高","color":"#FF7A45"},{"value":"medium","label":"中","color":"#FFC53D"},{"value":"low","label":"低","color":"#52C41A"},{"value":"insignificant","label":"无关紧要","color":"#BFBFBF"}]`},
		{"owners carry the members", wsPhaseOne, api.Story, "owner", "user_options",
			`[{"value":"demo","label":"demo"},{"value":"alice","label":"alice"},{"value":"bob","label":"bob"}]`},
		{"labels the items carry", wsPhaseOne, api.Story, "label", "options", labelOptions(t, w, wsPhaseOne)},
		{"iterations by name", wsPhaseOne, api.Story, "iteration_id", "options",
			`{"1110022001000000001":"Sprint 1","1110022001000000002":"Sprint 2","1110022001000000003":"Sprint 3","1110022001000000004":"Sprint 4","1110022001000000005":"Sprint 5","1110022001000000006":"Sprint 6"}`},
		{"custom labels in order", wsCustom, api.Story, "priority_label", "options",
			`{"紧急":"紧急","高":"高","中":"中","低":"低","锦上添花":"锦上添花"}`},
		{"custom legacy field returns labels", wsCustom, api.Task, "priority", "options",
			`{"紧急":"紧急","高":"高","中":"中","低":"低","锦上添花":"锦上添花"}`},
		{"custom colours", wsOther, api.Bug, "priority_label", "color_options",
			`[{"value":"Showstopper","label":"Showstopper","color":"#D0021B"},{"value":"Major","label":"Major","color":"#F5A623"},{"value":"Minor","label":"Minor","color":"#4A90E2"},{"value":"Trivial","label":"Trivial","color":"#9B9B9B"}]`},
		{"status in English", wsPhaseOne, api.Story, "status", "options",
			`{"planning":"Planning","developing":"Developing","resolved":"Resolved","rejected":"Rejected"}`},
		{"status in Chinese", wsCustom, api.Task, "status", "options", `{"open":"未开始","progressing":"进行中","done":"已完成"}`},
		{"severity", wsPhaseOne, api.Bug, "severity", "options",
			`{"fatal":"Fatal","serious":"Serious","normal":"Normal","prompt":"Prompt","advice":"Advice"}`},
		{"cascade tree", wsPhaseOne, api.Bug, "module", "options",
			`[{"name":"Web","children":[{"name":"Checkout"},{"name":"Search"},{"name":"Account"}]},{"name":"Mobile","children":[{"name":"iOS"},{"name":"Android"}]},{"name":"Platform","children":[{"name":"API"},{"name":"Billing"},{"name":"Auth"}]}]`},
		{"custom select", wsPhaseOne, api.Task, "custom_field_one", "options", `{"R&D":"R&D","Operations":"Operations","Support":"Support"}`},
		{"custom label", wsCustom, api.Story, "custom_field_two", "label", `"预估人天"`},
		{"read-only id", wsPhaseOne, api.Task, "id", "readonly", `1`},
		{"html type", wsPhaseOne, api.Story, "owner", "html_type", `"user_chooser"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			raw, _ := rawFields(t, w, c.ws, c.kind)
			entry, ok := raw[c.field]
			if !ok {
				t.Fatalf("no %s entry", c.field)
			}
			got := strings.ReplaceAll(string(entry[c.key]), `\u0026`, "&")
			if got != c.want {
				t.Errorf("%s.%s =\n %s\nwant\n %s", c.field, c.key, got, c.want)
			}
			if name := string(entry["name"]); name != `"`+c.field+`"` {
				t.Errorf("name %s", name)
			}
		})
	}
}

// TestFieldsInfoCoversItems checks that every field an item carries is
// described, and that the client reads the allowed priorities back.
func TestFieldsInfoCoversItems(t *testing.T) {
	w := newSeeded(t)
	want := map[int64]map[api.Kind][]string{
		wsPhaseOne:   {api.Story: {"High", "Middle", "Low", "Nice To Have"}, api.Bug: {"urgent", "high", "medium", "low", "insignificant"}},
		wsCustom:     {api.Task: {"紧急", "高", "中", "低", "锦上添花"}},
		wsLegacyOnly: {api.Story: {"High", "Middle", "Low", "Nice To Have"}},
		wsOther:      {api.Bug: {"Showstopper", "Major", "Minor", "Trivial"}, api.Story: {"High", "Middle", "Low", "Nice To Have"}},
	}
	for _, ws := range w.Workspaces {
		for _, k := range api.Kinds {
			raw, info := rawFields(t, w, ws.ID, k)
			for _, name := range w.Items[itemKey{ws.ID, k}].all()[0].FieldNames() {
				entry, ok := raw[name]
				if !ok {
					t.Errorf("%d %s: field %s not described", ws.ID, k, name)
					continue
				}
				for _, key := range []string{"name", "label", "html_type", "options"} {
					if _, ok := entry[key]; !ok {
						t.Errorf("%d %s: %s has no %s", ws.ID, k, name, key)
					}
				}
			}
			if labels, ok := want[ws.ID][k]; ok {
				var got []string
				for _, p := range info.PriorityOptions() {
					got = append(got, p.Value)
					if p.Color == "" {
						t.Errorf("%d %s: %s has no colour", ws.ID, k, p.Value)
					}
				}
				if !slices.Equal(got, labels) {
					t.Errorf("%d %s: PriorityOptions %v, want %v", ws.ID, k, got, labels)
				}
			}
		}
	}
}

// labelOptions is the options object of the labels the workspace's stories carry.
func labelOptions(t *testing.T, w *world, ws int64) string {
	t.Helper()
	seen := map[string]bool{}
	for _, it := range w.Items[itemKey{ws, api.Story}].all() {
		for _, l := range strings.Split(it.Label, "|") {
			if l != "" {
				seen[l] = true
			}
		}
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, l := range workspace(t, w, ws).Labels {
		if !seen[l] {
			t.Errorf("label %q is offered but no story carries it", l)
		}
		delete(seen, l)
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Quote(l) + ":" + strconv.Quote(l))
	}
	if len(seen) > 0 {
		t.Errorf("stories carry labels get_fields_info does not offer: %v", seen)
	}
	return b.String() + "}"
}
