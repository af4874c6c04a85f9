package api

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// encodingJSONString is s as encoding/json writes it without HTML escaping.
func encodingJSONString(t testing.TB, s string) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

// checkJSONString checks AppendJSONString against encoding/json: the same
// bytes, valid JSON, and read back as encoding/json reads its own output.
func checkJSONString(t testing.TB, s string) {
	t.Helper()
	got := string(AppendJSONString([]byte("x"), s))[1:]
	if want := encodingJSONString(t, s); got != want {
		t.Fatalf("AppendJSONString(%q) = %s, encoding/json writes %s", s, got, want)
	}
	var back string
	if err := json.Unmarshal([]byte(got), &back); err != nil || !json.Valid([]byte(got)) {
		t.Fatalf("%s does not read back: %v", got, err)
	}
	if want := strings.ToValidUTF8(s, "\uFFFD"); utf8.ValidString(s) && back != want {
		t.Fatalf("read back %q, want %q", back, want)
	}
}

func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{
		"", "plain", `quote " and \ backslash`, "<p>a & b</p>", "tab\tnew\nline\rret\bbs\fff",
		"\x00\x01\x1f\x7f", "中文 锦上添花", "emoji 😀", "\u2028 and \u2029", "bad \xff byte", "cut \xe4\xb8",
		"\xed\xa0\x80 surrogate bytes", "ok/slash",
	} {
		checkJSONString(t, s)
	}
}

// FuzzMarshalFields writes items made of arbitrary strings: the output is
// valid JSON, each string is written as encoding/json writes it, and the item
// reads back with every value as encoding/json would read it.
func FuzzMarshalFields(f *testing.F) {
	f.Add("Crash on save", "<p>\"x\" & y</p>", "custom_field_one", "Acme")
	f.Add("\xff\xfe", "\u2028", "k\x00", "\xed\xa0\x80")
	f.Add("锦上添花", "", "", "")
	f.Fuzz(func(t *testing.T, title, desc, key, value string) {
		for _, s := range []string{title, desc, key, value} {
			checkJSONString(t, s)
		}
		for _, k := range Kinds {
			it := Item{Kind: k, ID: "1", Title: title, Description: desc, Owner: value}
			it.Set(key, value)
			raw, err := it.MarshalFields(nil)
			if err != nil || !json.Valid(raw) {
				t.Fatalf("MarshalFields = %s, %v", raw, err)
			}
			var want map[string]any
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			wrapped, _ := WrapItem(it, nil)
			back, err := DecodeItem(k, wrapped)
			if err != nil {
				t.Fatalf("%s: %v", wrapped, err)
			}
			for name, v := range want {
				got, ok := back.Get(name)
				if !ok || got != v.(string) {
					t.Fatalf("%s: %s read back as %q, encoding/json reads %q", raw, name, got, v)
				}
			}
			trimmed, _ := it.MarshalFields([]string{key, "id", key})
			if !json.Valid(trimmed) || !bytes.Contains(trimmed, []byte(`"id":"1"`)) {
				t.Fatalf("MarshalFields(%q, id) = %s", key, trimmed)
			}
		}
	})
}
