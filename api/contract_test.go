package api

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFlexScalars(t *testing.T) {
	tests := []struct {
		in      string
		str     string
		num     int64
		wantErr bool
	}{
		{`"755"`, "755", 755, false},
		{`755`, "755", 755, false},
		{`null`, "", 0, false},
		{`""`, "", 0, false},
		{`"abc"`, "abc", 0, true},
		{`1.5`, "1.5", 0, true},
		{`true`, "true", 0, true},
		{`{}`, "", 0, true},
		{`[1]`, "", 0, true},
	}
	for _, tt := range tests {
		var s FlexString
		serr := json.Unmarshal([]byte(tt.in), &s)
		var n FlexInt
		nerr := json.Unmarshal([]byte(tt.in), &n)
		objectOrArray := strings.HasPrefix(tt.in, "{") || strings.HasPrefix(tt.in, "[")
		if objectOrArray != (serr != nil) {
			t.Errorf("FlexString(%s) err = %v", tt.in, serr)
		}
		if serr == nil && string(s) != tt.str {
			t.Errorf("FlexString(%s) = %q, want %q", tt.in, s, tt.str)
		}
		if (nerr != nil) != tt.wantErr {
			t.Errorf("FlexInt(%s) err = %v, wantErr %v", tt.in, nerr, tt.wantErr)
		}
		if nerr == nil && int64(n) != tt.num {
			t.Errorf("FlexInt(%s) = %d, want %d", tt.in, n, tt.num)
		}
	}
}

func TestDecodeEnvelope(t *testing.T) {
	tests := []struct {
		name    string
		body    string
		ok      bool
		status  int
		info    string
		reqID   string
		wantErr bool
	}{
		{"success", `{"status":1,"data":{"count":7},"info":"success"}`, true, 1, "success", "", false},
		{"error with meta", `{"status":401,"data":"","info":"401 Unauthorized","meta":{"request_id":"abc"}}`, false, 401, "401 Unauthorized", "abc", false},
		{"status as string", `{"status":"1","data":[],"info":"success"}`, true, 1, "success", "", false},
		{"meta not an object", `{"status":422,"data":{},"info":"x","meta":"odd"}`, false, 422, "x", "", false},
		{"html page", `<html><body>502 Bad Gateway</body></html>`, false, 0, "", "", true},
		{"empty", ``, false, 0, "", "", true},
		{"no status", `{"data":1}`, false, 0, "", "", true},
		{"array", `[1,2]`, false, 0, "", "", true},
		{"broken json", `{"status":1,"data":`, false, 0, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, err := DecodeEnvelope([]byte(tt.body))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if env.OK() != tt.ok || env.Status != tt.status || env.Info != tt.info || env.RequestID() != tt.reqID {
				t.Errorf("got %+v", env)
			}
		})
	}
}

func TestDecodeDataRefusesOtherShapes(t *testing.T) {
	env, err := DecodeEnvelope([]byte(`{"status":1,"data":"Hello, welcome to TAPD API","info":"success"}`))
	if err != nil {
		t.Fatal(err)
	}
	var c Count
	if err := env.DecodeData(&c); err == nil {
		t.Fatal("a greeting string decoded as a count")
	}
	if _, err := DecodeItems(Story, env.Data); err == nil {
		t.Fatal("a greeting string decoded as a list")
	}
}

