package engine

import (
	"context"
	"testing"
	"time"

	"triage/api"
	"triage/ui/internal/uitest"
)

// lastStepsService is a service whose workflows name their final statuses,
// counting the reads.
type lastStepsService struct {
	*uitest.Service
	reads int
}

func (s *lastStepsService) LastSteps(context.Context, int64, api.Kind) (map[string]string, error) {
	s.reads++
	return map[string]string{"closed": "Closed", "status_9": "Won't do"}, nil
}

// TestFinalsAreKeptForADay: the final statuses of a kind are read once and
// kept with the reference data: an engine started again within a day
// knows them without a request, one started a day later reads them again.
func TestFinalsAreKeptForADay(t *testing.T) {
	cache := tempCache(t)
	svc := &lastStepsService{Service: uitest.NewService()}
	now := uitest.Clock
	start := func() (*Engine, *rig) {
		ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 80, 24)
		ctx.Cache, ctx.User = cache, "demo"
		ctx.Now = func() time.Time { return now }
		r := openedRig(t, ctx, 10022001)
		return r.g, r
	}

	g, r := start()
	if _, known, read := g.Finals(api.Bug); known || read == nil {
		t.Fatal("the final statuses were known before any read")
	}
	_, _, read := g.Finals(api.Bug)
	r.run(read)
	if f, known, _ := g.Finals(api.Bug); !known || !f["status_9"] || f["resolved"] || svc.reads != 1 {
		t.Fatalf("after the read: %v known %v, %d reads", f, known, svc.reads)
	}

	now = now.Add(23 * time.Hour)
	g, _ = start()
	if f, known, read := g.Finals(api.Bug); !known || read != nil || !f["status_9"] || svc.reads != 1 {
		t.Errorf("started again within a day: %v known %v, %d reads; want the kept ones, no read", f, known, svc.reads)
	}

	now = now.Add(2 * time.Hour)
	g, _ = start()
	if _, known, read := g.Finals(api.Bug); known || read == nil {
		t.Errorf("started again a day later, the final statuses were not read again")
	}
}
