package auth

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

const (
	testState = "c3RhdGUtb2YtdGhlLXRlc3QtMzItYnl0ZXMtbG9uZy14eA"
	testHost  = "127.0.0.1:4242"
	testCode  = "0123456789abcdef0123456789abcdef01234567"
)

var testExpect = callbackExpect{state: testState, path: "/callback", host: testHost}

// resourceParam is a resource as the service puts it in the query.
func resourceParam(ws string) string {
	return url.QueryEscape(`{"type":"workspace","workspace_id":` + ws + `}`)
}

func TestJudge(t *testing.T) {
	good := "code=" + testCode + "&state=" + testState + "&resource=" + resourceParam("10022001")
	tests := []struct {
		name      string
		query     string
		notOurs   bool
		wantErr   error  // final error expected (errors.Is)
		errSubstr string // final error text expected
		wantWS    int64
	}{
		{name: "valid", query: good, wantWS: 10022001},
		{name: "resource encoded twice", query: "code=" + testCode + "&state=" + testState + "&resource=" + url.QueryEscape(resourceParam("7")), wantWS: 7},
		{name: "workspace id as a string", query: "code=" + testCode + "&state=" + testState + "&resource=" + url.QueryEscape(`{"type":"workspace","workspace_id":"55"}`), wantWS: 55},
		{name: "wrong state", query: "code=" + testCode + "&state=nope&resource=" + resourceParam("1"), notOurs: true},
		{name: "state prefix", query: "code=" + testCode + "&state=" + testState[:10], notOurs: true},
		{name: "no state", query: "code=" + testCode, notOurs: true},
		{name: "two states", query: good + "&state=" + testState, notOurs: true},
		{name: "malformed query", query: "state=" + testState + "&code=%zz", notOurs: true},
		{name: "denied", query: "error=access_denied&state=" + testState, wantErr: ErrDenied},
		{name: "denied with wrong state is not ours", query: "error=access_denied&state=x", notOurs: true},
		{name: "other oauth error", query: "error=invalid_scope&state=" + testState, errSubstr: "invalid_scope"},
		{name: "odd oauth error not echoed", query: "error=%1B%5B31mevil&state=" + testState, errSubstr: "refused the authorization"},
		{name: "missing code", query: "state=" + testState + "&resource=" + resourceParam("1"), errSubstr: "no usable authorization code"},
		{name: "code with spaces", query: "code=a%20b&state=" + testState + "&resource=" + resourceParam("1"), errSubstr: "no usable authorization code"},
		{name: "missing resource", query: "code=" + testCode + "&state=" + testState, errSubstr: "no valid workspace"},
		{name: "resource not a workspace", query: "code=" + testCode + "&state=" + testState + "&resource=" + url.QueryEscape(`{"type":"company","workspace_id":1}`), errSubstr: "no valid workspace"},
		{name: "resource without id", query: "code=" + testCode + "&state=" + testState + "&resource=" + url.QueryEscape(`{"type":"workspace"}`), errSubstr: "no valid workspace"},
		{name: "resource not json", query: "code=" + testCode + "&state=" + testState + "&resource=hello", errSubstr: "no valid workspace"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := testExpect.judge(tt.query)
			if tt.notOurs {
				if !errors.Is(err, errNotOurs) {
					t.Fatalf("judge = %+v, %v; want a refusal", a, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("judge refused: %v", err)
			}
			switch {
			case tt.wantErr != nil:
				if !errors.Is(a.err, tt.wantErr) {
					t.Fatalf("answer error %v, want %v", a.err, tt.wantErr)
				}
			case tt.errSubstr != "":
				if a.err == nil || !strings.Contains(a.err.Error(), tt.errSubstr) {
					t.Fatalf("answer error %v, want one containing %q", a.err, tt.errSubstr)
				}
				if strings.Contains(a.err.Error(), "\x1b") {
					t.Fatalf("answer error carries an escape: %q", a.err)
				}
			default:
				if a.err != nil || a.code != testCode || int64(a.resource.WorkspaceID) != tt.wantWS {
					t.Fatalf("answer %+v, want code and workspace %d", a, tt.wantWS)
				}
			}
		})
	}
}

func TestJudgePaste(t *testing.T) {
	query := "code=" + testCode + "&state=" + testState + "&resource=" + resourceParam("10022001")
	tests := []struct {
		name   string
		pasted string
		ok     bool
	}{
		{name: "full url", pasted: "http://" + testHost + "/callback?" + query, ok: true},
		{name: "full url with spaces and quotes", pasted: "  \"http://" + testHost + "/callback?" + query + "\"\n", ok: true},
		{name: "full url with fragment", pasted: "http://" + testHost + "/callback?" + query + "#top", ok: true},
		{name: "query with ?", pasted: "?" + query, ok: true},
		{name: "query alone", pasted: query, ok: true},
		{name: "path and query", pasted: "/callback?" + query, ok: true},
		{name: "wrong state", pasted: "http://" + testHost + "/callback?code=" + testCode + "&state=other&resource=" + resourceParam("1")},
		{name: "query with wrong state", pasted: "code=" + testCode + "&state=other"},
		{name: "wrong path", pasted: "http://" + testHost + "/other?" + query},
		{name: "path form with wrong path", pasted: "/other?" + query},
		{name: "wrong port", pasted: "http://127.0.0.1:1/callback?" + query},
		{name: "localhost instead of 127.0.0.1", pasted: "http://localhost:4242/callback?" + query},
		{name: "https", pasted: "https://" + testHost + "/callback?" + query},
		{name: "protocol-relative", pasted: "//evil.test/callback?" + query},
		{name: "empty", pasted: "   "},
		{name: "garbage", pasted: "hello world"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := testExpect.judgePaste(tt.pasted)
			if !tt.ok {
				if !errors.Is(err, errNotOurs) {
					t.Fatalf("judgePaste = %+v, %v; want a refusal", a, err)
				}
				return
			}
			if err != nil || a.err != nil || a.code != testCode || a.resource.WorkspaceID != 10022001 {
				t.Fatalf("judgePaste = %+v, %v; want the code and workspace", a, err)
			}
		})
	}
}

func TestRefusalsKeepStateAndCodeOut(t *testing.T) {
	for _, q := range []string{
		"code=" + testCode + "&state=" + testState[:20],
		"http://" + testHost + "/nope?code=" + testCode + "&state=" + testState,
		"http://127.0.0.1:9/callback?code=" + testCode + "&state=" + testState,
	} {
		_, err := testExpect.judgePaste(q)
		if err == nil {
			t.Fatalf("%q accepted", q)
		}
		if strings.Contains(err.Error(), testCode) || strings.Contains(err.Error(), testState[:20]) {
			t.Fatalf("refusal %q carries the code or state", err)
		}
	}
}