func TestDecodeItemsKeepsEveryField(t *testing.T) {
	data := `[{"Story":{"id":"1010022001000000017","workspace_id":10022001,"name":"Login page","priority":"4","priority_label":"High","status":"planning","owner":"anyechen;","progress":"0","custom_field_one":null,"label":"ui|auth"}},
	{"Story":{"id":"1010022001000000018","workspace_id":"10022001","name":"Old item","priority":"3","priority_label":"","owner":null}}]`
	items, err := DecodeItems(Story, json.RawMessage(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 2 {
		t.Fatalf("got %d items", len(items))
	}
	a := items[0]
	if a.ID != "1010022001000000017" || a.WorkspaceID != "10022001" || a.Title != "Login page" || a.Owner != "anyechen;" {
		t.Errorf("typed fields: %+v", a)
	}
	if v, ok := a.Get("progress"); !ok || v != "0" {
		t.Errorf("extra progress = %q, %v", v, ok)
	}
	if v, ok := a.Get("custom_field_one"); !ok || v != "" {
		t.Errorf("extra null field = %q, %v", v, ok)
	}
	if items[1].DisplayPriority() != "Middle" {
		t.Errorf("legacy-only item shows %q, want Middle", items[1].DisplayPriority())
	}
	out, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"id":"1010022001000000017"`, `"name":"Login page"`, `"progress":"0"`, `"custom_field_one":null`, `"label":"ui|auth"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("round trip lost %s: %s", want, out)
		}
	}
	if strings.Contains(string(out), `"title"`) {
		t.Errorf("a story was written with a bug's title field: %s", out)
	}
}

func TestDecodeItemsShapes(t *testing.T) {
	tests := []struct {
		name    string
		kind    Kind
		data    string
		n       int
		wantErr bool
	}{
		{"empty list", Story, `[]`, 0, false},
		{"empty object", Bug, `{}`, 0, false},
		{"bug uses title", Bug, `[{"Bug":{"id":"1","title":"Crash","current_owner":"a;","reporter":"b"}}]`, 1, false},
		{"wrong wrapper", Bug, `[{"Story":{"id":"1"}}]`, 0, true},
		{"not wrapped", Task, `[{"id":"1"}]`, 0, true},
		{"object value in typed field", Task, `[{"Task":{"id":{"x":1}}}]`, 0, true},
		{"string", Task, `"hello"`, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			items, err := DecodeItems(tt.kind, json.RawMessage(tt.data))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v", err)
			}
			if len(items) != tt.n {
				t.Fatalf("got %d items", len(items))
			}
		})
	}
	items, _ := DecodeItems(Bug, json.RawMessage(`[{"Bug":{"id":"1","title":"Crash","current_owner":"a;","reporter":"b"}}]`))
	if items[0].Title != "Crash" || items[0].Owner != "a;" || items[0].Creator != "b" {
		t.Errorf("bug fields: %+v", items[0])
	}
}

