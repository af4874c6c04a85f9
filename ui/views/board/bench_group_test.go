package board

import (
	"testing"

	"triage/api"
	"triage/ui/engine"
)

// BenchmarkKeyFrameGrouped is BenchmarkKeyFrame's columns at 100,000 items
// and 120x40, with the board grouped by priority, by status (workflow
// order) and by owner (first owner). The fake service names no workflow,
// so no status column is dimmed here.
//
// Run: go test ./ui/views/board -run '^$' -bench BenchmarkKeyFrameGrouped -benchmem -count 5
func BenchmarkKeyFrameGrouped(b *testing.B) {
	statuses := []api.PriorityOption{{Value: "planning", Label: "Planning"}, {Value: "developing", Label: "Developing"},
		{Value: "resolved", Label: "Resolved"}, {Value: "rejected", Label: "Rejected"}}
	for _, g := range []struct {
		field engine.Field
		opts  []api.PriorityOption
	}{{engine.Priority, nil}, {engine.Status, statuses}, {engine.Owner, nil}} {
		b.Run("by="+g.field.Name()+"/items=100000/120x40", func(b *testing.B) {
			m := benchBoard(b, benchItems, 120, 40)
			m.keepSelection(func() { m.cur().regroup(g.field, g.opts) })
			frames(b, m, moveKeys())
		})
	}
}
