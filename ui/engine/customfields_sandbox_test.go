package engine

import (
	"strings"
	"testing"

	"triage/api"
)

// TestLoadReadsTheCustomFieldsFirst: the first load of a kind reads its
// custom field settings once (one request) before its list, which then
// carries their values; a custom field edit is one read (the conflict
// check) and one write, as a priority edit is, and the status line names
// it by the workspace's name.
func TestLoadReadsTheCustomFieldsFirst(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	ct.take()
	r.run(g.Load(api.Story))
	reads, _ := ct.take()
	t.Logf("the first load of stories: %d reads", reads)
	var names []string
	for _, f := range g.CustomFields(api.Story) {
		names = append(names, f.Name)
	}
	if len(names) != 4 || names[0] != "Customer" || names[3] != "Product owner" {
		t.Fatalf("custom fields of stories %v, want Customer … Product owner", names)
	}
	items := g.Items(api.Story).List
	held := 0
	for i := range items {
		if v, _ := items[i].Get("custom_field_one"); v != "" {
			held++
		}
	}
	if len(items) != 240 || held < 200 {
		t.Fatalf("%d of %d stories hold a Customer, want most of 240", held, len(items))
	}
	// The same count without the settings: the load reads them once.
	r.run(g.Load(api.Story))
	again, _ := ct.take()
	t.Logf("a second load of stories: %d reads", again)
	if again >= reads {
		t.Errorf("a second load made %d reads, the first %d: the settings are read again", again, reads)
	}

	st := items[0]
	from, _ := st.Get("custom_field_one")
	to := "Hooli"
	if from == to {
		to = "Acme"
	}
	_, cmd := g.Apply(api.Story, Change{Item: st, Field: Field("custom_field_one"), To: to})
	r.run(cmd)
	reads, writes := ct.take()
	if reads != 1 || writes != 1 {
		t.Errorf("a custom field edit: %d reads, %d writes; want 1, 1", reads, writes)
	}
	now := r.current(client, ct, st.ID)
	if got, _ := now.Get("custom_field_one"); got != to {
		t.Errorf("the service holds Customer %q, want %q", got, to)
	}
	if said := r.said(); !strings.Contains(said, "Customer "+from+" → "+to) {
		t.Errorf("the status line says %q, want the change named Customer", said)
	}
}
