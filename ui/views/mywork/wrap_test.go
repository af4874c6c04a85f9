package mywork

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestWrapBreaksChineseWithinTheWidth: a note in Chinese, with few spaces,
// is broken between its characters so that no line is wider than the
// screen nor cut, and an English one at its spaces.
func TestWrapBreaksChineseWithinTheWidth(t *testing.T) {
	zh := "此登录只能访问 Atlas Web，所以我的工作只包含它：要同时看到 星河移动、Billing Legacy，请用个人访问令牌登录（triage login --token）或授权（triage login --web）。"
	en := "This login reaches Atlas Web only, so my work holds only it: to see 星河移动, Billing Legacy too, log in with a personal access token."
	for _, text := range []string{zh, en} {
		for _, width := range []int{20, 60, 80, 120} {
			lines := wrap(text, width)
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > width {
					t.Errorf("width %d: a line is %d cells: %q", width, w, l)
				}
				if strings.ContainsAny(firstRune(l), closing) {
					t.Errorf("width %d: a line starts with a closing mark: %q", width, l)
				}
			}
			joined := strings.Join(lines, "")
			if strings.ReplaceAll(joined, " ", "") != strings.ReplaceAll(text, " ", "") {
				t.Errorf("width %d: the text changed:\n%q\n%q", width, joined, text)
			}
		}
	}
	if got := wrap(zh, 80); got[2] != "--web）。" {
		t.Errorf("the closing marks are not kept with the word before them: %q", got)
	}
	if got := wrap(en, 60); got[0] != "This login reaches Atlas Web only, so my work holds only it:" {
		t.Errorf("English is not broken at its spaces: %q", got)
	}
	if got := wrap(zh, 60); got[0] != "此登录只能访问 Atlas Web，所以我的工作只包含它：要同时看到" {
		t.Errorf("the first Chinese line is %q", got[0])
	}
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}
