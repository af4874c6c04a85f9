package board

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// fakeCache is common.Cache in memory.
type fakeCache struct {
	mu      sync.Mutex
	snaps   map[string]store.Snapshot
	loadErr error
	saves   int
}

func cacheKey(service, user string, ws int64, kind api.Kind) string {
	return strings.Join([]string{service, user, kind.String()}, "|")
}

func (c *fakeCache) Load(service, user string, ws int64, kind api.Kind) (store.Snapshot, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.loadErr != nil {
		return store.Snapshot{}, false, c.loadErr
	}
	s, ok := c.snaps[cacheKey(service, user, ws, kind)]
	return s, ok, nil
}

func (c *fakeCache) SaveEncoded(service, user string, ws int64, kind api.Kind, e store.Encoded) error {
	snap, err := e.Decode()
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.saves++
	c.snaps[cacheKey(service, user, ws, kind)] = snap
	return nil
}

func (c *fakeCache) saved(kind api.Kind) (store.Snapshot, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.snaps[cacheKey("http://127.0.0.1:8080", "anyechen", testWS, kind)], c.saves
}

// staleStories is the stories board as cached three hours ago: #2003 was
// High then, #2005 did not exist, and #2999 has gone since.
func staleStories(svc *fakeService) store.Snapshot {
	items := slices.Clone(svc.items[api.Story][:4])
	items[2].PriorityLabel, items[2].Modified = "High", "2026-01-02 08:00:00"
	items = append(items, api.Item{Kind: api.Story, ID: "1010022001000002999", Title: "Deleted since", PriorityLabel: "Low"})
	return store.Snapshot{Items: items, Fields: uitest.PriorityFields(api.Story), SavedAt: uitest.Clock.Add(-3 * time.Hour)}
}

// collect runs a command and returns its messages without giving them to the board.
func (h *harness) collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, h.collect(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}

// loadCachedFirst starts the load, gives the board the cached board first
// and returns the service's answers, not yet given (a cached board without
// a sync point is listed once it is read: its answers are held too).
func (h *harness) loadCachedFirst() []tea.Msg {
	var rest []tea.Msg
	for _, msg := range h.collect(h.m.openWorkspace(testWS)) {
		if _, ok := msg.(engine.CachedMsg); !ok {
			rest = append(rest, msg)
			continue
		}
		cmd, _ := h.m.eng.Update(msg)
		for _, then := range h.collect(cmd) {
			switch then.(type) {
			case engine.ChangedMsg:
				h.send(then)
			case common.StatusMsg:
				h.out = append(h.out, then)
			default:
				rest = append(rest, then)
			}
		}
	}
	return rest
}

// TestStaleCache: the cached board is drawn before the service answers,
// marked stale with its age; the refresh then replaces it, highlights what
// changed meanwhile until the next key, and is cached in turn.
func TestStaleCache(t *testing.T) {
	svc := newFakeService()
	cache := &fakeCache{snaps: map[string]store.Snapshot{}}
	h := newHarness(t, svc, true, 150, 30) // wide enough for all five columns
	h.ctx.Cache = cache
	cache.snaps[cacheKey(h.ctx.ServiceURL, "anyechen", testWS, api.Story)] = staleStories(svc)

	rest := h.loadCachedFirst()
	if got := h.columnOf(api.Story, "2003"); got != "High" {
		t.Errorf("before the service answers #2003 is in %q, want High (cached)", got)
	}
	if !strings.Contains(h.screen(), "Deleted since") {
		t.Errorf("the cached board is not drawn:\n%s", h.screen())
	}
	if b := h.m.Badges(); !slices.Equal(b, []string{"cached 3h ago · refreshing"}) {
		t.Errorf("badges %q, want the cached board's age, refreshing", b)
	}

	h.send(rest...)
	if got := h.columnOf(api.Story, "2003"); got != "Low" {
		t.Errorf("after the refresh #2003 is in %q, want Low", got)
	}
	screen := h.screen()
	if strings.Contains(screen, "#2999") || !strings.Contains(screen, "#2005") {
		t.Errorf("the refreshed board still shows the cached one:\n%s", screen)
	}
	for _, want := range []string{h.marked(api.Story, "2003", "•"), h.marked(api.Story, "2005", "•")} {
		if !strings.Contains(screen, want) {
			t.Errorf("changed item not highlighted (%s):\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "•#2001") || len(h.m.Badges()) != 0 {
		t.Errorf("unchanged #2001 highlighted, or badges %q left:\n%s", h.m.Badges(), screen)
	}
	st := statuses(h.takeOut())
	if len(st) == 0 || st[len(st)-1].Text != "refreshed: 2 stories changed since the board was cached (marked •)" {
		t.Errorf("status %v", st)
	}
	snap, saves := cache.saved(api.Story)
	if saves != 1 || len(snap.Items) != 5 || snap.Items[2].PriorityLabel != "Low" || snap.Fields == nil {
		t.Errorf("cached after the load: %d saves, %d items; want the 5 fresh ones", saves, len(snap.Items))
	}

	h.keys("j")
	if strings.Contains(h.screen(), "•#") {
		t.Errorf("highlights kept after a key:\n%s", h.screen())
	}
}

// TestCacheMissesAndFailures: without a cached board, or with an
// unreadable one, the board fills from the service; offline, the cached
// board stays, marked stale, with the reason.
func TestCacheMissesAndFailures(t *testing.T) {
	tests := []struct {
		name    string
		cached  bool
		loadErr error
		listErr error
		column  string // of #2003 once the service answered
		badges  []string
		status  string
	}{
		{"miss", false, nil, nil, "Low", nil, ""},
		{"unreadable entry", false, errors.New("cached stories of workspace 10022001 are unreadable, loading them from the service"), nil, "Low", nil, "are unreadable"},
		{"offline", true, nil, errors.New("dial tcp 127.0.0.1:8080: connection refused"), "High", []string{"cached 3h ago"}, "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.listErr = tt.listErr
			cache := &fakeCache{snaps: map[string]store.Snapshot{}, loadErr: tt.loadErr}
			if tt.cached {
				cache.snaps[cacheKey("http://127.0.0.1:8080", "anyechen", testWS, api.Story)] = staleStories(svc)
			}
			h := newHarness(t, svc, true, 120, 30)
			h.ctx.Cache = cache
			h.send(h.loadCachedFirst()...)
			if got := h.columnOf(api.Story, "2003"); got != tt.column {
				t.Errorf("#2003 is in %q, want %q", got, tt.column)
			}
			if b := h.m.Badges(); !slices.Equal(b, tt.badges) {
				t.Errorf("badges %q, want %q", b, tt.badges)
			}
			st := statuses(h.takeOut())
			if tt.status != "" && (len(st) == 0 || st[0].Err == nil || !strings.Contains(st[0].Err.Error(), tt.status)) {
				t.Errorf("status %v, want %q", st, tt.status)
			}
		})
	}
}
