package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/internal/uitest"
)

// lastStatus is the text of the last status message meant for the root.
func (h *harness) lastStatus() string {
	st := statuses(h.takeOut())
	if len(st) == 0 {
		return ""
	}
	if st[len(st)-1].Err != nil {
		return st[len(st)-1].Err.Error()
	}
	return st[len(st)-1].Text
}

// TestRefreshByDelta: once a board is loaded whole, r asks only what changed
// since its sync point: changed items move, new ones appear, nothing is
// listed again, the status says how many changed (or that the board is up
// to date), and the cache keeps the new sync point.
func TestRefreshByDelta(t *testing.T) {
	tests := []struct {
		name    string
		change  func(svc *fakeService)
		status  string
		changed []string // short ids marked •
		lists   int      // whole lists in all, the first load's included
		synced  string
	}{
		{"nothing changed", func(*fakeService) {}, "stories up to date", nil, 1, "2026-01-05 09:00:00"},
		{"one moved, one new", func(svc *fakeService) {
			s := svc.items[api.Story]
			s[2].PriorityLabel, s[2].Modified = "High", "2026-01-07 10:00:00"
			svc.items[api.Story] = append(s, api.Item{Kind: api.Story, ID: "1010022001000002006", Title: "Made by a colleague",
				PriorityLabel: "Middle", Created: "2026-01-07 10:00:05", Modified: "2026-01-07 10:00:05"})
		}, "refreshed: 2 stories changed since the last load (marked •)", []string{"2003", "2006"}, 1, "2026-01-07 10:00:05"},
		{"a change within the overlap", func(svc *fakeService) {
			svc.items[api.Story][4].PriorityLabel = "High" // modified at the sync point itself
		}, "refreshed: 1 story changed since the last load (marked •)", []string{"2005"}, 1, "2026-01-05 09:00:00"},
		{"one deleted: listed whole", func(svc *fakeService) {
			svc.items[api.Story] = slices.Delete(svc.items[api.Story], 1, 2)
		}, "", nil, 2, "2026-01-05 09:00:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			cache := &fakeCache{snaps: map[string]store.Snapshot{}}
			h := newHarness(t, svc, true, 120, 30)
			h.ctx.Cache = cache
			h.load()
			h.takeOut()
			svc.mu.Lock()
			tt.change(svc)
			want := slices.Clone(svc.items[api.Story])
			svc.mu.Unlock()

			h.keys("r")
			if svc.deltas != 1 || svc.lists != tt.lists {
				t.Errorf("refresh asked %d deltas and %d whole lists in all, want 1 and %d", svc.deltas, svc.lists, tt.lists)
			}
			d := h.m.sets[api.Story]
			if len(d.items) != len(want) {
				t.Fatalf("board holds %d stories, the service %d", len(d.items), len(want))
			}
			for _, it := range want {
				if got, wantCol := h.columnOf(api.Story, it.ShortID()), it.DisplayPriority(); got != wantCol {
					t.Errorf("#%s is in %q, want %q", it.ShortID(), got, wantCol)
				}
			}
			if got := h.lastStatus(); tt.status != "" && got != tt.status {
				t.Errorf("status %q, want %q", got, tt.status)
			}
			screen := h.screen()
			for _, id := range tt.changed {
				if !strings.Contains(screen, h.marked(api.Story, id, "•")) {
					t.Errorf("#%s not marked changed:\n%s", id, screen)
				}
			}
			if n := strings.Count(screen, "•"); n != len(tt.changed) {
				t.Errorf("%d cards marked changed, want %d:\n%s", n, len(tt.changed), screen)
			}
			snap, _ := cache.saved(api.Story)
			if snap.Synced != tt.synced || len(snap.Items) != len(want) {
				t.Errorf("cached %d stories with sync point %q, want %d and %q", len(snap.Items), snap.Synced, len(want), tt.synced)
			}
		})
	}
}

// TestStartRefreshesTheCacheByDelta: a cached board with a sync point is
// drawn at start and brought up to date by delta, without a whole list.
func TestStartRefreshesTheCacheByDelta(t *testing.T) {
	svc := newFakeService()
	cache := &fakeCache{snaps: map[string]store.Snapshot{}}
	h := newHarness(t, svc, true, 120, 30)
	h.ctx.Cache = cache
	items := slices.Clone(svc.items[api.Story])
	items[2].PriorityLabel, items[2].Modified = "High", "2026-01-02 08:00:00"
	cache.snaps[cacheKey(h.ctx.ServiceURL, "anyechen", testWS, api.Story)] = store.Snapshot{
		Items: items, Fields: uitest.PriorityFields(api.Story), SavedAt: uitest.Clock, Synced: "2026-01-02 09:00:00"}

	h.load()
	if svc.deltas != 1 || svc.lists != 0 {
		t.Errorf("start asked %d deltas and %d whole lists, want 1 and 0", svc.deltas, svc.lists)
	}
	if got := h.columnOf(api.Story, "2003"); got != "Low" {
		t.Errorf("#2003 is in %q, want Low (changed since the cache)", got)
	}
	if got := h.lastStatus(); got != "refreshed: 1 story changed since the board was cached (marked •)" {
		t.Errorf("status %q", got)
	}
	if len(h.m.Badges()) != 0 {
		t.Errorf("badges %q after the refresh", h.m.Badges())
	}
}

// TestRefreshKeepsWaitingEdits: an item changed by someone else while the
// user's edit of it waits is merged under the edit: the card shows the new
// title and keeps the waiting priority, and the edit's base is the new item.
func TestRefreshKeepsWaitingEdits(t *testing.T) {
	svc := newFakeService()
	svc.writeErrs = []error{errors.New("dial tcp 127.0.0.1:9: connection refused")}
	h := newHarness(t, svc, true, 80, 23).load().keys("tab")
	h.keys("]")
	h.takeOut()
	svc.mu.Lock()
	svc.items[api.Bug][7].Title, svc.items[api.Bug][7].Modified = "Renamed by a colleague", "2026-01-08 10:00:00"
	lists := svc.lists
	svc.mu.Unlock()

	h.keys("r")
	if svc.deltas != 1 || svc.lists != lists {
		t.Errorf("refresh asked %d deltas and %d whole lists, want 1 and none", svc.deltas, svc.lists-lists)
	}
	if got := h.columnOf(api.Bug, "1008"); got != "紧急" {
		t.Errorf("the waiting edit's card is in %q, want it kept in 紧急", got)
	}
	d := h.m.sets[api.Bug]
	i, _ := d.find("1110022001000001008")
	base, ok := h.m.eng.Base(api.Bug, "1110022001000001008")
	if d.items[i].Title != "Renamed by a colleague" || !ok || base.Title != "Renamed by a colleague" {
		t.Errorf("card %q, edit base %+v; want the colleague's title under the waiting edit", d.items[i].Title, base)
	}
	if got := h.lastStatus(); got != "bugs up to date" {
		t.Errorf("status %q: the edited card is not counted as changed by others", got)
	}
}
