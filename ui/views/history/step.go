package history

import (
	"slices"
	"strings"

	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// regroup makes the rows again from the changes and the steps: the changes
// of one step make one row (a step of this session, or the step an
// earlier session recorded with its changes), a change of no step a row of
// its own, the row of the newest change first. The cursor stays on the row
// of the change seq when there is one, else on the same line.
func (m *Model) regroup(selected uint64) {
	stepOf := make(map[uint64]int)
	for i, st := range m.steps {
		for _, seq := range st.Seqs {
			stepOf[seq] = i
		}
	}
	m.groups = m.groups[:0]
	rowOf := make(map[any]int) // a step (its index in m.steps, or a recordedStep) → its row
	for _, e := range m.edits {
		var key any
		if i, ok := stepOf[e.Seq]; ok && e.Seq != 0 {
			key = i
		} else if e.Step != 0 {
			key = recordedStep{e.Session, e.Step}
		}
		if r, seen := rowOf[key]; seen && key != nil {
			m.groups[r] = append(m.groups[r], e)
			continue
		}
		if key != nil {
			rowOf[key] = len(m.groups)
		}
		m.groups = append(m.groups, []store.Edit{e})
	}
	for r, g := range m.groups {
		slices.Reverse(g)
		if slices.ContainsFunc(g, func(e store.Edit) bool { return e.Seq == selected && selected != 0 }) {
			m.cursor = r
		}
	}
	m.clamp()
}

// recordedStep names a step by the session that made it and its number
// there (store.Edit.Step).
type recordedStep struct {
	session string
	step    uint64
}

// undoable reports whether enter can undo the step of the change seq.
func (m *Model) undoable(seq uint64) bool {
	for _, st := range m.steps {
		if slices.Contains(st.Seqs, seq) {
			return st.Undoable
		}
	}
	return false
}

// oneItem reports whether every change of a step is of the same item.
func oneItem(g []store.Edit) bool {
	for _, e := range g[1:] {
		if e.Kind != g[0].Kind || e.ItemID != g[0].ItemID || e.Op == store.OpCreate {
			return false
		}
	}
	return true
}

// stepTarget names the items of a step: "story #42", "5 stories", "3 items".
func stepTarget(g []store.Edit) string {
	if oneItem(g) {
		return target(g[0])
	}
	for _, e := range g[1:] {
		if e.Kind != g[0].Kind {
			return common.Plural(len(g), i18n.T("item"), i18n.T("items"))
		}
	}
	return i18n.Tf("%[1]s %[2]s", common.Count(len(g)), i18n.T(g[0].Kind.Path()))
}

// stepChange says what a step changed: the change itself for one; for a
// step of one item, each field ("renamed "a" → "b", priority High → Low");
// for a bulk that set one value, the values it replaced ("Middle, Low →
// High"); else each item's change.
func (m *Model) stepChange(g []store.Edit) string {
	if len(g) == 1 {
		return m.change(g[0])
	}
	parts := make([]string, 0, len(g))
	switch {
	case oneItem(g):
		for _, e := range g {
			parts = append(parts, fieldWord(e)+" "+m.plainChange(e))
		}
	case sameValue(g):
		var froms []string
		for _, e := range g {
			if from := m.value(e, e.From); !slices.Contains(froms, from) {
				froms = append(froms, from)
			}
		}
		return m.marks(g, strings.Join(froms, ", ")+" → "+m.value(g[0], g[0].To))
	default:
		for _, e := range g {
			parts = append(parts, engine.Target(e)+" "+m.plainChange(e))
		}
	}
	return m.marks(g, strings.Join(parts, ", "))
}

// sameValue reports whether every change of a step sets one field to one
// value (a bulk move).
func sameValue(g []store.Edit) bool {
	for _, e := range g[1:] {
		if e.Op != g[0].Op || e.To != g[0].To || e.Op == store.OpCreate {
			return false
		}
	}
	return true
}

// fieldWord names the field a change writes, as a step of several fields
// lists it.
func fieldWord(e store.Edit) string {
	switch e.Op {
	case store.OpTitle:
		return i18n.T("renamed")
	case store.OpCreate:
		return i18n.T("created")
	}
	return i18n.T("priority")
}

// marks says that a step undoes another, or was undone, when all its
// changes do.
func (m *Model) marks(g []store.Edit, text string) string {
	s := m.ctx.Styles
	undo, undone := true, true
	for _, e := range g {
		undo = undo && e.Undoes != 0
		undone = undone && e.UndoneBy != 0
	}
	if undo {
		text = s.Subtle.Render(i18n.T("undo")+" ") + text
	}
	if undone {
		text += s.Subtle.Render(i18n.T(" (undone)"))
	}
	return text
}

// stepState is the edit whose state the row shows: the one that most needs
// the user (a conflict, a failure, one not sure to be applied, one on its
// way), else the newest.
func stepState(g []store.Edit) store.Edit {
	rank := func(st store.EditState) int {
		return slices.Index([]store.EditState{store.StateConflict, store.StateFailed, store.StateMaybeApplied,
			store.StateSending, store.StateWaiting}, st)
	}
	pick := g[len(g)-1]
	for _, e := range g {
		if r := rank(e.State); r >= 0 && (rank(pick.State) < 0 || r < rank(pick.State)) {
			pick = e
		}
	}
	return pick
}

// undoLine says what enter does on the selected step.
func (m *Model) undoLine(g []store.Edit) string {
	switch {
	case !m.undoable(g[len(g)-1].Seq):
		return ""
	case len(g) == 1:
		return i18n.T(" Enter undoes it.")
	}
	return i18n.Tf(" Enter undoes this step: its %d changes as one.", len(g))
}
