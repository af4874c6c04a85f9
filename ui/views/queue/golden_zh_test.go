package queue

import (
	"strings"
	"testing"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestQueueScreensInChinese draws the triage queue in Chinese at every
// size: its heading and counter, the card's field names in TAPD's words,
// a refused answer, the end with a failure and the empty queue, no line
// wider than the terminal.
func TestQueueScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	first := stories()[0].ID
	uitest.Goldens(t,
		queueCase("first_card_zh", stories(), nil, "1 / 3"),
		queueCase("failed_zh", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "b"), "失败："),
		queueCase("unknown_bug_priority_zh", bugs(), steps("9"), "按 1–5"),
		queueCase("end_with_a_failure_zh", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "1", "s"), "个未保存"),
		queueCase("empty_zh", nil, nil, "没有需要分诊"),
	)
}

// TestQueueWordsAreCatalogued walks the words the queue translates where
// it draws them: its keys' help, and the name, plural and heading of each
// field its answers set.
func TestQueueWordsAreCatalogued(t *testing.T) {
	var words []string
	for _, group := range DefaultKeyMap().FullHelp() {
		for _, b := range group {
			words = append(words, b.Help().Desc)
		}
	}
	for _, f := range []engine.Field{engine.Priority, engine.Status, engine.Owner, engine.Iteration} {
		m := New(uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 24), api.Story, nil, nil)
		m.AnswerField(f)
		n := m.fieldName()
		words = append(words, n, m.fieldPlural(), strings.ToUpper(n[:1])+n[1:])
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}
