package sandbox

import (
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseBody(t *testing.T) {
	tests := []struct {
		name, ct, ce, body string
		want               url.Values
		status             int
		info               string
	}{
		{name: "form", ct: "application/x-www-form-urlencoded", body: "workspace_id=1&name=a%20b&x=1&x=2",
			want: url.Values{"workspace_id": {"1"}, "name": {"a b"}, "x": {"1", "2"}}},
		{name: "form with charset", ct: "application/x-www-form-urlencoded; charset=UTF-8", body: "a=%E4%B8%AD",
			want: url.Values{"a": {"中"}}},
		{name: "json scalars", ct: "application/json", body: `{"workspace_id":10022001,"name":"x","ok":true,"no":false,"n":null,"f":1.50}`,
			want: url.Values{"workspace_id": {"10022001"}, "name": {"x"}, "ok": {"true"}, "no": {"false"}, "n": {""}, "f": {"1.50"}}},
		{name: "json empty object", ct: "application/json", body: `{}`, want: url.Values{}},
		{name: "json empty body", ct: "application/json", body: ``, want: url.Values{}},
		{name: "empty body, no type", want: url.Values{}},
		{name: "form empty", ct: "application/x-www-form-urlencoded", want: url.Values{}},
		{name: "body without type", body: "a=1", status: 415, info: "Content-Type none is not supported"},
		{name: "text/plain", ct: "text/plain", body: "a=1", status: 415, info: `Content-Type "text/plain"`},
		{name: "multipart", ct: "multipart/form-data; boundary=x", body: "--x--", status: 415},
		{name: "bad media type", ct: "///", body: "a", status: 415},
		{name: "latin1 charset", ct: "application/x-www-form-urlencoded; charset=latin1", body: "a=1", status: 415, info: `charset "latin1"`},
		{name: "gzip body", ct: "application/json", ce: "gzip", body: "{}", status: 415, info: "Content-Encoding"},
		{name: "identity encoding", ct: "application/json", ce: "identity", body: "{}", want: url.Values{}},
		{name: "form bad escape", ct: "application/x-www-form-urlencoded", body: "a=%zz", status: 422, info: "form body is malformed"},
		{name: "form semicolon", ct: "application/x-www-form-urlencoded", body: "a=1;b=2", status: 422},
		{name: "form invalid utf8 value", ct: "application/x-www-form-urlencoded", body: "name=%ff%fe", status: 422, info: `parameter "name" is not valid UTF-8`},
		{name: "form invalid utf8 name", ct: "application/x-www-form-urlencoded", body: "%ff=1", status: 422, info: "parameter name"},
		{name: "json invalid utf8", ct: "application/json", body: "{\"name\":\"\xff\"}", status: 422, info: "not valid UTF-8"},
		{name: "json array", ct: "application/json", body: `[1,2]`, status: 422, info: "must be an object"},
		{name: "json string", ct: "application/json", body: `"a"`, status: 422},
		{name: "json nested object", ct: "application/json", body: `{"a":{"b":1}}`, status: 422, info: `parameter "a" must be a string, number or boolean`},
		{name: "json nested array", ct: "application/json", body: `{"a":[1]}`, status: 422},
		{name: "json duplicate", ct: "application/json", body: `{"a":1,"a":2}`, status: 422, info: "given twice"},
		{name: "json trailing data", ct: "application/json", body: `{"a":1} {"b":2}`, status: 422, info: "data after"},
		{name: "json truncated", ct: "application/json", body: `{"a":`, status: 422, info: "malformed"},
		{name: "json garbage", ct: "application/json", body: `{a:1}`, status: 422},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, herr := parseBody(tt.ct, tt.ce, []byte(tt.body))
			if tt.status != 0 {
				if herr == nil {
					t.Fatalf("got %v, want error %d", got, tt.status)
				}
				if herr.Status != tt.status || !strings.Contains(herr.Info, tt.info) {
					t.Fatalf("error %d %q, want %d containing %q", herr.Status, herr.Info, tt.status, tt.info)
				}
				return
			}
			if herr != nil {
				t.Fatalf("error %d %q", herr.Status, herr.Info)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseQuery(t *testing.T) {
	tests := []struct {
		raw    string
		want   url.Values
		status int
	}{
		{raw: "workspace_id=1&priority_label=High", want: url.Values{"workspace_id": {"1"}, "priority_label": {"High"}}},
		{raw: "", want: url.Values{}},
		{raw: "order=created%20desc", want: url.Values{"order": {"created desc"}}},
		{raw: "a=%zz", status: 422},
		{raw: "a=%ff", status: 422},
		{raw: "a=1;b=2", status: 422},
	}
	for _, tt := range tests {
		got, herr := parseQuery(tt.raw)
		if tt.status != 0 {
			if herr == nil || herr.Status != tt.status {
				t.Errorf("%q: got %v %v, want %d", tt.raw, got, herr, tt.status)
			}
			continue
		}
		if herr != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q: got %v %v, want %v", tt.raw, got, herr, tt.want)
		}
	}
}

func TestWorkspaceIDParam(t *testing.T) {
	tests := []struct {
		v    url.Values
		want int64
		info string
	}{
		{v: url.Values{"workspace_id": {"10022001"}}, want: 10022001},
		{v: url.Values{"workspace_id": {" 7 "}}, want: 7},
		{v: url.Values{}, info: "workspace_id is required."},
		{v: url.Values{"workspace_id": {""}}, info: "workspace_id is required."},
		{v: url.Values{"workspace_id": {"abc"}}, info: `workspace_id must be a positive integer, got "abc"`},
		{v: url.Values{"workspace_id": {"-1"}}, info: "workspace_id must be a positive integer"},
		{v: url.Values{"workspace_id": {"99999999999999999999"}}, info: "workspace_id must be a positive integer"},
	}
	for _, tt := range tests {
		got, herr := workspaceID(tt.v)
		if tt.info != "" {
			if herr == nil || herr.Status != http.StatusUnprocessableEntity || !strings.HasPrefix(herr.Info, tt.info) {
				t.Errorf("%v: got %d %v, want 422 %q", tt.v, got, herr, tt.info)
			}
			continue
		}
		if herr != nil || got != tt.want {
			t.Errorf("%v: got %d %v, want %d", tt.v, got, herr, tt.want)
		}
	}
}

func FuzzParseBody(f *testing.F) {
	f.Add("application/x-www-form-urlencoded", "workspace_id=1&name=x")
	f.Add("application/json", `{"workspace_id":1,"name":"x","ok":true,"n":null}`)
	f.Add("application/json", `{"a":{"b":[1]}}`)
	f.Add("application/json; charset=utf-8", "{\"a\":\"\xff\"}")
	f.Add("text/plain", "a=1")
	f.Add("", "")
	f.Fuzz(func(t *testing.T, ct, body string) {
		v, herr := parseBody(ct, "", []byte(body))
		if herr != nil {
			if herr.Status != 415 && herr.Status != 422 {
				t.Fatalf("status %d for %q", herr.Status, body)
			}
			if !utf8.ValidString(herr.Info) {
				t.Fatalf("info is not UTF-8: %q", herr.Info)
			}
			return
		}
		for name, values := range v {
			if !utf8.ValidString(name) {
				t.Fatalf("name %q is not UTF-8", name)
			}
			for _, s := range values {
				if !utf8.ValidString(s) {
					t.Fatalf("value %q is not UTF-8", s)
				}
			}
		}
	})
}
