package board

import (
	"strings"
	"testing"
	"unicode"

	"triage/ui/filter"
)

// TestHaystackLowerCases: a haystack is the title and the owners as cards
// show them, lower-cased rune by rune, whatever the text holds.
func TestHaystackLowerCases(t *testing.T) {
	for _, tc := range []struct{ title, owner string }{
		{"Payment Callback RETRIES", "Anyechen;"},
		{"导出报表 Ünïcode ΣΑΣ", " 王小明;Lily;Bob; "},
		{"", ""},
		{"bad \xff utf-8 \xe4\xb8", "x;;y"},
	} {
		var b strings.Builder
		filter.WriteHaystack(&b, tc.title, tc.owner)
		var want strings.Builder
		for _, r := range tc.title + "\n" + ownerName(tc.owner) {
			want.WriteRune(unicode.ToLower(r))
		}
		if b.String() != want.String() {
			t.Errorf("haystack of %q, %q = %q, want %q", tc.title, tc.owner, b.String(), want.String())
		}
	}
}
