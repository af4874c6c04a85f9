package history

import (
	"testing"

	"triage/store"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestHistoryScreensInChinese draws the history in Chinese at every size:
// the heading's counts, the column titles, the states and what each state
// means, steps of several changes, and the empty history, no line wider
// than the terminal.
func TestHistoryScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	edits, steps := stepped()
	uitest.Goldens(t,
		historyCase("session_zh", session(), nil, nil, "8 个修改"),
		historyCase("waiting_selected_zh", session(), nil, []string{"j", "j", "j", "j", "j", "j"}, "等待发送"),
		historyCase("conflict_selected_zh", session(), nil, []string{"G", "k", "k"}, "冲突："),
		historyCase("steps_zh", edits, steps, []string{"G"}, "3 步中的"),
		historyCase("empty_zh", nil, nil, nil, "本次会话还没有修改"),
	)
}

// TestHistoryWordsAreCatalogued walks the words the history translates
// where it draws them: its keys' help and the names of the fields a change
// writes.
func TestHistoryWordsAreCatalogued(t *testing.T) {
	var words []string
	for _, group := range DefaultKeyMap().FullHelp() {
		for _, b := range group {
			words = append(words, b.Help().Desc)
		}
	}
	for _, f := range store.Fields() {
		if namesItsField(f.Op) {
			words = append(words, string(f.Op))
		}
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}
