package boardkeys

import "triage/ui/engine"

// groupWords are the help words of ], [ and the digits when the board is
// grouped by f: they move the card along that field.
func groupWords(f engine.Field) (next, prev, nth string) {
	switch f {
	case engine.Status:
		return "next status", "previous status", "set nth status"
	case engine.Owner:
		return "next owner", "previous owner", "set nth owner"
	case engine.Iteration:
		return "next iteration", "previous iteration", "set nth iteration"
	}
	return "next priority", "previous priority", "set nth priority"
}

// LabelGroup names ], [ and the digits after the field the board is
// grouped by, for the help line and ? help; their keys stay the user's.
func (k *KeyMap) LabelGroup(f engine.Field) {
	next, prev, nth := groupWords(f)
	k.NextPriority.SetHelp(k.NextPriority.Help().Key, next)
	k.PrevPriority.SetHelp(k.PrevPriority.Help().Key, prev)
	k.SetPriority.SetHelp(k.SetPriority.Help().Key, nth)
}
