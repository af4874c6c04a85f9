package queue

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/common"
)

// TestCardReadWaitIsTold: against the sandbox, with the account's budget of
// one request in two seconds spent, the queue's read of a card's whole item
// waits, and says so at once (Context.Notify), naming the task the status
// line shows, before the item arrives.
func TestCardReadWaitIsTold(t *testing.T) {
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
	items, err := client.List(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story})
	if err != nil || len(items) == 0 {
		t.Fatalf("%d stories: %v", len(items), err)
	}
	ctx := common.NewContext(client, true)
	ctx.Width, ctx.Height, ctx.WorkspaceID = 100, 30, 10022001
	told := make(chan common.RateWaitMsg, 8)
	ctx.Notify = func(msg tea.Msg) {
		if w, ok := msg.(common.RateWaitMsg); ok {
			told <- w
		}
	}
	m := New(ctx, api.Story, items[:1], options(api.Story))
	m.ReadWholeItems()
	if _, err := client.Count(context.Background(), 10022001, api.Bug, nil); err != nil { // spends the budget
		t.Fatal(err)
	}
	cmd := m.Init()
	read := make(chan tea.Msg, 1)
	go func() { read <- cmd() }()
	select {
	case w := <-told:
		if w.Task != "reading #"+api.ShortID(items[0].ID) || !strings.Contains(w.Text(time.Now()), "waits for the rate limit") {
			t.Errorf("the wait told is %+v; want the task reading #%s", w, api.ShortID(items[0].ID))
		}
	case msg := <-read:
		t.Fatalf("the card was read (%T) without telling it waited", msg)
	}
	if msg, ok := (<-read).(detailsMsg); !ok || msg.err != nil || msg.id != items[0].ID {
		t.Errorf("after the wait the read answered %+v", msg)
	}
}
