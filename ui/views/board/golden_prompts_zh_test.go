package board

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestBoardPromptsInChinese draws what the board opens over itself in
// Chinese at every size: the pickers' titles and choices, the bulk preview
// and its costs, the why composer, and a filter that cannot be read; no
// line is wider than the terminal though each Chinese rune takes two cells.
func TestBoardPromptsInChinese(t *testing.T) {
	uitest.InChinese(t)
	tests := []struct {
		name  string
		ready string
		keys  []string
	}{
		{"priority_picker_zh", "#1008 的优先级", []string{"p"}},
		{"owner_picker_zh", "#1008 的处理人", []string{"a"}},
		{"iteration_picker_zh", "#1008 的迭代", []string{"i"}},
		{"bulk_preview_zh", "y/enter 确认", []string{"space", "j", "space", "l", "space", "3"}},
		{"bulk_why_zh", "为什么修改这 3 项", []string{"space", "j", "space", "l", "space", "3", "c"}},
		{"filter_error_zh", "不是字段", []string{"/", "foo:bar"}},
		{"filter_time_error_zh", "不是时间", []string{"/", "created:soon"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := withReady(boardScreenRaw(t, tt.keys), uitest.Showing(tt.ready))
			uitest.Golden(t, func() common.Service { return newFakeService() }, sc)
		})
	}
}

// TestConflictQuestionInChinese asks keep mine or take theirs in Chinese,
// at 120×40 and 80×24, each line within the terminal's width.
func TestConflictQuestionInChinese(t *testing.T) {
	uitest.InChinese(t)
	const id = "1110022001000001008"
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = []error{errors.New("dial tcp: connection refused")}
			h := newHarness(t, svc, true, size[0], size[1]).load().keys("tab", "]")
			svc.setByOther(api.Bug, id, "low")
			h.flush()
			screen := h.m.View()
			for _, want := range []string{"其他人同时修改了它", "它的优先级现在是 低；你设置的是 紧急", "m 保留我的（紧急）· t 采用对方的（低）· esc 稍后"} {
				if !strings.Contains(screen, want) {
					t.Errorf("the conflict question lacks %q:\n%s", want, screen)
				}
			}
			uitest.CheckFits(t, screen, size[0], size[1])
			golden.RequireEqual(t, screen)
		})
	}
}
