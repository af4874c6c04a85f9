package sandbox

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"triage/api"
)

const (
	wsAtlas   = 10022001 // company 1; demo, alice, bob
	wsMobile  = 10022002 // company 1; demo, alice, wangfang
	wsThird   = 10022003 // company 1; demo, bob
	wsHarbor  = 10033001 // company 2; dave, erin
	wsMissing = 99
)

func wsQuery(id int64) url.Values {
	return url.Values{"workspace_id": {strconv.FormatInt(id, 10)}}
}

// TestCredentials runs every kind of credential against the item endpoints.
func TestCredentials(t *testing.T) {
	h := startHarness(t, Options{})
	demo := h.user("demo")
	dave := h.user("dave")
	all := api.DefaultScopes
	oauthAtlas := h.token(all, "demo", wsAtlas)
	h.clock.Advance(DefaultTokenTTL - time.Second)
	stillValid := h.token(all, "demo", wsAtlas) // issued later, valid after the others expire
	h.clock.Advance(time.Second)

	tests := []struct {
		name, method, path, auth string
		ws                       int64 // 0: no workspace_id
		code                     int
		info                     string
	}{
		{name: "basic lists", path: "/stories", auth: h.apiBasic(), ws: wsAtlas, code: 200},
		{name: "basic counts", path: "/bugs/count", auth: h.apiBasic(), ws: wsMobile, code: 200},
		{name: "basic field info", path: "/tasks/get_fields_info", auth: h.apiBasic(), ws: wsThird, code: 200},
		{name: "basic writes", method: "POST", path: "/stories", auth: h.apiBasic(), ws: wsAtlas, code: 200},
		{name: "no credentials", path: "/stories", ws: wsAtlas, code: 401, info: api.InfoUnauthorized},
		{name: "wrong password", path: "/stories", auth: basicAuth(h.demo.APIUser, "nope"), ws: wsAtlas, code: 401, info: api.InfoUnauthorized},
		{name: "unknown account", path: "/stories", auth: basicAuth("nobody", "x"), ws: wsAtlas, code: 401, info: api.InfoUnauthorized},
		{name: "client pair is no API account", path: "/stories", auth: h.clientBasic(), ws: wsAtlas, code: 401, info: api.InfoUnauthorized},
		{name: "malformed basic", path: "/stories", auth: "Basic !!!", ws: wsAtlas, code: 401, info: api.InfoUnauthorized},
		{name: "other scheme", path: "/stories", auth: "Token abc", ws: wsAtlas, code: 401, info: api.InfoUnauthorized},
		{name: "basic other company", path: "/stories", auth: h.apiBasic(), ws: wsHarbor, code: 403, info: "access to workspace 10033001 is not granted"},
		{name: "unknown workspace", path: "/stories", auth: h.apiBasic(), ws: wsMissing, code: 404, info: "workspace 99 not existed"},
		{name: "missing workspace_id", path: "/stories", auth: h.apiBasic(), code: 422, info: "workspace_id is required."},
		{name: "missing workspace_id on count", path: "/stories/count", auth: h.apiBasic(), code: 422, info: "workspace_id is required."},
		{name: "missing workspace_id on write", method: "POST", path: "/tasks", auth: h.apiBasic(), code: 422, info: "workspace_id is required."},
		{name: "empty bearer", path: "/stories", auth: "Bearer", ws: wsAtlas, code: 422, info: api.InfoTokenInvalid},
		{name: "unknown bearer", path: "/stories", auth: bearer("0123456789abcdef0123456789abcdef01234567"), ws: wsAtlas, code: 422, info: api.InfoTokenInvalid},
		{name: "huge bearer", path: "/stories", auth: bearer(strings.Repeat("a", 5000)), ws: wsAtlas, code: 422, info: api.InfoTokenInvalid},
		{name: "token valid", path: "/stories", auth: bearer(stillValid), ws: wsAtlas, code: 200},
		{name: "token expired", path: "/stories", auth: bearer(oauthAtlas), ws: wsAtlas, code: 422, info: api.InfoTokenExpired},
		{name: "token on another workspace", path: "/stories", auth: bearer(stillValid), ws: wsMobile, code: 403, info: "access to workspace 10022002 is not granted"},
		{name: "token on unknown workspace", path: "/stories", auth: bearer(stillValid), ws: wsMissing, code: 404, info: "workspace 99 not existed"},
		{name: "token writes", method: "POST", path: "/bugs", auth: bearer(stillValid), ws: wsAtlas, code: 200},
		{name: "personal token", path: "/stories", auth: bearer(demo.PersonalToken), ws: wsMobile, code: 200},
		{name: "personal token writes", method: "POST", path: "/stories", auth: bearer(demo.PersonalToken), ws: wsThird, code: 200},
		{name: "personal token elsewhere", path: "/stories", auth: bearer(dave.PersonalToken), ws: wsAtlas, code: 403, info: "access to workspace 10022001 is not granted"},
		{name: "personal token own company 2", path: "/bugs", auth: bearer(dave.PersonalToken), ws: wsHarbor, code: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := request{method: tt.method, path: tt.path, auth: tt.auth}
			params := url.Values{}
			if tt.ws != 0 {
				params = wsQuery(tt.ws)
			}
			if tt.method == "POST" {
				params.Set("name", "made by "+tt.name)
				params.Set("title", "made by "+tt.name)
				params.Set("severity", "normal") // Atlas Web creates bugs only with one
				req.form = params
			} else {
				req.query = params
			}
			r := h.do(req)
			if tt.code == 200 {
				r.wantOK(t, nil)
				return
			}
			r.wantError(t, tt.code, tt.info)
			if tt.code == 401 && r.header.Get(api.HeaderWWWAuthenticate) != api.BasicRealm {
				t.Errorf("401 without %s", api.HeaderWWWAuthenticate)
			}
		})
	}
}

