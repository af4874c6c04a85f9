package sandbox

import (
	"bytes"
	"encoding/json"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// wireKeys lists the keys of each item of a list answer, in the order
// written, with their values.
func wireKeys(t *testing.T, data []byte, k api.Kind) [][]keyValue {
	t.Helper()
	var wrapped []map[string]json.RawMessage
	if err := json.Unmarshal(data, &wrapped); err != nil {
		t.Fatalf("%s: %v", data, err)
	}
	var out [][]keyValue
	for _, w := range wrapped {
		dec := json.NewDecoder(bytes.NewReader(w[k.Wrapper()]))
		if _, err := dec.Token(); err != nil {
			t.Fatal(err)
		}
		var kvs []keyValue
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				t.Fatal(err)
			}
			var v json.RawMessage
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			kvs = append(kvs, keyValue{key.(string), v})
		}
		out = append(out, kvs)
	}
	return out
}

type keyValue struct {
	key   string
	value json.RawMessage
}

var (
	dateValue     = regexp.MustCompile(`^"\d{4}-\d{2}-\d{2}"$`)
	datetimeValue = regexp.MustCompile(`^"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}"$`)
)

// TestListCarriesTheFullFieldSet checks a list without fields= as the real
// service writes it: every field of the catalog in its order, values strings
// or null, dates and times in the service's formats, most custom fields
// null, derived fields consistent.
func TestListCarriesTheFullFieldSet(t *testing.T) {
	w := newSeeded(t)
	for _, ws := range w.Workspaces {
		for _, k := range api.Kinds {
			specs := catalog(ws, k)
			var names []string
			for _, s := range specs {
				names = append(names, s.name)
			}
			data, herr := w.listItems(ws, k, url.Values{"limit": {"200"}})
			if herr != nil {
				t.Fatal(herr)
			}
			nulls, custom := 0, 0
			for _, item := range wireKeys(t, data, k) {
				var got []string
				for _, kv := range item {
					got = append(got, kv.key)
					spec, _ := lookup(specs, kv.key)
					v := string(kv.value)
					if v != "null" && v[0] != '"' {
						t.Fatalf("%d %s: %s = %s, want a string or null", ws.ID, k, kv.key, v)
					}
					switch {
					case v == "null":
					case spec.htmlType == "date" && !dateValue.MatchString(v):
						t.Fatalf("%d %s: date %s = %s", ws.ID, k, kv.key, v)
					case spec.htmlType == "datetime" && !datetimeValue.MatchString(v):
						t.Fatalf("%d %s: time %s = %s", ws.ID, k, kv.key, v)
					}
					if strings.HasPrefix(kv.key, "custom_") {
						custom++
						if v == "null" {
							nulls++
						}
					}
				}
				if !slices.Equal(got, names) {
					t.Fatalf("%d %s: keys\n got %v\nwant %v", ws.ID, k, got, names)
				}
			}
			if nulls*10 < custom*8 {
				t.Errorf("%d %s: %d of %d custom values are null, want most", ws.ID, k, nulls, custom)
			}
		}
	}
	if n := len(catalog(workspace(t, w, wsPhaseOne), api.Story)); n < 100 {
		t.Errorf("a story has %d fields, want the real service's hundred or more", n)
	}
}

func TestListDerivedAndUnsetValues(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsPhaseOne)
	stories := w.Items[itemKey{wsPhaseOne, api.Story}].all()
	data, herr := w.listItems(ws, api.Story, url.Values{"id": {stories[0].ID + "," + stories[1].ID}})
	if herr != nil {
		t.Fatal(herr)
	}
	for i, item := range wireKeys(t, data, api.Story) {
		values := map[string]string{}
		for _, kv := range item {
			values[kv.key] = string(kv.value)
		}
		it := stories[i]
		want := map[string]string{
			"path": `"` + it.ID + `:"`, "ancestor_id": `"` + it.ID + `"`, "parent_id": `"0"`, "children_id": `"|"`,
			"category_id": `"-1"`, "is_archived": `"0"`, "custom_field_five": `""`, "custom_field_9": "null",
			"custom_plan_field_1": "null", "business_value": "null", "bug_id": `""`,
		}
		for _, c := range storyStatuses {
			if c.value == it.Status {
				want["v_status"] = `"` + c.label.zh + `"`
			}
		}
		for key, v := range want {
			if values[key] != v {
				t.Errorf("story %d: %s = %s, want %s", i, key, values[key], v)
			}
		}
	}
}

