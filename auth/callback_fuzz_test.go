package auth

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

// FuzzCallback feeds the paste parser (which includes the listener's query
// judge) arbitrary text: it must never panic, and whatever it accepts must
// carry our state, and then a code and valid workspace or a final error.
func FuzzCallback(f *testing.F) {
	query := "code=" + testCode + "&state=" + testState + "&resource=" + resourceParam("10022001")
	for _, seed := range []string{
		"http://" + testHost + "/callback?" + query,
		"?" + query,
		query,
		"/callback?" + query,
		"error=access_denied&state=" + testState,
		"code=x&state=wrong",
		"http://" + testHost + "/callback?state=" + testState + "&resource=%257B%2522type%2522%253A%2522workspace%2522%257D",
		"%zz",
		"://",
		"",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, pasted string) {
		a, err := testExpect.judgePaste(pasted)
		if err != nil {
			if !errors.Is(err, errNotOurs) {
				t.Fatalf("refusal %v does not wrap errNotOurs", err)
			}
			return
		}
		if !strings.Contains(pasted, testState) && !strings.Contains(pasted, url.QueryEscape(testState)) && !strings.Contains(pasted, "%") {
			t.Fatalf("accepted %q without our state", pasted)
		}
		if a.err == nil {
			if !validCode(a.code) {
				t.Fatalf("accepted an unusable code %q", a.code)
			}
			if a.resource.Validate() != nil {
				t.Fatalf("accepted an invalid resource %+v", a.resource)
			}
		}
	})
}
