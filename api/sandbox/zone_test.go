package sandbox

import (
	"net/url"
	"testing"
	"time"
)

// TestTheServiceDayIsChinas: at 17:50 UTC on 26 November it is already
// 01:50 on 27 November in Asia/Shanghai; the service writes times and
// dates its sprints by the Chinese day, so the current sprint starts on
// the 27th and the write's modified time is the Chinese one.
func TestTheServiceDayIsChinas(t *testing.T) {
	now := time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC)
	run, err := Start(Options{Clock: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = run.Close() })
	h := &harness{t: t, run: run, demo: run.Server.Demo()}

	var its []struct {
		Iteration struct{ Name, Status, StartDate, EndDate string } `json:"Iteration"`
	}
	h.do(request{path: "/iterations", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"200"}}}).wantOK(t, &its)
	holding := ""
	for _, it := range its {
		x := it.Iteration
		if x.Status == "open" && x.StartDate <= "2026-11-27" && "2026-11-27" <= x.EndDate {
			holding = x.Name + " from " + x.StartDate
		}
	}
	if holding != "Sprint 6 from 2026-11-27" {
		t.Errorf("the open iteration holding 2026-11-27, the service's today, is %q, want Sprint 6, starting that day: %+v", holding, its)
	}

	var stories []struct{ Story struct{ ID string } }
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"1"}}}).wantOK(t, &stories)
	it := writeStory(t, h, url.Values{"id": {stories[0].Story.ID}, "name": {"renamed at night"}})
	if it.Modified != "2026-11-27 01:50:00" {
		t.Errorf("modified = %q, want 2026-11-27 01:50:00 (Asia/Shanghai)", it.Modified)
	}
}
