package engine

import (
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
)

// customNames are the names of kind k's custom fields as the engine knows them.
func customNames(g *Engine, k api.Kind) []string {
	var out []string
	for _, f := range g.CustomFields(k) {
		out = append(out, f.Name)
	}
	return out
}

// TestCustomFieldsKeptForADay: the custom field settings read on a cold
// start are kept with the reference data: a warm start within the day
// knows them (the stories' Customer …) and costs one request, the delta;
// a start more than a day after they were read asks them again, once.
func TestCustomFieldsKeptForADay(t *testing.T) {
	const settings = "GET /stories/custom_fields_settings"
	s := newStartRig(t, sandbox.Options{})
	g, _ := s.start(t)
	cold, _ := s.pt.Take()
	if cold[settings] != 1 || len(customNames(g, api.Story)) == 0 {
		t.Fatalf("the cold start asked the settings %d times and knows %v; want once, and the stories' custom fields", cold[settings], customNames(g, api.Story))
	}

	s.now = s.now.Add(time.Hour)
	g, _ = s.start(t)
	warm, sum := s.pt.Take()
	t.Logf("warm start: %d requests: %s", sum, requests(warm))
	if sum != 1 || warm["GET /stories"] != 1 {
		t.Errorf("the warm start asked %s; want one delta of the stories and nothing else", requests(warm))
	}
	if names := customNames(g, api.Story); len(names) == 0 || names[0] != "Customer" {
		t.Errorf("the warm start knows the stories' custom fields %v; want them kept, Customer first", names)
	}

	s.now = s.now.Add(24 * time.Hour) // 25 hours after they were read
	g, _ = s.start(t)
	later, _ := s.pt.Take()
	if later[settings] != 1 || len(customNames(g, api.Story)) == 0 {
		t.Errorf("a day later the start asked %s and knows %v; want the settings read again once", requests(later), customNames(g, api.Story))
	}
}

// TestRefusedCustomFieldReadsItsSettingsAgain: a custom select's value
// the service refuses has the kind's custom field settings read again at
// once, though they were kept within the day.
func TestRefusedCustomFieldReadsItsSettingsAgain(t *testing.T) {
	s := newStartRig(t, sandbox.Options{})
	s.start(t)
	g, r := s.start(t)
	s.pt.Take()
	_, cmd := g.Apply(api.Story, Change{Item: g.Items(api.Story).List[0], Field: "custom_field_one", To: "no-such-customer"})
	r.run(cmd)
	asked, _ := s.pt.Take()
	if asked["GET /stories/custom_fields_settings"] != 1 {
		t.Errorf("after a refused custom field the settings were asked %d times (%s); want once", asked["GET /stories/custom_fields_settings"], requests(asked))
	}
}
