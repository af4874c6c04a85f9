package wiring

import (
	"testing"
	"time"

	"triage/api"
	"triage/ui/i18n"
)

// TestWaitTextSaysTheWait: the wait told on stderr is the api's own words
// in English, and in Chinese with the same seconds.
func TestWaitTextSaysTheWait(t *testing.T) {
	defer i18n.Use(i18n.Current())
	for _, tt := range []struct {
		wait api.Wait
		zh   string
	}{
		{api.Wait{Reason: api.WaitService, For: 44200 * time.Millisecond}, "服务要求等待 45s（速率限制）"},
		{api.Wait{Reason: api.WaitBudget, For: 3 * time.Second}, "速率限制的额度已用完，3s 后发送下一个请求"},
	} {
		i18n.Use(i18n.English)
		if got := WaitText(tt.wait); got != tt.wait.String() {
			t.Errorf("in English %q, want the api's %q", got, tt.wait.String())
		}
		i18n.Use(i18n.Chinese)
		if got := WaitText(tt.wait); got != tt.zh {
			t.Errorf("in Chinese %q, want %q", got, tt.zh)
		}
	}
}
