package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"triage/api"
)

// demoBasic is a Basic-auth caller of the first company.
var demoBasic = principal{Method: "basic", CompanyID: "21000001"}

// form builds url.Values from key, value pairs.
func form(kv ...string) url.Values {
	v := url.Values{}
	for i := 0; i+1 < len(kv); i += 2 {
		v.Add(kv[i], kv[i+1])
	}
	return v
}

// write calls writeItem and decodes its answer.
func write(t *testing.T, w *world, ws int64, k api.Kind, f url.Values) (api.Item, *httpError) {
	t.Helper()
	stored, data, herr := w.writeItem(workspace(t, w, ws), k, f, demoBasic, seedTestNow)
	if herr != nil {
		return api.Item{}, herr
	}
	got, err := api.DecodeItem(k, data)
	if err != nil {
		t.Fatalf("answer %s: %v", data, err)
	}
	if got.ID != stored.ID || got.PriorityLabel != stored.PriorityLabel || got.Priority != stored.Priority {
		t.Fatalf("answer %+v differs from the stored item %+v", got, stored)
	}
	return got, nil
}

// firstID is the id of the first seeded item of a kind that has a priority.
func firstID(t *testing.T, w *world, ws int64, k api.Kind) string {
	t.Helper()
	for _, it := range w.Items[itemKey{ws, k}].all() {
		if it.Priority != "" {
			return it.ID
		}
	}
	t.Fatalf("no %s with a priority in %d", k, ws)
	return ""
}

