package ui

import (
	"testing"

	"triage/ui/i18n"
)

// TestRootSpeaksChinese: the quit question and the wait for the edits on
// their way are asked in Chinese when Chinese is in use.
func TestRootSpeaksChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	for state, want := range map[quitState]string{
		quitAsked:   "w：等待发送中的修改后退出 · q：立即退出，修改会保留 · 其他键：不退出",
		quitWaiting: "正在等待发送中的修改，然后退出 · q 立即退出",
	} {
		m := &Model{quitting: state}
		if got := m.quitQuestion(); got != want {
			t.Errorf("quit state %d asks %q, want %q", state, got, want)
		}
	}
}
