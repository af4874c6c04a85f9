package demo

import (
	"context"
	"errors"
	"strings"
	"testing"

	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// TestDemoProgressDrawsABar checks the line demo --items redraws while it
// builds the items.
func TestDemoProgressDrawsABar(t *testing.T) {
	var b strings.Builder
	draw := demoProgress(&b, 100000)
	for done := 1; done <= 4; done++ {
		draw(done, 4)
	}
	frames := strings.Split(b.String(), "\r")[1:]
	if len(frames) != 4 || !strings.Contains(frames[0], "Building 100000 items per workspace and kind") ||
		!strings.Contains(frames[0], strings.Repeat("█", 7)+strings.Repeat("░", 23)+"  1/4 sets") ||
		frames[3] != "Building 100000 items per workspace and kind  "+strings.Repeat("█", 30)+"  4/4 sets\n" {
		t.Errorf("progress frames %q", frames)
	}
}

// TestDemoProgressInChinese: the bar's words in Chinese, the bar as it is.
func TestDemoProgressInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	var b strings.Builder
	demoProgress(&b, 100)(2, 2)
	if want := "\r正在为每个项目和类型生成 100 个条目  " + strings.Repeat("█", 30) + "  2/2 组\n"; b.String() != want {
		t.Errorf("progress %q, want %q", b.String(), want)
	}
}

// TestRunRefusesNegativeItems: --items below zero is a usage error,
// before any service is built.
func TestRunRefusesNegativeItems(t *testing.T) {
	var out, errOut strings.Builder
	err := NewCmd(nil)(&wiring.Factory{Stdout: &out, Stderr: &errOut}, context.Background(), []string{"--items", "-1"})
	if !errors.Is(err, wiring.ErrUsage) || out.Len()+errOut.Len() > 0 {
		t.Errorf("error %v, printed %q %q", err, out.String(), errOut.String())
	}
}