func TestPriorityWrites(t *testing.T) {
	const allowedStory = "High, Middle, Low, Nice To Have"
	const allowedCustom = "紧急, 高, 中, 低, 锦上添花"
	cases := []struct {
		name        string
		ws          int64
		kind        api.Kind
		form        []string
		wantLabel   string
		wantLegacy  string
		wantErrHas  []string // a 422 whose info holds each
		wantCleared bool
	}{
		{name: "phase 1 legacy code becomes the label", ws: wsPhaseOne, kind: api.Story, form: []string{"priority", "4"}, wantLabel: "High", wantLegacy: "4"},
		{name: "phase 1 label fills the legacy code", ws: wsPhaseOne, kind: api.Story, form: []string{"priority_label", "Low"}, wantLabel: "Low", wantLegacy: "2"},
		{name: "phase 1 label with spaces", ws: wsPhaseOne, kind: api.Task, form: []string{"priority_label", " Nice To Have "}, wantLabel: "Nice To Have", wantLegacy: "1"},
		{name: "phase 1 task legacy code", ws: wsPhaseOne, kind: api.Task, form: []string{"priority", "3"}, wantLabel: "Middle", wantLegacy: "3"},
		{name: "phase 1 label sent as legacy", ws: wsPhaseOne, kind: api.Story, form: []string{"priority", "High"}, wantLabel: "High", wantLegacy: "4"},
		{name: "phase 1 bug word", ws: wsPhaseOne, kind: api.Bug, form: []string{"priority", "urgent"}, wantLabel: "urgent", wantLegacy: "urgent"},
		{name: "phase 1 bug label", ws: wsPhaseOne, kind: api.Bug, form: []string{"priority_label", "insignificant"}, wantLabel: "insignificant", wantLegacy: "insignificant"},
		{name: "label wins over legacy", ws: wsPhaseOne, kind: api.Story, form: []string{"priority", "4", "priority_label", "Low"}, wantLabel: "Low", wantLegacy: "2"},
		{name: "empty label clears", ws: wsPhaseOne, kind: api.Story, form: []string{"priority_label", ""}, wantCleared: true},
		{name: "phase 1 unknown label", ws: wsPhaseOne, kind: api.Story, form: []string{"priority_label", "Urgent"},
			wantErrHas: []string{`"Urgent"`, allowedStory}},
		{name: "phase 1 unknown legacy code", ws: wsPhaseOne, kind: api.Story, form: []string{"priority", "7"},
			wantErrHas: []string{`"7"`, "4 (High), 3 (Middle), 2 (Low), 1 (Nice To Have)"}},
		{name: "phase 1 bug display name is not a value", ws: wsPhaseOne, kind: api.Bug, form: []string{"priority_label", "紧急"},
			wantErrHas: []string{`"紧急"`, "urgent, high, medium, low, insignificant"}},
		{name: "custom label", ws: wsCustom, kind: api.Story, form: []string{"priority_label", "锦上添花"}, wantLabel: "锦上添花", wantLegacy: "锦上添花"},
		{name: "custom label sent as priority", ws: wsCustom, kind: api.Task, form: []string{"priority", "高"}, wantLabel: "高", wantLegacy: "高"},
		{name: "custom label wins over legacy", ws: wsCustom, kind: api.Bug, form: []string{"priority", "4", "priority_label", "中"}, wantLabel: "中", wantLegacy: "中"},
		{name: "custom refuses legacy digit", ws: wsCustom, kind: api.Story, form: []string{"priority", "4"},
			wantErrHas: []string{`"4"`, "legacy", "priority_label", allowedCustom}},
		{name: "custom refuses legacy bug word", ws: wsCustom, kind: api.Bug, form: []string{"priority", "urgent"},
			wantErrHas: []string{`"urgent"`, "legacy", allowedCustom}},
		{name: "custom refuses legacy label", ws: wsCustom, kind: api.Story, form: []string{"priority_label", "High"},
			wantErrHas: []string{`"High"`, allowedCustom}},
		{name: "custom refuses unknown", ws: wsCustom, kind: api.Task, form: []string{"priority", "非常高"},
			wantErrHas: []string{`"非常高"`, allowedCustom}},
		{name: "per kind: phase 1 stories beside custom bugs", ws: wsOther, kind: api.Story, form: []string{"priority", "4"}, wantLabel: "High", wantLegacy: "4"},
		{name: "per kind: custom bugs", ws: wsOther, kind: api.Bug, form: []string{"priority_label", "Showstopper"}, wantLabel: "Showstopper", wantLegacy: "Showstopper"},
		{name: "per kind: custom bugs refuse legacy", ws: wsOther, kind: api.Bug, form: []string{"priority", "high"},
			wantErrHas: []string{"legacy", "Showstopper, Major, Minor, Trivial"}},
		{name: "legacy-only item takes a label", ws: wsLegacyOnly, kind: api.Story, form: []string{"priority_label", "Middle"}, wantLabel: "Middle", wantLegacy: "3"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newSeeded(t)
			for _, mode := range []string{"create", "update"} {
				f := form(c.form...)
				if mode == "create" {
					f.Set(c.kind.TitleField(), "Priority check")
					f.Set("severity", "normal") // Atlas Web creates bugs only with one; other kinds ignore it
				} else {
					f.Set("id", firstID(t, w, c.ws, c.kind))
				}
				got, herr := write(t, w, c.ws, c.kind, f)
				if c.wantErrHas != nil {
					if herr == nil || herr.Status != http.StatusUnprocessableEntity {
						t.Fatalf("%s: got %v, want 422", mode, herr)
					}
					for _, s := range c.wantErrHas {
						if !strings.Contains(herr.Info, s) {
							t.Errorf("%s: info %q lacks %q", mode, herr.Info, s)
						}
					}
					continue
				}
				if herr != nil {
					t.Fatalf("%s: %v", mode, herr)
				}
				if c.wantCleared {
					c.wantLabel, c.wantLegacy = "", ""
				}
				if got.PriorityLabel != c.wantLabel || got.Priority != c.wantLegacy {
					t.Errorf("%s: priority_label %q priority %q, want %q %q", mode, got.PriorityLabel, got.Priority, c.wantLabel, c.wantLegacy)
				}
			}
		})
	}
}

