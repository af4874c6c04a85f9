package boardkeys

import "triage/ui/workspace"

// groupWords are the help words of ], [ and the digits when the board is
// grouped by f: they move the card along that field.
func groupWords(f workspace.Field) (next, prev, nth string) {
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

// LabelGroup names ], [ and the digits after the field the board is
// grouped by, for the help line and ? help; their keys stay the user's.
func (k *KeyMap) LabelGroup(f workspace.Field) {
	next, prev, nth := groupWords(f)
	k.NextPriority.SetHelp(k.NextPriority.Help().Key, next)
	k.PrevPriority.SetHelp(k.PrevPriority.Help().Key, prev)
	k.SetPriority.SetHelp(k.SetPriority.Help().Key, nth)
}
