package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// fuzzSecrets are credentials the client holds while it reads an answer:
// a token, and passwords with the characters HTML, JSON and terminals
// rewrite (an answer may echo them encoded).
var fuzzSecrets = []string{
	"c49ee5c4207294d607627e735a514da22b323678",
	`p&ss<w>rd"Q'7`,
	"pass\tw0rd  x",
	"密码-Geheim-42",
}

// FuzzDecodeEnvelope feeds arbitrary answers to the envelope decoder and to
// the classification of answers: nothing panics, an accepted envelope
// survives its own encoding, and no error made from an answer, whatever the
// answer echoes, shows a secret the client holds or a control character.
// The one-pass reader reads what it takes as encoding/json does.
func FuzzDecodeEnvelope(f *testing.F) {
	for _, seed := range []struct {
		status int
		body   string
	}{
		{200, `{"status":1,"data":[{"Story":{"id":"1122001001000001"}}],"info":"success"}`},
		{200, `{"status":"1","data":{"count":7},"info":"success"}`},
		{401, `{"status":401,"data":"","info":"401 Unauthorized","meta":{"request_id":"abc"}}`},
		{422, `{"status":422,"data":{},"info":"The access token provided is invalid c49ee5c4207294d607627e735a514da22b323678"}`},
		{200, `{"status":1,"data":"Hello, this is the TAPD open API","info":"success"}`},
		{500, `<html><body>bad gateway p&amp;ss&lt;w&gt;rd&quot;Q&#39;7</body></html>`},
		{429, `{"status":429,"info":"To many requests","meta":"x"}`},
		{200, `{"status":null}`},
		{200, `[]`},
		{200, ``},
	} {
		f.Add(seed.status, []byte(seed.body))
	}
	now := time.Date(2026, 1, 6, 17, 16, 4, 0, time.UTC)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		sameEnvelope(t, body)
		if env, err := DecodeEnvelope(body); err == nil {
			again, err := json.Marshal(env)
			if err != nil {
				t.Fatalf("encode %+v: %v", env, err)
			}
			back, err := DecodeEnvelope(again)
			if err != nil || back.Status != env.Status || back.Info != env.Info || back.RequestID() != env.RequestID() {
				t.Fatalf("envelope of %q changed through its encoding %s: %+v, %v", body, again, back, err)
			}
		}
		_, e := classify(status, http.Header{HeaderRetryAfter: {"5"}}, body, now, fuzzSecrets)
		if e == nil {
			return
		}
		for _, shown := range []string{e.Error(), e.Info, e.Excerpt, e.RequestID} {
			for _, s := range fuzzSecrets {
				if strings.Contains(shown, s) {
					t.Fatalf("the error of %q shows the secret %q: %s", body, s, shown)
				}
			}
		}
		for _, shown := range []string{e.Info, e.Excerpt, e.RequestID} {
			if !utf8.ValidString(shown) || strings.ContainsFunc(shown, func(r rune) bool { return r < ' ' || r == 0x7f }) {
				t.Fatalf("the error of %q shows unsafe text %q", body, shown)
			}
		}
	})
}
