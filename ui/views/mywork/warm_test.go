package mywork_test

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/engine/mine"
	"triage/ui/internal/uitest"
	"triage/ui/views/mywork"
)

// workService is a service of n workspaces whose to-dos it counts the reads
// of; the workspaces in refused answer 403, as to a browser login granted
// another one.
type workService struct {
	*uitest.Service
	spaces  []api.Workspace
	refused map[int64]bool
	perSet  int

	mu    sync.Mutex
	calls map[string]int
}

func newWorkService(n, perSet int, refused ...int64) *workService {
	w := &workService{Service: uitest.NewService(), refused: map[int64]bool{}, perSet: perSet, calls: map[string]int{}}
	names := []string{"Atlas Web", "星河移动", "Billing Legacy", "Harbor", "Lighthouse"}
	for i := range n {
		w.spaces = append(w.spaces, api.Workspace{ID: api.FlexString(strconv.Itoa(10022001 + i)), Name: api.FlexString(names[i%len(names)])})
	}
	for _, ws := range refused {
		w.refused[ws] = true
	}
	return w
}

func (w *workService) count(what string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.calls[what]++
	return nil
}

func (w *workService) take() map[string]int {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := w.calls
	w.calls = map[string]int{}
	return out
}

func (w *workService) Workspaces(context.Context, string) ([]api.Workspace, error) {
	return w.spaces, w.count("workspaces")
}

func (w *workService) Todos(_ context.Context, ws int64, kind api.Kind, user string, _ []string) ([]api.Item, error) {
	_ = w.count("todos")
	if w.refused[ws] {
		return nil, &api.Error{Kind: api.ErrForbidden, HTTPStatus: http.StatusForbidden, Info: fmt.Sprintf("access to workspace %d is not granted", ws)}
	}
	return todoItems(ws, kind, user, w.perSet), nil
}

func (w *workService) ModifiedSince(context.Context, int64, api.Kind, time.Time, []string) ([]api.Item, error) {
	return nil, w.count("changed")
}

func (w *workService) LastSteps(context.Context, int64, api.Kind) (map[string]string, error) {
	return map[string]string{"done": "Done"}, w.count("finals")
}

// todoItems are n open items of user of a kind in a workspace.
func todoItems(ws int64, kind api.Kind, user string, n int) []api.Item {
	labels := []string{"High", "Middle", "Low", "Nice To Have", ""}
	out := make([]api.Item, n)
	for i := range out {
		out[i] = api.Item{Kind: kind, ID: fmt.Sprintf("11%d%09d", ws, i+1), WorkspaceID: strconv.FormatInt(ws, 10),
			Title: fmt.Sprintf("%s %d of %d", kind, i+1, ws), PriorityLabel: labels[i%len(labels)], Status: "open",
			Owner: user + ";", Modified: fmt.Sprintf("2026-01-0%d 10:%02d:00", 1+i%5, i%60)}
	}
	return out
}

