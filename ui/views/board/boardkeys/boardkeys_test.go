package boardkeys

import (
	"testing"

	"triage/store"
	"triage/ui/engine"
)

// TestHelpFollowsTheGroupingAndTheUsersKeys: ] is worded after the field
// the board is grouped by, keeping its keys; the config's commands and
// saved views come as a last group, and without them the key map is
// itself.
func TestHelpFollowsTheGroupingAndTheUsersKeys(t *testing.T) {
	k := DefaultKeyMap()
	k.NextPriority.SetKeys("L")
	k.LabelGroup(engine.Status)
	if h := k.NextPriority.Help(); h.Desc != "next status" || h.Key != "]" || k.NextPriority.Keys()[0] != "L" {
		t.Errorf("grouped by status, ] reads %q %q with keys %v", h.Key, h.Desc, k.NextPriority.Keys())
	}
	k.LabelGroup(engine.Priority)
	if h := k.NextPriority.Help(); h.Desc != "next priority" {
		t.Errorf("grouped by priority, ] reads %q", h.Desc)
	}
	if got := k.WithUser(nil, []store.SavedView{{Name: "no key"}}); got != &k {
		t.Errorf("with no user keys the help is %T, not the key map", got)
	}
	groups := k.WithUser([]store.Command{{Key: "ctrl+g", Name: "gitlab"}}, []store.SavedView{{Key: "1", Name: "mine"}}).FullHelp()
	last := groups[len(groups)-1]
	if len(groups) != len(k.FullHelp())+1 || len(last) != 2 || last[0].Help().Desc != "gitlab" || last[1].Help().Desc != "view: mine" {
		t.Errorf("the user's keys in the help: %v", last)
	}
}
