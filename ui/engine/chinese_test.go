package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// inChinese makes Chinese the language of the test, English again after.
func inChinese(t *testing.T) {
	t.Helper()
	i18n.Use(i18n.Chinese)
	t.Cleanup(func() { i18n.Use(i18n.English) })
}

// TestNotesInChinese: with Chinese in use, the engine's notes (an undo, a
// redo with nothing left, the task of a load) say it in Chinese; the data
// of the service (the priority labels) stays as it is.
func TestNotesInChinese(t *testing.T) {
	inChinese(t)
	r := newRig(t)
	_, cmd := r.g.Apply(api.Story, Change{Item: r.story(2), Field: Priority, To: "Low"})
	r.run(cmd)
	if s := r.said(); !strings.Contains(s, "#2 High → Low") {
		t.Errorf("the change says %q", s)
	}
	r.run(r.g.Undo())
	if s := r.said(); !strings.Contains(s, "已撤销 #2: Low → High") {
		t.Errorf("u says %q, want 已撤销 #2: Low → High", s)
	}
	r.run(r.g.Redo())
	r.said()
	r.run(r.g.Redo())
	if s := r.said(); s != "没有可重做的：u 撤销修改，ctrl+r 重做\n" {
		t.Errorf("a second ctrl+r says %q", s)
	}
	if got := LoadTask(api.Bug); got != "正在加载缺陷" {
		t.Errorf("the load of bugs is named %q", got)
	}
	if got := countOf(3, api.Story); got != "3 个需求" {
		t.Errorf("3 stories are %q", got)
	}
}

// TestBadgesAndWaitsInChinese: the status line's badges (edits waiting,
// why they wait with the countdown to the next try, conflicts) and the
// rate limit's countdowns are in Chinese.
func TestBadgesAndWaitsInChinese(t *testing.T) {
	inChinese(t)
	r := newRig(t)
	now := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	r.g.Now = func() time.Time { return now }
	r.g.waiting, r.g.conflictCount = 4, 2
	r.g.rest = rest{until: now.Add(14 * time.Second), why: store.RestReason(&api.Error{Kind: api.ErrRateLimited})}
	want := []string{"4 个修改等待发送", "服务要求等待，14s 后重试", "2 个冲突"}
	if got := r.g.Badges(); !slices.Equal(got, want) {
		t.Errorf("badges %q, want %q", got, want)
	}
	wait := common.RateWaitMsg{Task: LoadTask(api.Task), Wait: api.Wait{Until: now.Add(26 * time.Second)}}
	if got := wait.Text(now); got != "正在加载任务 等待速率限制 · 26s" {
		t.Errorf("a load's wait says %q", got)
	}
	if got := common.EditsWaitText(4, now.Add(12*time.Second), now); got != "4 个修改等待速率限制 · 下一个 12s 后发送" {
		t.Errorf("the edits' wait says %q", got)
	}
	if got := common.EditsWaitText(1, now.Add(3*time.Second), now); got != "1 个修改等待速率限制 · 3s 后发送" {
		t.Errorf("one edit's wait says %q", got)
	}
}

// TestWordsNotWrittenAsLiteralsAreCatalogued: the messages the engine
// translates from values (the fields' names, none, why the sender rests)
// are in both catalogues, which the source scan cannot see.
func TestWordsNotWrittenAsLiteralsAreCatalogued(t *testing.T) {
	words := []string{NoneWord}
	for _, f := range store.Fields() {
		words = append(words, f.Name)
	}
	for _, kind := range []api.ErrorKind{api.ErrRateLimited, api.ErrServer, api.ErrNetwork, 0} {
		words = append(words, store.RestReason(&api.Error{Kind: kind}))
	}
	words = append(words, store.RestReason(errors.New("no kind")))
	for _, k := range api.Kinds {
		words = append(words, k.String(), k.Path())
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is missing from the %v catalogue", w, missing)
		}
	}
}
