package api_test

import (
	"context"
	"testing"

	"triage/api"
)

// TestCreateFieldsNameTheRequiredOnes against the sandbox: Billing
// Legacy's bugs are made only with an owner and a severity (the creation
// step's Appendfield with Notnull yes); its stories with an owner only.
func TestCreateFieldsNameTheRequiredOnes(t *testing.T) {
	c, _ := startSandbox(t)
	const billingLegacy = 10022003
	for _, tc := range []struct {
		kind api.Kind
		want []string
	}{
		{api.Bug, []string{"current_owner", "severity"}},
		{api.Story, []string{"owner"}},
	} {
		got, err := c.CreateFields(context.Background(), billingLegacy, tc.kind)
		if err != nil {
			t.Fatal(err)
		}
		var required []string
		for _, f := range got {
			if f.Required {
				required = append(required, f.Name)
			}
		}
		if len(required) != len(tc.want) {
			t.Fatalf("%s: required on create %v, want %v", tc.kind, required, tc.want)
		}
		for i := range required {
			if required[i] != tc.want[i] {
				t.Fatalf("%s: required on create %v, want %v", tc.kind, required, tc.want)
			}
		}
	}
}
