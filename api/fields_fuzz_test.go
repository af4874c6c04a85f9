package api

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzOptions checks that any options the service may send decode without
// panicking, and that what decodes writes back to JSON that decodes to the
// same options (object order, empty lists and trees kept).
func FuzzOptions(f *testing.F) {
	for _, seed := range []string{
		`{"High":"High","Middle":"Middle","Low":"Low","Nice To Have":"Nice To Have"}`,
		`{"4":"High","3":"Middle"}`,
		`{"urgent":"紧急","high":"高"}`,
		`[]`,
		`[{"name":"Web","children":[{"name":"Checkout"},{"name":"Search","children":[]}]},"loose"]`,
		`{"1":1,"x":null,"t":true}`,
		`null`,
		`""`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var first Options
		if err := json.Unmarshal(in, &first); err != nil {
			return
		}
		out, err := json.Marshal(first)
		if err != nil {
			t.Fatalf("marshal %+v: %v", first, err)
		}
		var second Options
		if err := json.Unmarshal(out, &second); err != nil {
			t.Fatalf("re-decode %s: %v", out, err)
		}
		again, err := json.Marshal(second)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out, again) || len(first.Pairs) != len(second.Pairs) || first.Cascade != second.Cascade {
			t.Fatalf("round trip of %q changed:\n %s\n %s", in, out, again)
		}
	})
}
