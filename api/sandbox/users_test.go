package sandbox

import (
	"net/http"
	"net/url"
	"reflect"
	"testing"

	"triage/api"
)

func TestTestAuth(t *testing.T) {
	h := startHarness(t, Options{})
	var rec api.TestAuthRecord
	h.do(request{path: "/quickstart/testauth", auth: h.apiBasic()}).wantOK(t, &rec)
	want := api.TestAuthRecord{APIUser: h.demo.APIUser, APIPassword: h.demo.APIPassword, RequestIP: "127.0.0.1"}
	if rec != want {
		t.Errorf("record %v, want %v", rec, want)
	}
	tests := []struct {
		name, auth string
	}{
		{"none", ""},
		{"wrong password", basicAuth(h.demo.APIUser, "x")},
		{"client pair", h.clientBasic()},
		{"oauth token", bearer(h.token("story#read", "alice", wsMobile))},
	}
	for _, tt := range tests {
		r := h.do(request{path: "/quickstart/testauth", auth: tt.auth})
		r.wantError(t, http.StatusUnauthorized, api.InfoUnauthorized)
		if r.header.Get(api.HeaderWWWAuthenticate) != api.BasicRealm {
			t.Errorf("%s: no WWW-Authenticate", tt.name)
		}
	}
}

// TestTestAuthPersonalToken: a personal access token sent as Bearer passes
// and answers for its user, without echoing the token.
func TestTestAuthPersonalToken(t *testing.T) {
	h := startHarness(t, Options{})
	var rec api.TestAuthRecord
	h.do(request{path: "/quickstart/testauth", auth: bearer(h.user("wangfang").PersonalToken)}).wantOK(t, &rec)
	if rec.APIUser != "wangfang" || rec.APIPassword != "" || rec.RequestIP != "127.0.0.1" {
		t.Errorf("record %+v", rec)
	}
	h.do(request{path: "/quickstart/testauth", auth: bearer("nope")}).wantError(t, http.StatusUnprocessableEntity, api.InfoTokenInvalid)
}

func TestUserInfo(t *testing.T) {
	h := startHarness(t, Options{})
	tok := h.token("story#read", "alice", wsMobile)
	tests := []struct {
		name, auth, nick string
		code             int
		info             string
	}{
		{name: "oauth token", auth: bearer(tok), nick: "alice", code: 200},
		{name: "personal token", auth: bearer(h.user("wangfang").PersonalToken), nick: "wangfang", code: 200},
		{name: "basic account", auth: h.apiBasic(), code: 403},
		{name: "no credentials", code: 401, info: api.InfoUnauthorized},
		{name: "unknown token", auth: bearer("nope"), code: 422, info: api.InfoTokenInvalid},
	}
	for _, tt := range tests {
		r := h.do(request{path: "/users/info", auth: tt.auth})
		if tt.code != 200 {
			r.wantError(t, tt.code, tt.info)
			continue
		}
		var u api.User
		r.wantOK(t, &u)
		if string(u.Nick) != tt.nick || u.ID == "" || u.Name == "" || u.Enabled != "1" {
			t.Errorf("%s: user %+v", tt.name, u)
		}
	}
}

func workspaceIDs(list []api.WorkspaceWrapper) []string {
	var out []string
	for _, w := range list {
		id := string(w.Workspace.ID)
		if w.Workspace.IsCompany() {
			id = "company " + id
		}
		out = append(out, id)
	}
	return out
}

