package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// sameEnvelope checks the one-pass envelope reader against encoding/json on
// body, and reports whether the reader took it.
func sameEnvelope(t *testing.T, body []byte) bool {
	t.Helper()
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return false
	}
	fast, ok := readEnvelope(trimmed)
	if !ok {
		return false
	}
	slow, err := decodeEnvelopeSlowly(trimmed)
	if err != nil || !json.Valid(trimmed) {
		t.Fatalf("the reader took %q, encoding/json refuses it: %v", body, err)
	}
	if !reflect.DeepEqual(fast, slow) {
		t.Fatalf("%q:\n reader        %+v\n encoding/json %+v", body, fast, slow)
	}
	return true
}

func TestReadEnvelopeTakesTheServiceAnswers(t *testing.T) {
	for _, body := range []string{
		`{"status":1,"data":[{"Story":{"id":"1","name":"a\"b"}}],"info":"success"}`,
		`{"status":"1","data":{"count":7},"info":"success"}`,
		`{"status":401,"data":"","info":"401 Unauthorized","meta":{"request_id":"abc"}}`,
		`{"status":429,"info":"To many requests","meta":"x"}`,
		` { "status" : 1 , "info" : null , "extra" : [1, {"a": null}] , "data" : null } `,
		`{"status":1,"info":42,"data":true,"status":2}`,
		`{"status":1,"info":"\u4e2d\u6587 \ud83d\ude00 \ud800","st\u0061tus":3}`,
		`{"status":-0,"info":false}`,
		"{\"status\":1,\"info\":\"\xff\"}",
	} {
		if !sameEnvelope(t, []byte(body)) {
			t.Errorf("the reader gave up on %s", body)
		}
	}
}

func TestReadEnvelopeLeavesTheRestToEncodingJSON(t *testing.T) {
	cases := []struct {
		body    string
		wantErr string // "" when encoding/json reads it
	}{
		{`{"status":1,"data":[}`, "response is not valid JSON: invalid character '}'"},
		{`{"status":1} x`, "response is not valid JSON: invalid character 'x' after top-level value"},
		{`{"data":[]}`, "response has no status"},
		{`{"status":null}`, "response has no status"},
		{`{"status":1,"status":null}`, "response has no status"},
		{`{"status":{"x":1},"status":1}`, "response is not valid JSON: expected a scalar"},
		{`{"status":1.5}`, "response is not valid JSON: not an integer"},
		{`{"status":1,"info":{"x":1}}`, "response is not valid JSON: expected a scalar"},
		{`{"status":""}`, ""},
		{`{"Status":2}`, ""},
		{`{"status":1,"DATA":[1]}`, ""},
		{`{"status":1,"ſtatus":2}`, ""},
		{`{}`, "response has no status"},
	}
	for _, c := range cases {
		if sameEnvelope(t, []byte(c.body)) {
			t.Errorf("the reader took %s", c.body)
		}
		_, err := DecodeEnvelope([]byte(c.body))
		if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.HasPrefix(err.Error(), c.wantErr)) {
			t.Errorf("%s: error %v, want %q", c.body, err, c.wantErr)
		}
	}
	env, _ := DecodeEnvelope([]byte(`{"status":1,"DATA":[1],"ſtatus":2}`))
	if env.Status != 2 || string(env.Data) != "[1]" {
		t.Errorf("keys in another case: %+v", env)
	}
}

// TestDecodedEnvelopeOwnsItsData checks that data shares nothing with the
// body: the client may reuse its buffer.
func TestDecodedEnvelopeOwnsItsData(t *testing.T) {
	body := []byte(`{"status":1,"data":[1,2],"info":"ok"}`)
	env, err := DecodeEnvelope(body)
	if err != nil {
		t.Fatal(err)
	}
	copy(body, bytes.Repeat([]byte{'#'}, len(body)))
	if string(env.Data) != "[1,2]" || env.Info != "ok" {
		t.Errorf("the envelope changed with the body: %+v", env)
	}
}
