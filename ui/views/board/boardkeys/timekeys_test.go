package boardkeys

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"triage/ui/common"
)

// TestHelpNamesTheTimeKeysAndTerms: ? lists T and E beside the sorts, with
// the created: and modified: terms, and tab names the filter's other new
// fields; the actions keep the names a config's keys: gives them.
func TestHelpNamesTheTimeKeysAndTerms(t *testing.T) {
	k := DefaultKeyMap()
	var help []string
	for _, group := range k.FullHelp() {
		for _, b := range group {
			help = append(help, b.Help().Key+" "+b.Help().Desc)
		}
	}
	all := strings.Join(help, "\n")
	for _, want := range []string{"T list by created, newest first (again: reverse; filter: created:yesterday, >3d)",
		"E list by modified, newest first (again: reverse; filter: modified:today, <2026-11-01)",
		"also iter: severity: creator: reporter: created: modified:"} {
		if !strings.Contains(all, want) {
			t.Errorf("? does not say %q:\n%s", want, all)
		}
	}
	for b, name := range map[*key.Binding]string{&k.SortCreated: "list-by-created", &k.SortModified: "list-by-modified",
		&k.Complete: "in-complete-status-owner-prio-and-values-two-words", &k.Filter: "filter-by-text"} {
		if got := common.ActionName(b); got != name {
			t.Errorf("the action of %q is %q, want %q", b.Help().Key, got, name)
		}
	}
}
