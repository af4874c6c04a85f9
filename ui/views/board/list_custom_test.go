package board

import (
	"testing"
	"time"

	"triage/api"
)

// TestFilterTypedBeforeTheCustomFieldsIsReadAgain: a filter naming a
// custom field, typed (or restored) before the kind's custom fields were
// read, is text with a problem; once they arrive it filters by the field.
func TestFilterTypedBeforeTheCustomFieldsIsReadAgain(t *testing.T) {
	d := newDataset(api.Story, nil, 0)
	var items []api.Item
	for i, v := range []string{"海外", "内部", "海外"} {
		it := api.Item{Kind: api.Story, ID: string(rune('1' + i)), Title: "story"}
		it.Set("custom_field_one", v)
		items = append(items, it)
	}
	d.addPage(1, items)
	d.setQuery("客户:海外", "")
	if len(d.tq.Problems) == 0 {
		t.Fatalf("客户:海外 without custom fields has no problem: %+v", d.tq.Query)
	}
	d.setCustom([]api.CustomField{{Field: "custom_field_one", Name: "客户", Type: "select", Enabled: true}})
	if len(d.tq.Problems) != 0 || len(d.tq.Terms) != 1 {
		t.Fatalf("with the custom fields: problems %v, terms %+v", d.tq.Problems, d.tq.Terms)
	}
	kept := 0
	for i := range d.items {
		if d.match[i] {
			kept++
		}
	}
	if kept != 2 {
		t.Errorf("客户:海外 keeps %d of 3 stories, want 2", kept)
	}
}

// TestFilterAppliedAgainKeepsItsFieldsAndClock: when the marks change and
// the filter is applied again (new:, changed:), it still knows the kind's
// custom fields and the board's clock; it lost both before.
func TestFilterAppliedAgainKeepsItsFieldsAndClock(t *testing.T) {
	d := newDataset(api.Story, nil, 0)
	d.clock = func() time.Time { return time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC) }
	d.setCustom([]api.CustomField{{Field: "custom_field_one", Name: "客户", Type: "select", Enabled: true}})
	var items []api.Item
	for i, v := range []string{"海外", "内部", "海外"} {
		it := api.Item{Kind: api.Story, ID: string(rune('1' + i)), Title: "story", Created: "2026-11-02 10:00:00"}
		it.Set("custom_field_one", v)
		items = append(items, it)
	}
	d.addPage(1, items)
	d.setQuery("客户:海外 created:today", "")
	d.rescan()
	if len(d.tq.Problems) != 0 {
		t.Fatalf("applied again, the filter has problems: %v", d.tq.Problems)
	}
	kept := 0
	for i := range d.items {
		if d.match[i] {
			kept++
		}
	}
	if kept != 2 {
		t.Errorf("客户:海外 created:today keeps %d of 3 stories applied again, want 2", kept)
	}
}
