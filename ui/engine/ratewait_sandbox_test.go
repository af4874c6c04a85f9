package engine

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestWaitsForTheRateLimitAreTold: against the sandbox with its rate limit
// on, a load that the service asks to wait tells the program at once
// (Context.Notify) that "loading tasks" waits, until when and why; a bulk
// edit held by a wait the service asked for tells that its 2 edits wait.
// The engine's state is touched only by the test's goroutine once the
// work is over: the notice is a message, not a change of the model.
func TestWaitsForTheRateLimitAreTold(t *testing.T) {
	srv := sandboxtest.Start(t, sandbox.Options{Rate: 3, RateWindow: 4 * time.Second})
	budget, err := api.NewBudget(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	client := sandboxtest.DemoClient(srv, api.WithBudget(budget))
	ctx := demoContext(srv, client)
	ctx.Edits = uitest.NewEdits(t, client, srv.URL)
	told := make(chan common.RateWaitMsg, 64)
	ctx.Notify = func(msg tea.Msg) {
		if w, ok := msg.(common.RateWaitMsg); ok {
			select {
			case told <- w:
			default:
			}
		}
	}
	r := openedRig(t, ctx, 10022001)
	g := r.g
	background := context.Background()
	var stories []api.Item
	err = client.ListPages(background, api.ListRequest{WorkspaceID: 10022001, Kind: api.Story}, func(p api.Page) {
		for _, it := range p.Items {
			if it.PriorityLabel == "High" && len(stories) < 2 {
				it.Kind = api.Story
				stories = append(stories, it)
			}
		}
	})
	if err != nil || len(stories) < 2 {
		t.Fatalf("%d High stories: %v", len(stories), err)
	}
	spend := func() {
		for range 3 {
			if _, err := client.Count(background, 10022001, api.Bug, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	inBackground := func(cmd tea.Cmd) chan struct{} {
		done := make(chan struct{})
		go func() { defer close(done); r.run(cmd) }()
		return done
	}

	// first is the first wait told before the work is over.
	first := func(done chan struct{}) common.RateWaitMsg {
		t.Helper()
		select {
		case w := <-told:
			return w
		case <-done:
			t.Fatal("the work went without waiting")
		}
		return common.RateWaitMsg{}
	}

	spend()
	done := inBackground(g.Load(api.Task))
	w := first(done)
	if w.Task != "loading tasks" || w.Edits != 0 || w.Wait.Write || w.Wait.Reason != api.WaitService || w.Wait.For <= 0 {
		t.Errorf("the load told %+v; want loading tasks waiting for the service", w)
	}
	if got := w.Text(w.Wait.Until.Add(-w.Wait.For)); !regexp.MustCompile(`^loading tasks waits for the rate limit · [1-4]s$`).MatchString(got) {
		t.Errorf("the status line says %q", got)
	}
	<-done
	drain(told)

	g.SetFields(api.Story, uitest.PriorityFields(api.Story))
	if err := budget.Hold(time.Now().Add(2*time.Second), api.WaitService); err != nil {
		t.Fatal(err)
	}
	_, cmd := g.ApplyBulk(api.Story, "", Change{Item: stories[0], Field: Priority, To: "Low"}, Change{Item: stories[1], Field: Priority, To: "Low"})
	done = inBackground(cmd)
	w = first(done)
	if w.Task != "saving 2 stories" || w.Edits != 2 || w.Wait.For <= 0 {
		t.Errorf("the bulk edit told %+v; want its 2 edits waiting", w)
	}
	if got := common.EditsWaitText(w.Edits, w.Wait.Until, w.Wait.Until.Add(-1500*time.Millisecond)); got != "2 edits wait for the rate limit · next in 2s" {
		t.Errorf("the status line says %q", got)
	}
	<-done
	if said := strings.TrimSpace(r.said()); said != "2 moved" {
		t.Errorf("once the wait was over, said %q; want 2 moved", said)
	}
}

// drain empties ch of what it holds now.
func drain(ch chan common.RateWaitMsg) {
	for {
		select {
		case <-ch:
		default:
			return
		}
	}
}