// warmCache is a cache holding my work of svc's workspaces, read saved ago,
// and each workspace's field information, read as long ago.
func warmCache(t testing.TB, svc *workService, ctx *common.Context, ago time.Duration) *store.Cache {
	cache := workCache(t, svc, ctx, ago)
	for _, w := range svc.spaces {
		ws, _ := strconv.ParseInt(string(w.ID), 10, 64)
		for _, k := range api.Kinds {
			if err := cache.KeepFieldInfo(ctx.ServiceURL, ctx.User, ws, k, statusFields(ws), ctx.Clock().Add(-ago)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return cache
}

// workCache is a cache holding my work of svc's workspaces, read saved ago.
func workCache(t testing.TB, svc *workService, ctx *common.Context, ago time.Duration) *store.Cache {
	cache, err := store.OpenCache(filepath.Join(t.TempDir(), "cache.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cache.Close() })
	work, err := mine.Refresh(context.Background(), svc, ctx.User, store.Todos{}, mine.Read{}, ctx.Clock().Add(-ago))
	if err != nil {
		t.Fatal(err)
	}
	if err := cache.SaveTodos(ctx.ServiceURL, ctx.User, work); err != nil {
		t.Fatal(err)
	}
	svc.take()
	return cache
}

// open makes the view over svc with cache, as W does.
func open(svc *workService, cache *store.Cache) (*mywork.Model, *common.Context) {
	ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 120, 40)
	if cache != nil {
		ctx.Cache = cache
	}
	return mywork.New(ctx, engine.New(ctx)), ctx
}

// TestWarmOpenAcrossFiveWorkspaces: my work of five workspaces cached five
// minutes ago is drawn at once, saying how fresh it is, and refreshed in
// the background with one request per workspace and kind (what changed):
// no workspace list (read within the day), no to-do list and no workflow
// is read again.
// Opened again at once, it reads nothing.
func TestWarmOpenAcrossFiveWorkspaces(t *testing.T) {
	svc := newWorkService(5, 40)
	ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 120, 40)
	cache := warmCache(t, svc, ctx, 5*time.Minute)
	v, _ := open(svc, cache)
	d := uitest.NewViewDriver(t, v)
	d.Run(v.Init())
	d.Until("the cache is drawn", func() bool { return strings.Contains(v.View(), "600 items in 5 workspaces") })
	d.Until("the refresh is cached", func() bool { return seen(d, "savedMsg") == 1 })
	if !strings.Contains(v.View(), "600 items in 5 workspaces · by workspace · updated just now") {
		t.Errorf("after the refresh the title is not fresh:\n%s", v.View())
	}
	if got := svc.take(); got["workspaces"] != 0 || got["changed"] != 15 || got["todos"] != 0 || got["finals"] != 0 {
		t.Errorf("a warm open of 5 workspaces asked %v, want 15 changed (one per workspace and kind), nothing else", got)
	}
	if n := seen(d, "cachedMsg"); n != 1 {
		t.Errorf("the cache was read %d times, want once", n)
	}

	again, _ := open(svc, cache)
	d = uitest.NewViewDriver(t, again)
	d.Run(again.Init())
	d.Until("the cache is drawn", func() bool {
		return strings.Contains(again.View(), "600 items in 5 workspaces · by workspace · updated just now")
	})
	d.Settle()
	if got := svc.take(); len(got) != 0 {
		t.Errorf("opened again at once, my work asked %v, want nothing", got)
	}
}

// seen counts the messages the view took of a type, by its name.
func seen(d *uitest.Driver, name string) int {
	n := 0
	for _, msg := range d.Seen {
		if strings.HasSuffix(fmt.Sprintf("%T", msg), "."+name) {
			n++
		}
	}
	return n
}

// TestOneWorkspaceLoginSaysSo: with a login that reaches Atlas Web only
// (the others answer 403, as to a browser login), my work holds only it
// and says how to reach the others.
func TestOneWorkspaceLoginSaysSo(t *testing.T) {
	svc := newWorkService(3, 4, 10022002, 10022003)
	v, _ := open(svc, nil)
	d := uitest.NewViewDriver(t, v)
	d.Run(v.Init())
	d.Until("my work is read", func() bool { return strings.Contains(v.View(), "updated just now") })
	screen := strings.Join(strings.Fields(ansi.Strip(v.View())), " ")
	for _, want := range []string{
		"My work · 12 items in 1 workspace",
		"This login reaches Atlas Web only, so my work holds only it: to see 星河移动, Billing Legacy too, log in with a personal access token (triage login --token) or authorize it (triage login --web).",
		"Atlas Web (12)",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
}

// BenchmarkOpenFromWarmCache opens my work of five workspaces (3 kinds,
// 150 items each: 2,250 cards) from a fresh cache: read and decode the
// cache, group the cards, draw the first screen. No request is made.
func BenchmarkOpenFromWarmCache(b *testing.B) {
	svc := newWorkService(5, 150)
	ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 120, 40)
	cache := warmCache(b, svc, ctx, 0)
	b.ReportAllocs()
	for b.Loop() {
		v, _ := open(svc, cache)
		msg := v.Init()()
		v.Update(msg)
		if !strings.Contains(v.View(), "2,250 items in 5 workspaces") {
			b.Fatal(v.View())
		}
	}
	if got := svc.take(); len(got) != 0 {
		b.Fatalf("opening from a fresh cache asked %v", got)
	}
}
