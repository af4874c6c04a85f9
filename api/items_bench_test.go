package api

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"testing"
)

// benchStoryFields is a story as the real service lists it without fields=:
// every field, most of them null, empty or zero.
func benchStoryFields(i int) [][2]any {
	id := fmt.Sprintf("10%08d%09d", 10022001, i+1)
	var f [][2]any
	add := func(k string, v any) { f = append(f, [2]any{k, v}) }
	add("id", id)
	add("name", fmt.Sprintf("Let shoppers save their cart for later, item %d", i))
	add("description", `<p>When a shopper "leaves", the cart is lost & must be rebuilt.</p><ul><li>Keep it 30 days</li></ul>`)
	add("workspace_id", "10022001")
	add("creator", "alice")
	add("created", "2025-10-12 09:41:07")
	add("modified", "2026-01-05 18:02:44")
	add("status", "developing")
	add("v_status", "实现中")
	add("owner", "alice;bob;")
	add("cc", "")
	add("begin", "2025-10-14")
	add("due", nil)
	add("size", nil)
	add("priority", "4")
	add("priority_label", "High")
	add("developer", "")
	add("iteration_id", "1310022001000000003")
	for _, k := range []string{"test_focus", "type", "source", "module", "version"} {
		add(k, "")
	}
	add("completed", nil)
	add("category_id", "-1")
	add("path", id+":")
	add("parent_id", "0")
	add("children_id", "|")
	add("ancestor_id", id)
	add("level", "0")
	add("business_value", nil)
	add("effort", "8")
	for _, k := range []string{"effort_completed", "exceed", "remain", "release_id"} {
		add(k, "0")
	}
	add("bug_id", "")
	add("templated_id", "0")
	add("created_from", "")
	add("feature", "")
	add("label", "ux|checkout")
	add("progress", "0")
	add("is_archived", "0")
	add("tech_risk", nil)
	add("flows", nil)
	add("secret_root_id", "0")
	add("modifier", "bob")
	for _, w := range []string{"one", "two", "three", "four", "five", "six", "seven", "eight"} {
		add("custom_field_"+w, "")
	}
	f[len(f)-8][1] = "Acme"
	for n := 9; n <= 50; n++ {
		add("custom_field_"+strconv.Itoa(n), nil)
	}
	for n := 1; n <= 10; n++ {
		add("custom_plan_field_"+strconv.Itoa(n), nil)
	}
	return f
}

// benchPage is a page of n stories as JSON, with only the named fields when
// names is not empty.
func benchPage(b testing.TB, n int, names []string) []byte {
	b.Helper()
	out := []byte{'['}
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, `{"Story":{`...)
		first := true
		for _, kv := range benchStoryFields(i) {
			if names != nil && !slices.Contains(names, kv[0].(string)) {
				continue
			}
			if !first {
				out = append(out, ',')
			}
			first = false
			k, _ := json.Marshal(kv[0])
			v, err := json.Marshal(kv[1])
			if err != nil {
				b.Fatal(err)
			}
			out = append(append(append(out, k...), ':'), v...)
		}
		out = append(out, "}}"...)
	}
	return append(out, ']')
}

// BenchmarkDecodeItems decodes a page of 200 stories, trimmed with fields=
// to what the app shows, and with every field.
func BenchmarkDecodeItems(b *testing.B) {
	for _, c := range []struct {
		name   string
		fields []string
	}{{"fields", ListFields(Story)}, {"all", nil}} {
		page := benchPage(b, PageSize, c.fields)
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(page)))
			for b.Loop() {
				items, err := DecodeItems(Story, page)
				if err != nil || len(items) != PageSize {
					b.Fatalf("DecodeItems = %d items, %v", len(items), err)
				}
			}
		})
	}
}

// BenchmarkMarshalFields writes the stories of a page, with every field and
// with the fields the app shows.
func BenchmarkMarshalFields(b *testing.B) {
	items, err := DecodeItems(Story, benchPage(b, PageSize, nil))
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		fields []string
	}{{"fields", ListFields(Story)}, {"all", nil}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				for _, it := range items {
					if _, err := it.MarshalFields(c.fields); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