func TestListFieldsAskForAnyField(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsPhaseOne)
	it := w.Items[itemKey{wsPhaseOne, api.Bug}].at(0)
	it.Extra["old_field"] = json.RawMessage(`"kept"`)
	data, herr := w.listItems(ws, api.Bug, url.Values{"id": {it.ID}, "fields": {"custom_field_30,severity,id,old_field,no_such_field,id,regression_number"}})
	if herr != nil {
		t.Fatal(herr)
	}
	got := wireKeys(t, data, api.Bug)[0]
	want := []keyValue{{"id", json.RawMessage(`"` + it.ID + `"`)}, {"severity", json.RawMessage(`"` + it.Severity + `"`)},
		{"regression_number", json.RawMessage(`"0"`)}, {"custom_field_30", json.RawMessage("null")}, {"old_field", json.RawMessage(`"kept"`)}}
	if len(got) != len(want) {
		t.Fatalf("keys %v, want %v", got, want)
	}
	for i := range want {
		if got[i].key != want[i].key || string(got[i].value) != string(want[i].value) {
			t.Errorf("key %d: %s=%s, want %s=%s", i, got[i].key, got[i].value, want[i].key, want[i].value)
		}
	}
	all, _ := w.listItems(ws, api.Bug, url.Values{"id": {it.ID}})
	keys := wireKeys(t, all, api.Bug)[0]
	if last := keys[len(keys)-1]; last.key != "old_field" {
		t.Errorf("a field outside the catalog is not written last: %v", last)
	}
}

func TestListFiltersReadUnsetAndDerivedValues(t *testing.T) {
	w := newSeeded(t)
	stories := w.Items[itemKey{wsPhaseOne, api.Story}].all()
	planning := 0
	for _, it := range stories {
		if it.Status == "planning" {
			planning++
		}
	}
	cases := []struct {
		q    url.Values
		want int
	}{
		{url.Values{"category_id": {"-1"}}, len(stories)},
		{url.Values{"children_id": {"|"}}, len(stories)},
		{url.Values{"custom_field_20": {"x"}}, 0},
		{url.Values{"v_status": {"规划中"}}, planning},
		{url.Values{"path": {stories[3].ID + ":"}}, 1},
	}
	for _, c := range cases {
		if n := countOf(t, w, wsPhaseOne, api.Story, c.q); n != c.want {
			t.Errorf("count %v = %d, want %d", c.q, n, c.want)
		}
	}
	data, herr := w.listItems(workspace(t, w, wsPhaseOne), api.Story, url.Values{"order": {"size desc"}, "limit": {"200"}, "fields": {"id,size"}})
	if herr != nil {
		t.Fatal(herr)
	}
	items, _ := api.DecodeItems(api.Story, data)
	for i := 1; i < len(items); i++ {
		a, _ := items[i-1].Get("size")
		b, _ := items[i].Get("size")
		if a < b {
			t.Fatalf("size desc: %q before %q", a, b)
		}
	}
}

// TestWritesKeepItemsCompact checks that an item written holds only what it
// has a value for, and that writes leave derived and unconfigured fields alone.
func TestWritesKeepItemsCompact(t *testing.T) {
	w := newSeeded(t)
	ws := workspace(t, w, wsPhaseOne)
	specs := catalog(ws, api.Story)
	created, data, herr := w.writeItem(ws, api.Story, form("name", "Compact", "cc", "", "effort_completed", "0", "begin", "",
		"v_status", "Planning", "path", "x", "custom_field_20", "x", "size", "3"), demoBasic, seedTestNow)
	if herr != nil {
		t.Fatal(herr)
	}
	checkHeldFields(t, specs, &created)
	if got := slices.Sorted(maps.Keys(created.Extra)); !slices.Equal(got, []string{"modifier", "size"}) {
		t.Errorf("a new item holds %v, want modifier and size", got)
	}
	answer := wireKeys(t, append(append([]byte{'['}, data...), ']'), api.Story)[0]
	if len(answer) != len(specs) {
		t.Errorf("the answer has %d fields, want the catalog's %d", len(answer), len(specs))
	}
	updated, _, herr := w.writeItem(ws, api.Story, form("id", created.ID, "size", "", "cc", "alice"), demoBasic, seedTestNow)
	if herr != nil {
		t.Fatal(herr)
	}
	checkHeldFields(t, specs, &updated)
	if _, ok := updated.Extra["size"]; ok || string(updated.Extra["cc"]) != `"alice;"` {
		t.Errorf("after update: %v", updated.Extra)
	}
}

// TestCatalogHoldsTypedFields checks that every typed field of api.Item is
// in its kind's catalog, and that get_fields_info describes every field but
// the custom fields a workspace has not configured.
func TestCatalogHoldsTypedFields(t *testing.T) {
	w := newSeeded(t)
	for _, ws := range w.Workspaces {
		for _, k := range api.Kinds {
			specs := catalog(ws, k)
			for _, name := range api.TypedFields(k) {
				if spec, ok := lookup(specs, name); !ok || !spec.typed {
					t.Errorf("%d %s: typed field %s is not in the catalog", ws.ID, k, name)
				}
			}
			raw, _ := rawFields(t, w, ws.ID, k)
			for _, spec := range specs {
				_, described := raw[spec.name]
				configured := slices.ContainsFunc(ws.Fields[k.String()], func(f FieldDef) bool { return f.Name == spec.name })
				unconfigured := strings.HasPrefix(spec.name, "custom_") && !configured
				if described == unconfigured || spec.unlisted != unconfigured {
					t.Errorf("%d %s: %s described %v, unlisted %v", ws.ID, k, spec.name, described, spec.unlisted)
				}
			}
		}
	}
}
