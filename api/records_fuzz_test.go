package api

import (
	"net/url"
	"testing"
)

// FuzzResource checks that any resource parameter parses without panicking,
// and that a parsed resource is valid and survives its own encoding, also
// when URL-encoded once more.
func FuzzResource(f *testing.F) {
	for _, seed := range []string{
		`{"type":"workspace","workspace_id":10022001}`,
		`{"type":"workspace","workspace_id":"755"}`,
		`%7B%22type%22%3A%22workspace%22%2C%22workspace_id%22%3A1%7D`,
		`%257B%2522type%2522%253A%2522workspace%2522%257D`,
		`{"type":"company","workspace_id":1}`,
		`{"type":"workspace","workspace_id":-3}`,
		`not json`,
		``,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		r, err := ParseResourceParam(in)
		if err != nil {
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("parsed %q into an invalid resource %+v: %v", in, r, err)
		}
		for _, form := range []string{r.EncodeParam(), url.QueryEscape(r.EncodeParam())} {
			back, err := ParseResourceParam(form)
			if err != nil || back != r {
				t.Fatalf("%+v encoded as %q parses to %+v, %v", r, form, back, err)
			}
		}
	})
}
