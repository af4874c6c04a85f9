package api

import (
	"bytes"
	"testing"
)

// FuzzDecodeItems feeds arbitrary answers to the envelope decoder and then to
// the list and item decoders on its data, as the client reads lists and
// writes: nothing panics, the one-pass reader reads as encoding/json does,
// and every item read survives being written back as the service writes it.
func FuzzDecodeItems(f *testing.F) {
	for _, seed := range []string{
		`{"status":1,"data":[{"Story":{"id":"1000000001000000001","name":"a","priority":"4","priority_label":"High","workspace_id":10000001}}],"info":"success"}`,
		`{"status":1,"data":[{"Bug":{"id":"1110000001000000001","title":null,"severity":"serious","custom":{"x":[1,2]}}}],"info":"success"}`,
		`{"status":1,"data":[{"Task":{"id":"1210000001000000001","story_id":"0","progress":0.5,"modified":true}}],"info":"success"}`,
		`{"status":1,"data":{"Story":{"id":"1","priority_label":"锦上添花"}},"info":"success"}`,
		`{"status":1,"data":[],"info":"success"}`,
		`{"status":1,"data":{},"info":"success"}`,
		`{"status":1,"data":"Hello, welcome to the API","info":"success"}`,
		`{"status":1,"data":[{"Story":[]}],"info":"success"}`,
		`{"status":1,"data":[{"Story":{"id":"1","id":"2","name":{"x":1}}}]}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		env, err := DecodeEnvelope(body)
		if err != nil {
			return
		}
		var fi FieldInfo
		if env.DecodeData(&fi) == nil {
			_ = fi.PriorityOptions()
		}
		for _, k := range Kinds {
			sameAsEncodingJSON(t, k, bytes.TrimSpace(env.Data))
			if it, err := DecodeItem(k, env.Data); err == nil {
				roundTrip(t, it)
			}
			items, err := DecodeItems(k, env.Data)
			if err != nil {
				continue
			}
			for _, it := range items {
				roundTrip(t, it)
			}
		}
	})
}

// roundTrip writes an item as the service would and reads it back unchanged.
func roundTrip(t *testing.T, it Item) {
	t.Helper()
	_ = it.DisplayPriority()
	raw, err := WrapItem(it, nil)
	if err != nil {
		t.Fatalf("WrapItem: %v", err)
	}
	back, err := DecodeItem(it.Kind, raw)
	if err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	if back.ID != it.ID || back.Title != it.Title || back.PriorityLabel != it.PriorityLabel || back.Priority != it.Priority || len(back.Extra) != len(it.Extra) {
		t.Fatalf("round trip changed %+v into %+v", it, back)
	}
}
