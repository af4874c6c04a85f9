package board

import (
	"regexp"
	"slices"
	"testing"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
	"triage/ui/views/board/fieldflow"
	"triage/ui/views/board/sortkey"
)

// bugsListed is the information line once the bugs are loaded, where the
// tab's "缺陷 11" shows the count as soon as it is read.
var bugsListed = regexp.MustCompile(`未筛选\s+缺陷 11`)

// TestBoardScreensInChinese draws the board in Chinese at every size: its
// tabs, information line, column titles and help line in TAPD's words, and
// no line wider than the terminal though each Chinese rune takes two cells.
func TestBoardScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	tests := []struct {
		name  string
		ready *regexp.Regexp
		keys  []string
	}{
		{"columns_zh", regexp.MustCompile(`[▶▌]\s*导出 Excel`), []string{"l", "l", "j"}}, // the cursor on #1003
		{"list_zh", regexp.MustCompile("按"), []string{"v"}},
		{"filtered_zh", regexp.MustCompile("/ 王"), []string{"/", "王"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc := withReady(boardScreenLoaded(t, bugsListed.MatchString, tt.keys), tt.ready.MatchString)
			uitest.Golden(t, func() common.Service { return newFakeService() }, sc)
		})
	}
}

// TestBoardWordsAreCatalogued walks the words the board translates where
// it draws them: the kinds' names, the sort keys, the titles of the columns
// of items without a value, the fields' names and labels, the list's
// headings, the marks' hint, none and the modes a saved view names.
func TestBoardWordsAreCatalogued(t *testing.T) {
	var words []string
	for _, k := range api.Kinds {
		words = append(words, k.Plural(), k.Path(), k.String())
	}
	for k := sortkey.Key(0); k < sortkey.Count; k++ {
		words = append(words, k.String())
	}
	for _, f := range []engine.Field{engine.Priority, engine.Status, engine.Owner, engine.Iteration} {
		words = append(words, noneHeader(f))
	}
	for _, spec := range store.Fields() {
		words = append(words, spec.Name, spec.Label)
	}
	words = append(words, markHint, noneWord, fieldflow.NoneTitle, "columns", "list", "creator", "reporter")
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}

// TestCacheBadgeInChinese: a cached board's badge on the status line says
// its age in Chinese while it refreshes.
func TestCacheBadgeInChinese(t *testing.T) {
	uitest.InChinese(t)
	svc := newFakeService()
	cache := &fakeCache{snaps: map[string]store.Snapshot{}}
	h := newHarness(t, svc, true, 150, 30)
	h.ctx.Cache = cache
	cache.snaps[cacheKey(h.ctx.ServiceURL, "anyechen", testWS, api.Story)] = staleStories(svc)
	h.loadCachedFirst()
	if b := h.m.Badges(); !slices.Equal(b, []string{"缓存：3 小时前 · 正在刷新"}) {
		t.Errorf("badges %q, want the cached board's age, refreshing, in Chinese", b)
	}
	if got := age(72 * time.Hour); got != "3 天前" {
		t.Errorf("three days in Chinese: %q", got)
	}
}
