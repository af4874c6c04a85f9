package describe

import (
	"context"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/common"
)

// TestReadWaitIsTold: against the sandbox, with the account's budget of one
// request in two seconds spent, reading an item for its description waits, and
// says so at once (Context.Notify), naming the task the status line shows,
// before the item arrives.
func TestReadWaitIsTold(t *testing.T) {
	srv, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	budget, err := api.NewBudget(1, 2*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken), api.WithBudget(budget))
	items, err := client.List(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story, Filter: map[string][]string{"limit": {"1"}}})
	if err != nil || len(items) == 0 {
		t.Fatalf("%d stories: %v", len(items), err)
	}
	it := items[0]
	it.Kind = api.Story
	ctx := common.NewContext(client, true)
	told := make(chan common.RateWaitMsg, 8)
	ctx.Notify = func(msg tea.Msg) {
		if w, ok := msg.(common.RateWaitMsg); ok {
			told <- w
		}
	}
	if _, err := client.Count(context.Background(), 10022001, api.Bug, nil); err != nil { // spends the budget
		t.Fatal(err)
	}
	read := make(chan tea.Msg, 1)
	go func() { read <- Read(ctx, 10022001, it)() }()
	select {
	case w := <-told:
		if w.Task != "reading #"+it.ShortID() || w.Wait.Until.IsZero() {
			t.Errorf("the wait told is %+v; want the task reading #%s and until when", w, it.ShortID())
		}
	case msg := <-read:
		t.Fatalf("the read answered (%T) without telling it waited", msg)
	}
	if msg := (<-read).(ReadMsg); msg.err != nil || msg.item.ID != it.ID {
		t.Errorf("after the wait the read answered %+v", msg)
	}
}