// TestScopes checks that an OAuth token does only what its scope grants.
func TestScopes(t *testing.T) {
	h := startHarness(t, Options{})
	tests := []struct {
		scope  string
		kind   api.Kind
		write  bool
		denied bool
	}{
		{scope: "story#read", kind: api.Story},
		{scope: "story#read", kind: api.Story, write: true, denied: true},
		{scope: "story#write", kind: api.Story, write: true},
		{scope: "story#write", kind: api.Story, denied: true},
		{scope: "story", kind: api.Story},
		{scope: "story", kind: api.Story, write: true},
		{scope: "bug#read bug#write", kind: api.Story, denied: true},
		{scope: "bug#read bug#write", kind: api.Bug, write: true},
		{scope: "task#read", kind: api.Task},
		{scope: "task#read", kind: api.Bug, denied: true},
		{scope: "story#read", kind: api.Task, write: true, denied: true},
	}
	for _, tt := range tests {
		tok := h.token(tt.scope, "demo", wsAtlas)
		req := request{path: "/" + tt.kind.Path(), auth: bearer(tok), query: wsQuery(wsAtlas)}
		if tt.write {
			form := wsQuery(wsAtlas)
			form.Set(tt.kind.TitleField(), "scoped")
			form.Set("severity", "normal") // Atlas Web creates bugs only with one
			req = request{method: "POST", path: "/" + tt.kind.Path(), auth: bearer(tok), form: form}
		}
		r := h.do(req)
		if tt.denied {
			r.wantError(t, http.StatusForbidden, "")
			if !strings.Contains(r.env.Info, tt.kind.String()) {
				t.Errorf("scope %q on %s: info %q does not name the scope", tt.scope, tt.kind, r.env.Info)
			}
			continue
		}
		r.wantOK(t, nil)
		for _, action := range []string{"count", "get_fields_info"} {
			if tt.write {
				break
			}
			h.do(request{path: "/" + tt.kind.Path() + "/" + action, auth: bearer(tok), query: wsQuery(wsAtlas)}).wantOK(t, nil)
		}
	}
}
