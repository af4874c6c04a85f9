package queue

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"triage/api"
	"triage/ui/internal/uitest"
)

func options(k api.Kind) []api.PriorityOption { return uitest.PriorityFields(k).PriorityOptions() }

// customFields is the field information that names the custom fields.
var customFields = api.FieldInfo{
	"custom_field_one": {Name: "custom_field_one", Label: "Customer"},
	"custom_field_two": {Name: "custom_field_two", Label: "Estimate (days)"},
}

// stories is a queue: two without a priority, one with a priority the
// options lack.
func stories() []api.Item {
	return []api.Item{
		{Kind: api.Story, ID: "1010022001000000042", WorkspaceID: "10022001", Title: "Export the board as CSV",
			Status: "planning", Owner: "anyechen;lily;", Creator: "lily", Label: "前端|客户反馈",
			Created: "2026-01-02 10:04:11", Modified: "2026-01-05 16:20:00", IterationID: "0",
			Description: "<p>Customers ask for a CSV export of the board &amp; its filters.</p>" +
				"<ul><li>one row per item</li><li>the columns as shown</li></ul>" +
				"<p>Keep the order of the board. See <a href=\"http://x\">the design</a>.</p>",
			Extra: map[string]json.RawMessage{
				"custom_field_one": json.RawMessage(`"Acme"`), "custom_field_two": json.RawMessage(`"3"`),
				"custom_field_three": json.RawMessage(`null`), "modifier": json.RawMessage(`"lily"`),
			}},
		{Kind: api.Story, ID: "1010022001000000043", WorkspaceID: "10022001",
			Title:  "Let admins configure saved searches for team workspaces across all regions before the next release, and tell every member by email when one changes",
			Status: "developing", Owner: "王小明;", Creator: "anyechen", Created: "2026-01-03 09:00:00", Modified: "2026-01-03 09:00:00"},
		{Kind: api.Story, ID: "1010022001000000044", WorkspaceID: "10022001", Title: "Dark mode for the dashboard",
			PriorityLabel: "非常高", Status: "planning", Creator: "bob", Created: "2026-01-04 11:30:00", Modified: "2026-01-06 08:00:00",
			Description: longDescription()},
	}
}

// longDescription is plain text, longer than any card.
func longDescription() string {
	var b strings.Builder
	b.WriteString("Users working at night ask for a dark theme.\n\n")
	for i := range 36 {
		fmt.Fprintf(&b, "%d. Check screen %d in the dark.\n", i+1, i+1)
	}
	return b.String()
}

// bugs is a queue of one bug with a legacy priority the options lack.
func bugs() []api.Item {
	return []api.Item{{Kind: api.Bug, ID: "1110022001000000007", WorkspaceID: "10022001",
		Title: "Crash when the token expires", PriorityLabel: "P0", Status: "new", Owner: "anyechen;",
		Creator: "lily", Severity: "serious", Created: "2026-01-05 22:01:09", Modified: "2026-01-06 07:45:31",
		Description: "<ol><li>Log in</li><li>Wait two hours</li><li>Open a bug</li></ol><p>The app <b>crashes</b>.</p>"}}
}

var errRefused = errors.New(`update story 1010022001000000042: the service refused the request (422: priority_label "Middle" is not allowed); correct it and retry`)
