package board

import (
	"triage/api"
	"triage/ui/engine"
)

// noPriority is the header of the column of items without any priority.
const noPriority = "No priority"

// noneWord is how a change names no priority, in the board as in the
// engine's notes, the editor, the queue, the history and triage log.
const noneWord = engine.NoneWord

// column is one priority column of a kind's board: its items, in the order
// the service listed them, and its own scroll position.
type column struct {
	key     string // the display priority it holds; "" for No priority
	label   string // what the header shows
	color   string // from color_options; "" for none
	option  int    // position among the priority options; -1 for No priority and unknown values
	unknown bool   // a value found on items but missing from the options

	all []int32 // item positions, in column order
	vis []int32 // the filtered subset of all, kept only while a text filter is on

	sel, top int // selected card and first card drawn, within the visible items
}

// layoutColumns builds the columns of a kind from its priority options: No
// priority first, then one per option in the service's order. Columns of
// unknown values are appended later, as items bring them.
func layoutColumns(opts []api.PriorityOption) ([]column, map[string]int) {
	cols := make([]column, 0, len(opts)+2)
	cols = append(cols, column{label: noPriority, option: -1})
	colOf := make(map[string]int, 2*len(opts)+1)
	colOf[""] = 0
	for i, o := range opts {
		cols = append(cols, column{key: o.Value, label: o.Label, color: o.Color, option: i})
	}
	// An item names its priority by the option's value; an older one may hold
	// the label. Values win when a label equals another option's value.
	for i, o := range opts {
		if _, ok := colOf[o.Label]; !ok && o.Label != o.Value {
			colOf[o.Label] = i + 1
		}
	}
	for i, o := range opts {
		colOf[o.Value] = i + 1
	}
	return cols, colOf
}

// nextOption is the option a card moves to with `]` (step 1) or `[` (step -1)
// from column c: the neighbouring option, or, from No priority and unknown
// columns, the first option (`]`) or the last one (`[`). It reports false when
// there is nowhere to go (no options, or already at the end).
func nextOption(c column, nopts, step int) (int, bool) {
	if nopts == 0 {
		return 0, false
	}
	if c.option < 0 {
		if step > 0 {
			return 0, true
		}
		return nopts - 1, true
	}
	n := c.option + step
	if n < 0 || n >= nopts {
		return 0, false
	}
	return n, true
}

// priorityLabel is how a kind's priority value is shown: its option's label,
// "none" for none, else the value itself.
func (m *Model) priorityLabel(k api.Kind, value string) string {
	if value == "" {
		return noneWord
	}
	d := m.sets[k]
	if c, ok := d.colOf[value]; ok {
		return d.cols[c].label
	}
	return value
}