func TestParticipantProjects(t *testing.T) {
	h := startHarness(t, Options{})
	harbor := basicAuth("harbor", "hb-sandbox-secret")
	tok := h.token("story#read", "demo", wsMobile)
	tests := []struct {
		name, auth string
		q          url.Values
		want       []string
		code       int
	}{
		{name: "basic, demo", auth: h.apiBasic(), q: url.Values{"nick": {"demo"}},
			want: []string{"company 21000001", "10022001", "10022002", "10022003"}},
		{name: "basic, bob", auth: h.apiBasic(), q: url.Values{"nick": {"bob"}},
			want: []string{"company 21000001", "10022001", "10022003"}},
		{name: "basic, company filter", auth: h.apiBasic(), q: url.Values{"nick": {"bob"}, "company_id": {"21000001"}},
			want: []string{"company 21000001", "10022001", "10022003"}},
		{name: "basic, other company filter", auth: h.apiBasic(), q: url.Values{"nick": {"bob"}, "company_id": {"21000002"}}, want: []string{}},
		{name: "basic of another company", auth: harbor, q: url.Values{"nick": {"demo"}}, want: []string{}},
		{name: "basic of company 2, dave", auth: harbor, q: url.Values{"nick": {"dave"}}, want: []string{"company 21000002", "10033001"}},
		{name: "personal token, own nick implied", auth: bearer(h.user("alice").PersonalToken), q: url.Values{},
			want: []string{"company 21000001", "10022001", "10022002"}},
		{name: "oauth token: the granted workspace only", auth: bearer(tok), q: url.Values{"nick": {"demo"}},
			want: []string{"company 21000001", "10022002"}},
		{name: "basic without nick", auth: h.apiBasic(), q: url.Values{}, code: 422},
		{name: "unknown nick", auth: h.apiBasic(), q: url.Values{"nick": {"ghost"}}, code: 404},
		{name: "token asking for another user", auth: bearer(tok), q: url.Values{"nick": {"alice"}}, code: 403},
		{name: "no credentials", q: url.Values{"nick": {"demo"}}, code: 401},
	}
	for _, tt := range tests {
		r := h.do(request{path: "/workspaces/user_participant_projects", auth: tt.auth, query: tt.q})
		if tt.code != 0 {
			r.wantError(t, tt.code, "")
			continue
		}
		var list []api.WorkspaceWrapper
		r.wantOK(t, &list)
		if got := workspaceIDs(list); !reflect.DeepEqual(got, tt.want) && !(len(got) == 0 && len(tt.want) == 0) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
		if string(r.env.Data) == "null" {
			t.Errorf("%s: data is null, want []", tt.name)
		}
	}
}

func TestWorkspaceInfo(t *testing.T) {
	h := startHarness(t, Options{})
	tok := h.token("story#read", "demo", wsAtlas)
	var ws api.WorkspaceWrapper
	h.do(request{path: "/workspaces/get_workspace_info", auth: h.apiBasic(), query: wsQuery(wsMobile)}).wantOK(t, &ws)
	if ws.Workspace.ID != "10022002" || ws.Workspace.Name != "星河移动" || ws.Workspace.CompanyID != "21000001" || ws.Workspace.IsCompany() {
		t.Errorf("workspace %+v", ws.Workspace)
	}
	tests := []struct {
		name, auth string
		q          url.Values
		code       int
		info       string
	}{
		{"token, granted", bearer(tok), wsQuery(wsAtlas), 200, ""},
		{"token, other workspace", bearer(tok), wsQuery(wsMobile), 403, "access to workspace 10022002 is not granted"},
		{"unknown workspace", h.apiBasic(), wsQuery(wsMissing), 404, "workspace 99 not existed"},
		{"missing workspace_id", h.apiBasic(), nil, 422, "workspace_id is required."},
		{"malformed workspace_id", h.apiBasic(), url.Values{"workspace_id": {"x1"}}, 422, ""},
		{"other company", h.apiBasic(), wsQuery(wsHarbor), 403, "access to workspace 10033001 is not granted"},
	}
	for _, tt := range tests {
		r := h.do(request{path: "/workspaces/get_workspace_info", auth: tt.auth, query: tt.q})
		if tt.code == 200 {
			r.wantOK(t, nil)
			continue
		}
		r.wantError(t, tt.code, tt.info)
	}
}
