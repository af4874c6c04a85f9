package sandbox

import (
	"net/url"
	"testing"

	"triage/api"
)

// BenchmarkSeedExtra seeds the world with 100,000 extra items per workspace
// and kind.
func BenchmarkSeedExtra(b *testing.B) {
	for b.Loop() {
		if _, err := seedWorld(100_000, seedTestNow); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListItems answers a page of 200 trimmed stories, ordered, out of
// 10,000 and more.
func BenchmarkListItems(b *testing.B) {
	w, err := seedWorld(10_000, seedTestNow)
	if err != nil {
		b.Fatal(err)
	}
	ws := w.Workspaces[0]
	cases := []struct {
		name string
		q    url.Values
	}{
		{"page", url.Values{"limit": {"200"}, "page": {"7"}, "fields": {"id,name,status,priority_label,owner,modified"}}},
		{"ordered", url.Values{"limit": {"200"}, "order": {"modified desc"}, "fields": {"id,name,status,priority_label,owner,modified"}}},
		{"filtered", url.Values{"limit": {"200"}, "status": {"planning|developing"}, "priority_label": {"High"},
			"fields": {"id,name,status,priority_label,owner,modified"}}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, herr := w.listItems(ws, api.Story, c.q); herr != nil {
					b.Fatal(herr)
				}
			}
		})
	}
}
