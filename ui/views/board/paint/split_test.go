package paint

import "testing"

// TestSplitTitleBreaksBetweenWords: a title's first line on a card ends
// where a word does, even when that is early in the line; a word longer
// than the line is cut; CJK text breaks between any two characters, and
// beside them in mixed text, never inside a Latin word.
func TestSplitTitleBreaksBetweenWords(t *testing.T) {
	for _, c := range []struct {
		text        string
		w           int
		first, rest string
	}{
		{"Dashboard: double-charges the card", 24, "Dashboard:", "double-charges the card"},
		{"Login page: double-charges the card", 24, "Login page:", "double-charges the card"},
		{"fix the login page now", 16, "fix the login", "page now"},
		{"fix the login page", 13, "fix the login", "page"},
		{"Supercalifragilistic expialidocious", 10, "Supercalif", "ragilistic expialidocious"},
		{"导出 Excel 时中文乱码问题", 12, "导出 Excel", "时中文乱码问题"},
		{"通知中心不显示未读数", 9, "通知中心", "不显示未读数"},
		{"登录页面在 iOS 上崩溃", 14, "登录页面在 iOS", "上崩溃"},
		{"short", 16, "short", ""},
	} {
		if first, rest := SplitTitle(c.text, c.w); first != c.first || rest != c.rest {
			t.Errorf("SplitTitle(%q, %d) = %q, %q; want %q, %q", c.text, c.w, first, rest, c.first, c.rest)
		}
	}
}
