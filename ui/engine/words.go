package engine

import (
	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
)

// countOf writes a count of items of kind k in the language in use: "1
// story", "3 stories", "1,200 bugs"; 3 个需求 in Chinese.
func countOf(n int, k api.Kind) string {
	noun := k.Path()
	if n == 1 {
		noun = k.String()
	}
	return i18n.Tf("%[1]s %[2]s", common.Count(n), i18n.T(noun))
}

// kindWord is the kind's plural as a message says it: "stories", 需求.
func kindWord(k api.Kind) string { return i18n.T(k.Path()) }

// LoadTask names the loading of a kind, as the task registry, the status
// line and the board's progress know it ("loading stories"): an error of
// one load goes when a later one succeeds.
func LoadTask(k api.Kind) string { return i18n.Tf("loading %s", kindWord(k)) }
