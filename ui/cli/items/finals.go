package items

import (
	"context"

	"triage/api"
	"triage/ui/cli/wiring"
	"triage/ui/engine"
	"triage/ui/filter"
)

// readFinals reads the kind's final statuses (/workflows/last_steps, one
// request) when the filter has an is:open or is:closed term, as the board
// does; a workflow that names none has TAPD's default ones.
func readFinals(c *wiring.Factory, ctx context.Context, client *api.Client, ws int64, kind api.Kind, q *filter.Query) error {
	if !q.NamesOpen() {
		return nil
	}
	last, err := client.LastSteps(ctx, ws, kind)
	if err != nil {
		return c.Unreachable(err)
	}
	if len(last) == 0 {
		q.Finals = engine.DefaultFinals()
		return nil
	}
	q.Finals = make(map[string]bool, len(last))
	for code := range last {
		q.Finals[code] = true
	}
	return nil
}
