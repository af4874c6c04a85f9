// Package bulkplan is a bulk edit's plan: the change each marked item
// gets (a field, its value's label before and after, what is written) and
// the line that sums the plan up for the confirmation.
package bulkplan

import (
	"fmt"
	"slices"
	"strings"

	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// Change is one change of a bulk edit: item Item (a position in the
// view's items) gets Value in Field, shown as From → To.
type Change struct {
	Item     int32
	Field    engine.Field
	From, To string            // the labels of the value it leaves and the one it gets
	Value    string            // what is written
	Extra    map[string]string // the fields a status's transition requires
}

// Summary sums a plan up, each field before and after: "12 items: High →
// Low · 3 from Middle" when every card gets one value, else each change
// with its count; fields other than the priority are named ("3 items:
// status Planning → Developing").
func Summary(plan []Change, stay int) string {
	type move struct {
		from, to string
		n        int
	}
	var moves []move
	targets := map[string]bool{}
	for _, p := range plan {
		targets[p.To] = true
		k := slices.IndexFunc(moves, func(mv move) bool { return mv.from == p.From && mv.to == p.To })
		if k < 0 {
			moves = append(moves, move{from: p.From, to: p.To})
			k = len(moves) - 1
		}
		moves[k].n++
	}
	slices.SortStableFunc(moves, func(a, b move) int { return b.n - a.n })
	var b strings.Builder
	field := ""
	if f := plan[0].Field; f != engine.Priority {
		field = i18n.T(f.Name()) + " "
	}
	if len(plan) == 1 {
		b.WriteString(i18n.Tf("1 item: %s%s → %s", field, moves[0].from, moves[0].to))
	} else {
		b.WriteString(i18n.Tf("%s items: %s%s → %s", common.Count(len(plan)), field, moves[0].from, moves[0].to))
	}
	for _, mv := range moves[1:] {
		if len(targets) == 1 {
			b.WriteString(i18n.Tf(" · %d from %s", mv.n, mv.from))
		} else {
			fmt.Fprintf(&b, " · %d %s → %s", mv.n, mv.from, mv.to)
		}
	}
	switch {
	case stay == 1:
		b.WriteString(i18n.T(" · 1 stays"))
	case stay > 1:
		b.WriteString(i18n.Tf(" · %s stay", common.Count(stay)))
	}
	return b.String()
}
