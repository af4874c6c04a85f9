package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// sameAsEncodingJSON checks the one-pass reader against encoding/json on
// data: when the reader takes the input, encoding/json must take it too and
// read the same items. It reports whether the reader took it.
func sameAsEncodingJSON(t *testing.T, kind Kind, data []byte) bool {
	t.Helper()
	fast, ok := readItems(kind, data, &sharedExtras{})
	if ok {
		slow, err := decodeItemsSlowly(kind, data)
		if err != nil {
			t.Fatalf("the reader took %q, encoding/json refuses it: %v", data, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q:\n reader        %+v\n encoding/json %+v", data, fast, slow)
		}
	}
	one, oneOK := readItem(kind, data)
	if oneOK {
		var slow Item
		if err := decodeWrapped(kind, data, &slow); err != nil {
			t.Fatalf("the reader took the item %q, encoding/json refuses it: %v", data, err)
		}
		if !reflect.DeepEqual(one, slow) {
			t.Fatalf("item %q:\n reader        %+v\n encoding/json %+v", data, one, slow)
		}
	}
	return ok || oneOK
}

// TestReadItemsTakesWhatTheServiceSends checks that the shapes of real
// answers take the one pass, and read as encoding/json reads them.
func TestReadItemsTakesWhatTheServiceSends(t *testing.T) {
	cases := []struct {
		name string
		kind Kind
		data string
	}{
		{"empty", Story, `[]`},
		{"empty with space", Story, " [ \n] "},
		{"page", Story, string(benchPage(t, 3, nil))},
		{"trimmed page", Story, string(benchPage(t, 3, ListFields(Story)))},
		{"numbers, booleans and null", Task, `[{"Task":{"id":1210022001000000001,"workspace_id":-1.5e3,"progress":0.5,"name":true,"status":false,"owner":null,"effort":-0}}]`},
		{"escapes", Bug, `[{"Bug":{"title":"a \"b\" \\ \/ \b\f\n\r\t \u00e9 \u4e2d \ud83d\ude00","description":"\u003cp\u003e"}}]`},
		{"lone surrogates", Bug, `[{"Bug":{"title":"\ud800 x \udc00 \ud800\u0041 \udbff\udfff"}}]`},
		{"invalid UTF-8", Story, "[{\"Story\":{\"name\":\"a\xffb\xc3\",\"x\":\"\xfe\"}}]"},
		{"plain UTF-8", Story, `[{"Story":{"name":"锦上添花 ✓","priority_label":"紧急"}}]`},
		{"escaped keys", Story, `[{"Story":{"n\u0061me":"a","custom_field_\u0031":"b","\u0053tory":"c"}}]`},
		{"escaped wrapper", Story, `[{"\u0053tory":{"name":"a"}}]`},
		{"repeated keys", Story, `[{"Story":{"name":"a","name":null,"x":1,"x":[2],"id":"1","id":"2"}}]`},
		{"repeated wrapper", Story, `[{"Story":{"name":"a","x":1},"Story":{"name":"b"}}]`},
		{"other keys beside the wrapper", Task, `[{"meta":{"a":[1,{"b":null}]},"Task":{"id":"1"},"more":"x"}]`},
		{"nested extra values", Story, `[{"Story":{"flows":{"a":[true,false,null,{"b":-1E+2}]},"tags":[],"o":{}}}]`},
		{"empty item", Story, `[{"Story":{}}]`},
		{"white space everywhere", Story, "[ {\t\"Story\" :\n{ \"id\" : \"1\" , \"x\" : [ 1 , 2 ] } } , {\"Story\":{}} ]"},
		{"kind-specific names are extra", Story, `[{"Story":{"title":"t","severity":"fatal","story_id":"5","current_owner":"a;"}}]`},
		{"typed names of a bug", Bug, `[{"Bug":{"title":"t","severity":"fatal","current_owner":"a;","reporter":"b","name":"n","owner":"o"}}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !sameAsEncodingJSON(t, c.kind, []byte(c.data)) {
				t.Errorf("the reader gave up on %s", c.data)
			}
			items, err := DecodeItems(c.kind, json.RawMessage(c.data))
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range items {
				for name, raw := range it.Extra {
					if !json.Valid(raw) {
						t.Errorf("extra %s holds %q", name, raw)
					}
				}
			}
		})
	}
}

// TestReadItemsLeavesTheRestToEncodingJSON checks the inputs the reader
// gives up on: DecodeItems still refuses or reads them as encoding/json does,
// with the messages it always gave.
func TestReadItemsLeavesTheRestToEncodingJSON(t *testing.T) {
	cases := []struct {
		name    string
		kind    Kind
		data    string
		wantErr string // "" when encoding/json reads it
	}{
		{"not JSON", Story, `[{"Story":{"id":"1"}`, "list of stories: unexpected end of JSON input"},
		{"trailing comma", Story, `[{"Story":{"id":"1",}}]`, "list of stories: invalid character '}'"},
		{"trailing data", Story, `[{"Story":{}}] x`, "list of stories: invalid character 'x' after top-level value"},
		{"leading zero", Story, `[{"Story":{"id":01}}]`, "list of stories: invalid character '1'"},
		{"bad escape", Story, `[{"Story":{"id":"\x"}}]`, "list of stories: invalid character 'x' in string escape code"},
		{"control character", Story, "[{\"Story\":{\"id\":\"a\nb\"}}]", "list of stories: invalid character '\\n' in string literal"},
		{"wrong wrapper", Bug, `[{"Story":{"id":"1"}}]`, `bug 1 of 1: expected {"Bug":{...}}`},
		{"second item not wrapped", Story, `[{"Story":{"id":"1"}},{"id":"2"}]`, `story 2 of 2: expected {"Story":{...}}`},
		{"not an object", Task, `[{"Task":{"id":"1"}},"x"]`, `task 2 of 2: expected {"Task":{...}}, got a string`},
		{"null wrapper value", Story, `[{"Story":null}]`, "story 1 of 1: story: expected an object, got null"},
		{"array wrapper value", Story, `[{"Story":[]}]`, "story 1 of 1: story: json: cannot unmarshal array"},
		{"object in a typed field", Task, `[{"Task":{"id":{"x":1}}}]`, "task 1 of 1: task field id: expected a scalar, got an object"},
		{"array in a typed field", Task, `[{"Task":{"name":[1]}}]`, "task 1 of 1: task field name: expected a scalar, got an array"},
		{"null element", Story, `[null]`, `story 1 of 1: expected {"Story":{...}}`},
		{"a later repeat mends a typed field", Story, `[{"Story":{"name":{"x":1},"name":"ok"}}]`, ""},
		{"deep nesting", Story, `[{"Story":{"x":` + strings.Repeat("[", 100) + strings.Repeat("]", 100) + `}}]`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if sameAsEncodingJSON(t, c.kind, []byte(c.data)) {
				t.Fatalf("the reader took %s", c.data)
			}
			items, err := DecodeItems(c.kind, json.RawMessage(c.data))
			if c.wantErr == "" {
				if err != nil || len(items) != 1 {
					t.Fatalf("DecodeItems = %d items, %v; want 1 item", len(items), err)
				}
				return
			}
			if err == nil || !strings.HasPrefix(err.Error(), c.wantErr) {
				t.Errorf("error %v, want %q", err, c.wantErr)
			}
		})
	}
}

func TestDecodeItemReadsOneWrappedItem(t *testing.T) {
	it, err := DecodeItem(Bug, json.RawMessage(" {\"Bug\":{\"id\":\"1\",\"title\":\"t\",\"x\":null}}\n"))
	if err != nil || it.ID != "1" || it.Title != "t" || string(it.Extra["x"]) != "null" {
		t.Fatalf("DecodeItem = %+v, %v", it, err)
	}
	if _, err := DecodeItem(Bug, json.RawMessage(`{"Story":{"id":"1"}}`)); err == nil || err.Error() != `expected {"Bug":{...}}` {
		t.Errorf("wrong wrapper: %v", err)
	}
	if _, err := DecodeItem(Bug, json.RawMessage(`[{"Bug":{}}]`)); err == nil || !strings.Contains(err.Error(), "got an array") {
		t.Errorf("a list: %v", err)
	}
}

// TestDecodedItemsOwnTheirValues checks that items share nothing with the
// input: a caller may reuse its buffer.
func TestDecodedItemsOwnTheirValues(t *testing.T) {
	data := []byte(`[{"Story":{"name":"abc","x":"def"}}]`)
	items, err := DecodeItems(Story, data)
	if err != nil {
		t.Fatal(err)
	}
	copy(data, bytes.Repeat([]byte{'#'}, len(data)))
	if items[0].Title != "abc" || string(items[0].Extra["x"]) != `"def"` {
		t.Errorf("the item changed with the input: %+v", items[0])
	}
}

// FuzzReadItems feeds arbitrary bytes to the one-pass reader: what it takes,
// encoding/json takes too and reads the same.
func FuzzReadItems(f *testing.F) {
	for _, seed := range []string{
		`[{"Story":{"id":"1","name":"a\u00e9","x":[1,{"y":null}],"workspace_id":10022001}}]`,
		`[{"Bug":{"title":"\ud83d\ude00","severity":"fatal"}},{"Bug":{}}]`,
		`[{"Task":{"story_id":"0","progress":0.5e-3,"done":true}}]`,
		`{"Story":{"id":"1","id":"2"}}`,
		"[{\"Story\":{\"name\":\"\xff\"}}]",
		`[{"Story":{"name":{"x":1},"name":"ok"}}]`,
		`[ ]`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, k := range Kinds {
			if sameAsEncodingJSON(t, k, data) && !json.Valid(data) {
				t.Fatalf("the reader took invalid JSON %q", data)
			}
		}
	})
}
