package sandbox_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// customFieldConfig is an entry of story/get_story_custom_fields_settings.
type customFieldConfig struct {
	CustomFieldConfig struct {
		ID          string  `json:"id"`
		WorkspaceID string  `json:"workspace_id"`
		EntryType   string  `json:"entry_type"`
		CustomField string  `json:"custom_field"`
		Type        string  `json:"type"`
		Name        string  `json:"name"`
		Options     *string `json:"options"`
		Enabled     string  `json:"enabled"`
		IsOut       int     `json:"is_out"`
	}
}

// TestCustomFieldsOfTheMainWorkspace checks that each kind of Atlas Web has
// a select, a member and a text field enabled (story/get_story_custom_fields_settings
// and the bug and task pages), that items carry their values, that the
// write interfaces write them and the lists filter by them.
func TestCustomFieldsOfTheMainWorkspace(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := interfacesWS
	for _, kind := range []struct{ path, entry, wrapper, title string }{
		{"stories", "story", "Story", "name"}, {"bugs", "bug", "Bug", "title"}, {"tasks", "task", "Task", "name"},
	} {
		t.Run(kind.entry, func(t *testing.T) {
			c := c.on(t)
			var settings []customFieldConfig
			c.get("/"+kind.path+"/custom_fields_settings", url.Values{"workspace_id": {ws}}, &settings)
			byType := map[string]string{} // type → custom_field
			for _, cfg := range settings {
				f := cfg.CustomFieldConfig
				if f.EntryType != kind.entry || f.WorkspaceID != ws || f.Enabled != "1" || f.Name == "" {
					t.Errorf("setting %+v", f)
				}
				if f.Type == "user_chooser" && (f.Options == nil || *f.Options != "{}") {
					t.Errorf("member field %s options %v, want \"{}\"", f.CustomField, f.Options)
				}
				if _, seen := byType[f.Type]; !seen {
					byType[f.Type] = f.CustomField
				}
			}
			sel, member, text := byType["select"], byType["user_chooser"], byType["input"]
			if sel == "" || member == "" || text == "" {
				t.Fatalf("%s fields by type %v: want a select, a user_chooser and an input", kind.entry, byType)
			}
			var list []map[string]map[string]string
			c.get("/"+kind.path, url.Values{"workspace_id": {ws}, "limit": {"40"}, "fields": {"id," + sel + "," + member + "," + text}}, &list)
			held := map[string]int{}
			for _, row := range list {
				for _, f := range []string{sel, member, text} {
					if row[kind.wrapper][f] != "" {
						held[f]++
					}
				}
				if m := row[kind.wrapper][member]; m != "" && !strings.HasSuffix(m, ";") {
					t.Errorf("member value %q is not TAPD's nick; list", m)
				}
			}
			for _, f := range []string{sel, member, text} {
				if held[f] < 20 {
					t.Errorf("%s: %d of 40 items hold a value, want most", f, held[f])
				}
			}
			id := c.firstIDs(ws, kind.path, 1)[0]
			var choice string
			for _, cfg := range settings {
				if f := cfg.CustomFieldConfig; f.CustomField == sel {
					var opts map[string]string
					if err := json.Unmarshal([]byte(*f.Options), &opts); err != nil || len(opts) == 0 {
						t.Fatalf("options of %s: %v %q", sel, err, *f.Options)
					}
					for v := range opts {
						choice = v
						break
					}
				}
			}
			c.post("/"+kind.path, url.Values{"workspace_id": {ws}, "id": {id}, sel: {choice}, member: {"bob"}, text: {"42"}}, nil)
			var got []map[string]map[string]string
			c.get("/"+kind.path, url.Values{"workspace_id": {ws}, "id": {id}, member: {"bob"}, sel: {choice}, "fields": {"id," + sel + "," + member + "," + text}}, &got)
			if len(got) != 1 || got[0][kind.wrapper][sel] != choice || got[0][kind.wrapper][member] != "bob;" || got[0][kind.wrapper][text] != "42" {
				t.Errorf("after the write, filtered by %s=bob and %s=%s: %v", member, sel, choice, got)
			}
		})
	}
}

// TestBugCreateRequiresSeverity checks that Billing Legacy creates a bug
// only with a severity (the demo's main workspace requires nothing more, so
// that the app's new bug works there until it asks for required fields): its workflow's start transition lists it with Notnull
// "yes" (workflow/get_workflow_all_transitions) and a create without one is
// refused with TAPD's error envelope.
func TestBugCreateRequiresSeverity(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := url.Values{"workspace_id": {"10022003"}}
	var transitions []struct {
		Name        string
		StepNext    string
		Appendfield []struct {
			FieldName string
			Notnull   string
		}
	}
	c.get("/workflows/all_transitions", url.Values{"workspace_id": ws["workspace_id"], "system": {"bug"}}, &transitions)
	if len(transitions) == 0 || transitions[0].Name != "start-new" {
		t.Fatalf("transitions %+v, want start-new first", transitions)
	}
	required := map[string]string{}
	for _, f := range transitions[0].Appendfield {
		required[f.FieldName] = f.Notnull
	}
	if required["severity"] != "yes" {
		t.Errorf("start-new Appendfield %+v, want severity with Notnull yes", transitions[0].Appendfield)
	}
	var refused struct {
		Status int    `json:"status"`
		Data   string `json:"data"`
		Info   string `json:"info"`
	}
	status := c.request(http.MethodPost, "/bugs", url.Values{"workspace_id": ws["workspace_id"], "title": {"No severity"}}, nil)
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("a bug without severity answered %d, want 422", status)
	}
	req, _ := http.NewRequest(http.MethodPost, s.url+"/bugs", strings.NewReader("workspace_id="+ws.Get("workspace_id")+"&title=No+severity"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(s.demo.APIUser, s.demo.APIPassword)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(&refused); err != nil {
		t.Fatal(err)
	}
	if refused.Status != http.StatusUnprocessableEntity || refused.Data != "" || !strings.HasPrefix(refused.Info, "severity is required") {
		t.Errorf("refusal %+v", refused)
	}
	var made struct {
		Bug struct {
			ID       string `json:"id"`
			Severity string `json:"severity"`
		}
	}
	c.post("/bugs", url.Values{"workspace_id": ws["workspace_id"], "title": {"With severity"}, "severity": {"serious"}}, &made)
	if made.Bug.ID == "" || made.Bug.Severity != "serious" {
		t.Errorf("created %+v", made.Bug)
	}
	c.post("/bugs", url.Values{"workspace_id": {interfacesWSZh}, "title": {"其他空间不要求"}}, nil)
}