func TestWrapItemFields(t *testing.T) {
	it := Item{Kind: Task, ID: "1210022001000000001", Title: "Write docs", PriorityLabel: "Low", StoryID: "7"}
	it.Set("effort", "3")
	raw, err := WrapItem(it, []string{"id", "name", "effort", "nope"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"Task":{"id":"1210022001000000001","name":"Write docs","effort":"3"}}`
	if string(raw) != want {
		t.Errorf("got %s, want %s", raw, want)
	}
	back, err := DecodeItem(Task, raw)
	if err != nil || back.Title != "Write docs" {
		t.Fatalf("decode back: %+v, %v", back, err)
	}
}

func TestItemHelpers(t *testing.T) {
	it := Item{Kind: Bug, ID: "1110022001000000042", WorkspaceID: "10022001"}
	if it.ShortID() != "42" {
		t.Errorf("ShortID = %q", it.ShortID())
	}
	if got := it.WebURL("https://www.tapd.cn"); got != "https://www.tapd.cn/10022001/bugtrace/bugs/view/1110022001000000042" {
		t.Errorf("WebURL = %q", got)
	}
}

func TestDisplayPriority(t *testing.T) {
	tests := []struct {
		kind          Kind
		label, legacy string
		want          string
	}{
		{Story, "High", "4", "High"},
		{Story, "", "4", "High"},
		{Task, "", "1", "Nice To Have"},
		{Story, "", "9", "9"},
		{Bug, "", "urgent", "urgent"},
		{Bug, "", "P0", "P0"},
		{Story, "锦上添花", "锦上添花", "锦上添花"},
		{Story, "  非常高 ", "", "非常高"},
		{Story, "", "", ""},
	}
	for _, tt := range tests {
		if got := DisplayPriority(tt.kind, tt.label, tt.legacy); got != tt.want {
			t.Errorf("DisplayPriority(%v, %q, %q) = %q, want %q", tt.kind, tt.label, tt.legacy, got, tt.want)
		}
	}
	if c, ok := LegacyCode(Story, "Middle"); !ok || c != "3" {
		t.Errorf("LegacyCode(Middle) = %q, %v", c, ok)
	}
	if _, ok := LegacyCode(Story, "紧急"); ok {
		t.Error("a custom label has a legacy code")
	}
	if BugDisplayName("urgent") != "紧急" || BugDisplayName("P0") != "P0" {
		t.Error("bug display names")
	}
}

func TestOptionsShapes(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		pairs []Option
		tree  int
		out   string
	}{
		{"object keeps order", `{"High":"High","Middle":"Middle","Low":"Low","Nice To Have":"Nice To Have"}`,
			[]Option{{"High", "High"}, {"Middle", "Middle"}, {"Low", "Low"}, {"Nice To Have", "Nice To Have"}}, 0,
			`{"High":"High","Middle":"Middle","Low":"Low","Nice To Have":"Nice To Have"}`},
		{"bug words", `{"urgent":"紧急","high":"高"}`, []Option{{"urgent", "紧急"}, {"high", "高"}}, 0, `{"urgent":"紧急","high":"高"}`},
		{"legacy digits", `{"4":"High","1":"Nice To Have"}`, []Option{{"4", "High"}, {"1", "Nice To Have"}}, 0, `{"4":"High","1":"Nice To Have"}`},
		{"empty array", `[]`, nil, 0, `[]`},
		{"cascade", `[{"name":"Web","children":[{"name":"Login"}]},{"name":"App"}]`, nil, 2, `[{"name":"Web","children":[{"name":"Login"}]},{"name":"App"}]`},
		{"numeric label", `{"1":2}`, []Option{{"1", "2"}}, 0, `{"1":"2"}`},
		{"null", `null`, nil, 0, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var o Options
			if err := json.Unmarshal([]byte(tt.in), &o); err != nil {
				t.Fatal(err)
			}
			if len(o.Pairs) != len(tt.pairs) || len(o.Tree) != tt.tree {
				t.Fatalf("got %+v", o)
			}
			for i := range tt.pairs {
				if o.Pairs[i] != tt.pairs[i] {
					t.Errorf("pair %d = %+v, want %+v", i, o.Pairs[i], tt.pairs[i])
				}
			}
			out, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.out {
				t.Errorf("marshal = %s, want %s", out, tt.out)
			}
		})
	}
	var o Options
	if err := json.Unmarshal([]byte(`"x"`+"1"), &o); err == nil {
		t.Error("invalid JSON accepted")
	}
	deep := strings.Repeat(`{"name":"a","children":[`, 40) + strings.Repeat(`]}`, 40)
	if err := json.Unmarshal([]byte("["+deep+"]"), &o); err == nil {
		t.Error("a cascade deeper than the bound was accepted")
	}
}

func TestPriorityOptions(t *testing.T) {
	raw := `{
	 "priority":{"name":"priority","label":"优先级","html_type":"select","options":{"4":"High","3":"Middle"}},
	 "priority_label":{"name":"priority_label","label":"优先级","html_type":"select",
	   "options":{"紧急":"紧急","高":"高","锦上添花":"锦上添花","高 ":"高"},
	   "color_options":[{"value":"紧急","label":"紧急","color":"#FF6770"}],
	   "pure_options":[],"readonly":"0"},
	 "iteration_id":{"name":"iteration_id","label":"迭代","html_type":"select","options":[]}
	}`
	var fi FieldInfo
	if err := json.Unmarshal([]byte(raw), &fi); err != nil {
		t.Fatal(err)
	}
	got := fi.PriorityOptions()
	want := []PriorityOption{{"紧急", "紧急", "#FF6770"}, {"高", "高", ""}, {"锦上添花", "锦上添花", ""}}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("option %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	legacyOnly := FieldInfo{"priority": {Options: Options{Pairs: []Option{{"4", "High"}}}}}
	if o := legacyOnly.PriorityOptions(); len(o) != 1 || o[0].Value != "4" || o[0].Label != "High" {
		t.Errorf("legacy-only field info: %+v", o)
	}
	var missingColors FieldInfo
	if err := json.Unmarshal([]byte(`{"priority_label":{"options":{"High":"High"},"color_options":{}}}`), &missingColors); err != nil {
		t.Fatal(err)
	}
	if o := missingColors.PriorityOptions(); len(o) != 1 || o[0].Color != "" {
		t.Errorf("odd color_options: %+v", o)
	}
}

func TestParseResourceParam(t *testing.T) {
	tests := []struct {
		in      string
		ws      int64
		wantErr bool
	}{
		{`{"type":"workspace","workspace_id":10022001}`, 10022001, false},
		{`{"type":"workspace","workspace_id":"10022001"}`, 10022001, false},
		{`%7B%22type%22%3A%22workspace%22%2C%22workspace_id%22%3A755%7D`, 755, false},
		{`%257B%2522type%2522%253A%2522workspace%2522%252C%2522workspace_id%2522%253A755%257D`, 755, false},
		{`{"type":"company","workspace_id":1}`, 0, true},
		{`{"type":"workspace"}`, 0, true},
		{`{"type":"workspace","workspace_id":-3}`, 0, true},
		{`not json`, 0, true},
		{`%zz`, 0, true},
		{``, 0, true},
	}
	for _, tt := range tests {
		r, err := ParseResourceParam(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseResourceParam(%q) err = %v", tt.in, err)
			continue
		}
		if err == nil && int64(r.WorkspaceID) != tt.ws {
			t.Errorf("ParseResourceParam(%q) = %d", tt.in, r.WorkspaceID)
		}
	}
	r := Resource{Type: ResourceWorkspace, WorkspaceID: 42}
	if back, err := ParseResourceParam(r.EncodeParam()); err != nil || back != r {
		t.Errorf("round trip: %+v, %v", back, err)
	}
}

func TestSecretRecordsFormatWithoutSecrets(t *testing.T) {
	tr := TokenRecord{AccessToken: "deadbeefsecret", ExpiresIn: 7200, TokenType: "Bearer"}
	ta := TestAuthRecord{APIUser: "acct", APIPassword: "hunter2secret", RequestIP: "127.0.0.1"}
	for _, s := range []string{fmtAll(tr), fmtAll(ta), fmtAll(&tr), fmtAll(&ta)} {
		if strings.Contains(s, "deadbeefsecret") || strings.Contains(s, "hunter2secret") {
			t.Errorf("secret formatted: %s", s)
		}
	}
}

func TestScopeGrants(t *testing.T) {
	tests := []struct {
		scope string
		kind  Kind
		write bool
		want  bool
	}{
		{"story#read", Story, false, true},
		{"story#read", Story, true, false},
		{"story", Story, true, true},
		{"bug#write", Bug, true, true},
		{"bug#write", Bug, false, false},
		{"story#read bug#read", Task, false, false},
		{"", Story, false, false},
	}
	for _, tt := range tests {
		if got := ScopeGrants(tt.scope, tt.kind, tt.write); got != tt.want {
			t.Errorf("ScopeGrants(%q, %v, %v) = %v", tt.scope, tt.kind, tt.write, got)
		}
	}
}

func TestParseKindAndTime(t *testing.T) {
	for _, s := range []string{"story", "Bugs", "Task"} {
		if _, err := ParseKind(s); err != nil {
			t.Errorf("ParseKind(%q): %v", s, err)
		}
	}
	if _, err := ParseKind("epic"); err == nil {
		t.Error("unknown kind accepted")
	}
	tm, err := ParseTime("2026-01-06 17:16:04")
	if err != nil {
		t.Fatal(err)
	}
	if tm.UTC().Hour() != 9 || FormatTime(tm) != "2026-01-06 17:16:04" {
		t.Errorf("service time: %v / %s", tm.UTC(), FormatTime(tm))
	}
}
