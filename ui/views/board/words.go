package board

import (
	"triage/api"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// kindWord names one item of a kind in the language in use: "bug", 缺陷.
func kindWord(k api.Kind) string { return i18n.T(k.String()) }

// kindsWord names the items of a kind in the language in use: "bugs", 缺陷.
func kindsWord(k api.Kind) string { return i18n.T(k.Path()) }

// fieldWord names a field in the language in use: "priority", 优先级; a
// custom field keeps the name its workspace gives it.
func fieldWord(f engine.Field) string { return i18n.T(f.Name()) }

// countOf counts items of a kind in the language in use: "1 bug", "3 bugs",
// 3 个缺陷.
func countOf(n int, k api.Kind) string {
	if n == 1 {
		return i18n.Tf("1 %s", kindWord(k))
	}
	return i18n.Tf("%d %s", n, kindsWord(k))
}