// TestLegacyOnlyItems checks that migrated items are returned as they are
// until written, and that any write fills their label.
func TestLegacyOnlyItems(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsLegacyOnly)
	var id, code string
	for _, it := range w.Items[itemKey{ws.ID, api.Story}].all() {
		if _, ok := api.LegacyLabel(api.Story, it.Priority); ok && it.PriorityLabel == "" {
			id, code = it.ID, it.Priority
			break
		}
	}
	data, herr := w.listItems(ws, api.Story, url.Values{"id": {id}})
	if herr != nil {
		t.Fatal(herr)
	}
	if !strings.Contains(string(data), `"priority":"`+code+`","priority_label":""`) {
		t.Errorf("legacy-only item read as %s", data)
	}
	got, herr := write(t, w, wsLegacyOnly, api.Story, form("id", id, "status", "developing"))
	if herr != nil {
		t.Fatal(herr)
	}
	want, _ := api.LegacyLabel(api.Story, code)
	if got.Priority != code || got.PriorityLabel != want {
		t.Errorf("after a write: priority %q label %q, want %q %q", got.Priority, got.PriorityLabel, code, want)
	}
}

// countOf runs countItems and returns the count.
func countOf(t *testing.T, w *world, ws int64, k api.Kind, q url.Values) int {
	t.Helper()
	data, herr := w.countItems(workspace(t, w, ws), k, q)
	if herr != nil {
		t.Fatal(herr)
	}
	var c api.Count
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("count %s: %v", data, err)
	}
	return int(c.Count)
}

// manualCount counts the items whose effective priority is one of labels.
func manualCount(w *world, ws int64, k api.Kind, labels ...string) int {
	n := 0
	for _, it := range w.Items[itemKey{ws, k}].all() {
		for _, l := range labels {
			if effectivePriority(&it) == l {
				n++
			}
		}
	}
	return n
}

func TestPriorityFilters(t *testing.T) {
	w := newSeeded(t)
	cases := []struct {
		name   string
		ws     int64
		kind   api.Kind
		q      url.Values
		labels []string // effective priorities selected; none means zero items
	}{
		{"phase 1 label", wsPhaseOne, api.Story, url.Values{"priority_label": {"High"}}, []string{"High"}},
		{"phase 1 legacy converted", wsPhaseOne, api.Story, url.Values{"priority": {"4"}}, []string{"High"}},
		{"phase 1 alternatives", wsPhaseOne, api.Task, url.Values{"priority_label": {"High|Low"}}, []string{"High", "Low"}},
		{"phase 1 legacy alternatives", wsPhaseOne, api.Task, url.Values{"priority": {"4|2"}}, []string{"High", "Low"}},
		{"phase 1 bug word", wsPhaseOne, api.Bug, url.Values{"priority": {"urgent"}}, []string{"urgent"}},
		{"label wins over legacy", wsPhaseOne, api.Story, url.Values{"priority": {"1"}, "priority_label": {"Middle"}}, []string{"Middle"}},
		{"stray value", wsCustom, api.Story, url.Values{"priority_label": {"非常紧急"}}, []string{"非常紧急"}},
		{"legacy-only by label", wsLegacyOnly, api.Story, url.Values{"priority_label": {"High"}}, []string{"High"}},
		{"legacy-only by code", wsLegacyOnly, api.Story, url.Values{"priority": {"4"}}, []string{"High"}},
		{"custom label", wsCustom, api.Bug, url.Values{"priority_label": {"紧急"}}, []string{"紧急"}},
		{"custom label as priority", wsCustom, api.Bug, url.Values{"priority": {"紧急|低"}}, []string{"紧急", "低"}},
		{"custom ignores legacy codes", wsCustom, api.Story, url.Values{"priority": {"4"}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want := manualCount(w, c.ws, c.kind, c.labels...)
			if c.labels != nil && want == 0 {
				t.Fatalf("the seed has no %v to filter", c.labels)
			}
			if got := countOf(t, w, c.ws, c.kind, c.q); got != want {
				t.Errorf("count %v = %d, want %d", c.q, got, want)
			}
		})
	}
	if a, b := countOf(t, w, wsPhaseOne, api.Story, url.Values{"priority": {"4"}}),
		countOf(t, w, wsPhaseOne, api.Story, url.Values{"priority_label": {"High"}}); a != b {
		t.Errorf("priority=4 counts %d, priority_label=High %d", a, b)
	}
}
