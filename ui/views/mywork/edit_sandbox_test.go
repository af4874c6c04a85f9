package mywork_test

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
	"triage/ui/views/mywork"
)

// rig is my work over the engine the board edits with, as the root drives
// them: the engine takes its own messages first.
type rig struct {
	eng *engine.Engine
	v   *mywork.Model
}

func (r *rig) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := r.eng.Update(msg); ok {
		return cmd
	}
	_, cmd := r.v.Update(msg)
	return cmd
}

// openMyWork starts the sandbox and opens my work as demo, with the engine
// on Atlas Web (10022001) as the board leaves it, a real outbox and a
// cache; it returns once the work is read.
func openMyWork(t *testing.T) (*rig, *uitest.Driver, *api.Client, *common.Context) {
	t.Helper()
	srv, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken))
	ctx := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
	ctx.Base, ctx.ServiceURL, ctx.User = context.Background(), srv.URL, "demo"
	ctx.Edits = uitest.NewEdits(t, client, srv.URL)
	ctx.Workspace = api.Workspace{ID: "10022001", Name: "Atlas Web"}
	eng := engine.New(ctx)
	eng.After = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	r := &rig{eng: eng, v: mywork.New(ctx, eng)}
	d := uitest.NewDriver(t, r)
	d.Run(eng.Open(10022001), r.v.Init())
	d.Until("my work is read", func() bool { return strings.Contains(r.v.View(), "718 items in 3 workspaces") })
	return r, d, client, ctx
}

// cursorLine is the line of the card under the cursor.
func cursorLine(v *mywork.Model, mark string) string {
	for l := range strings.SplitSeq(v.View(), "\n") {
		if strings.Contains(l, mark) {
			return l
		}
	}
	return ""
}

// TestEditGoesToTheItemsWorkspace: with the board on Atlas Web, ] on a
// story of 星河移动 (10022002) in my work changes that story in 星河移动,
// through the outbox (its edit names 星河移动), and u puts it back; ctrl+r
// makes the change again, in 星河移动 too.
func TestEditGoesToTheItemsWorkspace(t *testing.T) {
	r, d, client, ctx := openMyWork(t)
	short, id := selectCard(t, r, d, ctx.Styles.Marks.Cursor, "星河移动", "story", 1)
	read := func() string {
		it, err := client.Get(context.Background(), 10022002, api.Story, id)
		if err != nil {
			t.Fatal(err)
		}
		return it.PriorityLabel
	}
	was := read()
	lastEdit := func() store.Edit {
		h, err := ctx.Edits.History(ctx.Session)
		if err != nil || len(h) == 0 {
			t.Fatalf("the outbox holds no edit of this session (%v)", err)
		}
		return h[len(h)-1]
	}

	d.Press("]")
	d.Until("the story's priority changes in 星河移动", func() bool { return read() != was })
	moved := read()
	if e := lastEdit(); e.WorkspaceID != 10022002 || e.WorkspaceName != "星河移动" || e.ItemID != id || e.From != was || e.To != moved {
		t.Errorf("the outbox's edit: workspace %d %q, item %s, %q → %q; want 10022002 星河移动, %s, %q → %q",
			e.WorkspaceID, e.WorkspaceName, e.ItemID, e.From, e.To, id, was, moved)
	}
	if _, err := client.Get(context.Background(), 10022001, api.Story, id); err == nil {
		t.Errorf("story %s is found in Atlas Web too", id)
	}

	d.Until("the engine has the service's answer", func() bool { return !r.eng.OnTheirWay() })
	d.Press("u")
	d.Until("u puts the priority back in 星河移动", func() bool { return read() == was })
	if e := lastEdit(); e.WorkspaceID != 10022002 || e.To != was {
		t.Errorf("the undo's edit: workspace %d, to %q; want 10022002, %q", e.WorkspaceID, e.To, was)
	}
	if !strings.Contains(cardOf(r.v, "星河移动", "#"+short+" "), was) {
		t.Errorf("after u, the card does not show %q:\n%s", was, cardOf(r.v, "星河移动", "#"+short+" "))
	}

	d.Until("the engine has the undo's answer", func() bool { return !r.eng.OnTheirWay() })
	d.Press("ctrl+r")
	d.Until("ctrl+r makes the change again in 星河移动", func() bool { return read() == moved })
	if e := lastEdit(); e.WorkspaceID != 10022002 || e.To != moved {
		t.Errorf("the redo's edit: workspace %d, to %q; want 10022002, %q", e.WorkspaceID, e.To, moved)
	}
}

// cardOf is the line of the view that holds text, of a card of workspace.
func cardOf(v *mywork.Model, workspace, text string) string {
	for l := range strings.SplitSeq(v.View(), "\n") {
		if strings.Contains(l, text) && strings.Contains(l, workspace) {
			return l
		}
	}
	return ""
}
