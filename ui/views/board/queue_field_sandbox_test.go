package board

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
	"triage/ui/views/queue"
)

// TestQueueWalksItemsWithoutAnOwner against the sandbox: grouped by owner,
// t on the No owner column walks the open stories without an owner; a
// number sets the owner of the card shown, with the why written after c
// sent as a comment after the change, once.
func TestQueueWalksItemsWithoutAnOwner(t *testing.T) {
	m, client, base := sandboxBoard(t)
	_, cmd := m.Update(uitest.Key("b"))
	firstFrame(base, m, cmd, func(m *Model) bool { _, known := m.eng.NextSteps(api.Story, "planning", nil); return known })
	_, cmd = m.Update(uitest.Key("b"))
	firstFrame(base, m, cmd, func(m *Model) bool { return m.cur().groupField() == engine.Owner })
	for range 3 {
		m.Update(uitest.Key("h"))
	}
	d := m.cur()
	if d.cols[d.cur].key != "" {
		t.Fatalf("the cursor is on %q, want No owner", d.cols[d.cur].label)
	}
	_, cmd = m.Update(uitest.Key("t"))
	var open common.OpenQueueMsg
	catch(base, m, cmd, func(msg tea.Msg) bool { o, ok := msg.(common.OpenQueueMsg); open = o; return ok })
	if open.Field != string(engine.Owner) || len(open.Items) == 0 {
		t.Fatalf("t opened a queue of %d items answering %q", len(open.Items), open.Field)
	}
	final := engine.DefaultFinals()
	for _, it := range open.Items {
		if it.Owner != "" || final[it.Status] {
			t.Fatalf("the queue walks #%s, owned by %q, %s", it.ShortID(), it.Owner, it.Status)
		}
	}

	q := queue.New(m.ctx, api.Story, open.Items, open.Options)
	q.SetFieldLabels(open.Fields)
	q.AnswerField(engine.Field(open.Field))
	q.SetSize(120, 40)
	for _, k := range uitest.Keys("c", "w", "h", "y", "enter") {
		q.Update(k)
	}
	screen := ansi.Strip(q.View())
	if !strings.Contains(screen, "Owner") || !strings.Contains(screen, "why, sent after the next answer: why") {
		t.Fatalf("the queue's card:\n%s", screen)
	}
	first := open.Items[0]
	nick := open.Options[1].Value
	_, cmd = q.Update(uitest.Key("2"))
	answer, ok := cmd().(queue.AnswerMsg)
	if !ok || answer.Field != engine.Owner || answer.Value != nick || answer.Why != "<p>why</p>" {
		t.Fatalf("2 answered %+v", answer)
	}
	next, _ := m.eng.Update(answer)
	firstFrame(base, m, next, func(m *Model) bool { return !m.eng.Editing() })
	got, err := client.Get(base, 10022001, api.Story, first.ID)
	if err != nil || store.JoinOwners(store.Owners(got.Owner)) != nick+";" {
		t.Fatalf("#%s is owned by %q on the service, %v; want %s", first.ShortID(), got.Owner, err, nick)
	}
	comments, err := client.Comments(base, 10022001, api.Story, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, cm := range comments {
		if cm.Description == "<p>why</p>" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the why is on #%s %d times, want once", first.ShortID(), n)
	}
}

// catch runs a board as firstFrame does until a message satisfies want.
func catch(ctx context.Context, m *Model, cmd tea.Cmd, want func(tea.Msg) bool) {
	msgs := make(chan tea.Msg, 64)
	run := func(c tea.Cmd) {
		if c != nil {
			go func() {
				select {
				case msgs <- c():
				case <-ctx.Done():
				}
			}()
		}
	}
	run(cmd)
	for msg := range msgs {
		if want(msg) {
			return
		}
		switch msg := msg.(type) {
		case nil, common.StatusMsg:
			continue
		case tea.BatchMsg:
			for _, c := range msg {
				run(c)
			}
			continue
		}
		next, ok := m.eng.Update(msg)
		if !ok {
			_, next = m.Update(msg)
		}
		run(next)
	}
}
