package dialog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// TestOutputInChinese: a program's output box says in Chinese how many
// lines came before and how it closes, and fits an 80-cell view.
func TestOutputInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	var out strings.Builder
	for n := range 25 {
		fmt.Fprintf(&out, "line %d\n", n)
	}
	b := Output("部署", out.String())
	if b.Lines[0] != "（前面还有 5 行）" || b.Hint != "按任意键关闭" {
		t.Errorf("the box says %q … %q", b.Lines[0], b.Hint)
	}
	for _, l := range strings.Split(b.View(common.NewStyles(true, true), 80), "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line is %d cells: %q", w, l)
		}
	}
}
