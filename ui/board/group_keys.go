package board

import "triage/ui/workspace"

// groupKeyWords are the help words of ], [ and the digits when the board is
// grouped by f: they move the card along that field.
func groupKeyWords(f workspace.Field) (next, prev, nth string) {
	switch f {
	case workspace.Status:
		return "next status", "previous status", "set nth status"
	case workspace.Owner:
		return "next owner", "previous owner", "set nth owner"
	case workspace.Iteration:
		return "next iteration", "previous iteration", "set nth iteration"
	}
	return "next priority", "previous priority", "set nth priority"
}

// labelGroupKeys names ], [ and the digits after the current kind's
// grouping, for the help line and ? help; their keys stay the user's.
func (m *Model) labelGroupKeys() {
	next, prev, nth := groupKeyWords(m.cur().groupField())
	k := &m.keys
	k.NextPriority.SetHelp(k.NextPriority.Help().Key, next)
	k.PrevPriority.SetHelp(k.PrevPriority.Help().Key, prev)
	k.SetPriority.SetHelp(k.SetPriority.Help().Key, nth)
}
