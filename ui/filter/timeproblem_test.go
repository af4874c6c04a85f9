package filter

import (
	"errors"
	"strings"
	"testing"
	"time"

	"triage/ui/i18n"
)

// TestTimeProblemsSpeakTheLanguageInUse: a created: or modified: value that
// is not a time says so in Chinese when Chinese is in use, errors.Is still
// knows the error, and every time problem is in both catalogues.
func TestTimeProblemsSpeakTheLanguageInUse(t *testing.T) {
	for _, err := range []error{ErrNotATime, ErrNotASpan, errBackwards, errNotPositive} {
		if missing := i18n.Missing(string(err.(timeProblem))); len(missing) > 0 {
			t.Errorf("%q is missing from the %v catalogue", err, missing)
		}
	}
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	if got := strings.Join(ParseAt("created:soon", "", now).Problems, "; "); !strings.HasPrefix(got, "created:soon 不是时间：") {
		t.Errorf("created:soon says %q, want that it is not a time, in Chinese", got)
	}
	if got := strings.Join(ParseAt("modified:2026-11-07..2026-11-01", "", now).Problems, "; "); !strings.Contains(got, "结束早于开始") {
		t.Errorf("a range backwards says %q, want it in Chinese", got)
	}
	_, err := ParseWhen("soon", now, time.UTC)
	if !errors.Is(err, ErrNotATime) || err.Error() != `"soon" 不是时间：请用 today、yesterday、星期几（monday）、时长（36h、3d）或日期（2026-11-20、2026-11-20 09:00）` {
		t.Errorf("ParseWhen(soon) = %v, want ErrNotATime in Chinese", err)
	}
	if got := strings.Join(ParseAt("foo:bar status:", "", now).Problems, "; "); !strings.Contains(got, "foo: 不是字段，按文本搜索") || !strings.Contains(got, "status: 需要一个值") {
		t.Errorf("an unknown field and a field without a value say %q, want them in Chinese", got)
	}
}
