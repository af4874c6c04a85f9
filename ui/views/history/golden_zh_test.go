package history

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestHistoryScreensInChinese draws the history in Chinese at every size:
// the heading's counts, the column titles, the states and what each state
// means, steps of several changes, and the empty history, no line wider
// than the terminal.
func TestHistoryScreensInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	edits, steps := stepped()
	tests := []struct {
		name  string
		edits []store.Edit
		steps []engine.Step
		keys  []string
		ready string
	}{
		{"session_zh", session(), nil, nil, "8 个修改"},
		{"waiting_selected_zh", session(), nil, []string{"j", "j", "j", "j", "j", "j"}, "等待发送"},
		{"conflict_selected_zh", session(), nil, []string{"G", "k", "k"}, "冲突："},
		{"steps_zh", edits, steps, []string{"G"}, "3 步中的"},
		{"empty_zh", nil, nil, nil, "本次会话还没有修改"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service { return uitest.NewService() }, uitest.Screen{
				Build: func(ctx *common.Context) tea.Model {
					m := New(ctx, tt.edits)
					m.SetTitles(titles)
					if tt.steps != nil {
						m.SetSteps(tt.steps)
					}
					return uitest.NewHost(m)
				},
				Drive: func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(tt.keys...)...) },
				Ready: func(s string) bool { return strings.Contains(s, tt.ready) },
			})
		})
	}
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
