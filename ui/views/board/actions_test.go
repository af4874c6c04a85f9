package board

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
)

func TestSaveItem(t *testing.T) {
	const id = "1110022001000001002"
	tests := []struct {
		name     string
		title    string
		label    string
		errs     []error
		writes   []string
		column   string
		newTitle string
		failed   bool
	}{
		{"title only", "Payment callback retries (fixed)", "high", nil,
			[]string{"update " + id + " title=Payment callback retries (fixed)"}, "高", "Payment callback retries (fixed)", false},
		{"priority only", "Payment callback retries forever", "low", nil,
			[]string{"priority " + id + "=low"}, "低", "Payment callback retries forever", false},
		{"both", "回调重试", "urgent", nil,
			[]string{"update " + id + " title=回调重试", "priority " + id + "=urgent"}, "紧急", "回调重试", false},
		{"nothing changed", "Payment callback retries forever", "high", nil, nil, "高", "Payment callback retries forever", false},
		{"title refused: it goes back, the priority is saved", "回调重试", "urgent", []error{&api.Error{Kind: api.ErrValidation, Op: "update bug", Info: "title too long"}},
			[]string{"update " + id + " title=回调重试", "priority " + id + "=urgent"}, "紧急", "Payment callback retries forever", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = tt.errs
			h := newHarness(t, svc, false, 80, 23).load().keys("tab")
			d := h.m.sets[api.Bug]
			orig := d.items[must(d.find(id))]
			h.send(common.SaveItemMsg{Kind: api.Bug, ID: id, Title: tt.title, PriorityLabel: tt.label, Original: orig})
			if !slices.Equal(svc.writes, tt.writes) {
				t.Errorf("writes %q, want %q", svc.writes, tt.writes)
			}
			it := d.items[must(d.find(id))]
			if got := h.columnOf(api.Bug, "1002"); got != tt.column || it.Title != tt.newTitle {
				t.Errorf("item in %q titled %q, want %q titled %q", got, it.Title, tt.column, tt.newTitle)
			}
			if st, ok := h.m.eng.State(api.Bug, id); ok != tt.failed || (ok && st != engine.Failed) {
				t.Errorf("edit kept %v (%+v), want kept as failed: %v", ok, st, tt.failed)
			}
		})
	}
}

func TestCreateItem(t *testing.T) {
	tests := []struct {
		name    string
		errs    []error
		appears bool
		retry   bool
		status  string
		creates int
	}{
		{"appears once confirmed", nil, true, false, "created #9001 新的缺陷", 1},
		{"refused: R sends it again", []error{&api.Error{Kind: api.ErrValidation, Op: "create bug", Info: "title too long"}}, false, true, "press R to try again", 2},
		{"may have been created: checked, then sent again", []error{maybeApplied(t)}, false, true, "waits to be created", 2},
		{"was created despite the error: found, not sent again", []error{appliedErr{maybeApplied(t)}}, false, true, "waits to be created", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = tt.errs
			h := newHarness(t, svc, false, 80, 23).load().keys("tab")
			h.takeOut()
			h.send(common.CreateItemMsg{New: api.NewItem{Kind: api.Bug, Title: "新的缺陷", PriorityLabel: "high"}})
			st := statuses(h.takeOut())
			if len(st) != 1 || !strings.Contains(fmt.Sprint(st[0].Text, st[0].Err), tt.status) {
				t.Errorf("status %v, want %q", st, tt.status)
			}
			defer func() {
				if n := len(svc.written()); n != tt.creates {
					t.Errorf("%d creates reached the service %q, want %d", n, svc.written(), tt.creates)
				}
			}()
			if got := h.columnOf(api.Bug, "9001"); (got == "高") != tt.appears {
				t.Errorf("created item in column %q, want shown: %v", got, tt.appears)
			}
			if tt.appears {
				if id, _ := h.selectedCard(); id != "9001" {
					t.Errorf("selected #%s, want the new item", id)
				}
				if n := svc.creates[0]; n.WorkspaceID != testWS || n.Creator != "anyechen" {
					t.Errorf("created %+v, want the workspace and the user as creator", n)
				}
			}
			h.keys("R").flush()
			if got := h.columnOf(api.Bug, "9001") == "高"; got != (tt.appears || tt.retry) {
				t.Errorf("after R shown: %v, want %v", got, tt.appears || tt.retry)
			}
		})
	}
}

func TestItemActions(t *testing.T) {
	h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab")
	var opened []string
	h.ctx.OpenURL = func(u string) error {
		opened = append(opened, u)
		return nil
	}
	h.takeOut()
	want := "http://127.0.0.1:8080/web/10022001/bugtrace/bugs/view/1110022001000001008"
	h.keys("o")
	if !slices.Equal(opened, []string{want}) {
		t.Errorf("opened %v, want %s", opened, want)
	}
	h.takeOut()
	h.keys("y")
	out := h.takeOut()
	copied := false
	for _, m := range out {
		if fmt.Sprint(m) == want {
			copied = true
		}
	}
	st := statuses(out)
	if !copied || len(st) != 1 || st[0].Text != "copied "+want {
		t.Errorf("y: %v, want the clipboard set and a status", out)
	}
	h.keys("enter")
	out = h.takeOut()
	ed, ok := out[0].(common.OpenEditorMsg)
	if !ok || ed.Item == nil || ed.Item.ShortID() != "1008" || len(ed.Options) != 5 || ed.Kind != api.Bug {
		t.Errorf("enter: %#v, want the editor on #1008 with 5 options", out)
	}
	h.keys("n")
	out = h.takeOut()
	ed, ok = out[0].(common.OpenEditorMsg)
	if !ok || ed.Item != nil || ed.Kind != api.Bug {
		t.Errorf("n: %#v, want the editor in create mode", out)
	}
	h.ctx.OpenURL = func(string) error { return errors.New("no display") }
	h.keys("o")
	if st := statuses(h.takeOut()); len(st) != 1 || st[0].Err == nil || !strings.Contains(st[0].Err.Error(), "press y") {
		t.Errorf("o without a browser: %v, want an error pointing to y", st)
	}
}

func TestMouse(t *testing.T) {
	h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab")
	click := func(x, y int) tea.Msg { return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft} }
	h.send(click(60, 6)) // the second card of the second column: cards are three lines
	if id, col := h.selectedCard(); id != "1006" || col != "紧急" {
		t.Errorf("click selected #%s in %q, want #1006 in 紧急", id, col)
	}
	h.send(click(20, 5))
	if id, col := h.selectedCard(); id != "1008" || col != "No priority" {
		t.Errorf("click selected #%s in %q, want #1008 in No priority", id, col)
	}
	h.send(click(2, 0))
	if h.m.Kind() != api.Story {
		t.Errorf("click on the first tab shows %s", h.m.Kind())
	}
	h.send(click(14, 0), tea.MouseWheelMsg{X: 60, Y: 5, Button: tea.MouseWheelDown})
	if id, _ := h.selectedCard(); h.m.Kind() != api.Bug || id != "1008" { // the tab kept its cursor; the short column did not scroll
		t.Errorf("after clicking Bugs and a wheel: %s #%s", h.m.Kind(), id)
	}
}

func TestTabsLoadOnFirstVisit(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, false, 80, 23).load()
	if h.m.eng.Progress(api.Bug).Started || h.m.eng.Progress(api.Task).Started {
		t.Fatal("other kinds loaded before their tab was opened")
	}
	h.keys("shift+tab")
	if h.m.Kind() != api.Task || !h.m.eng.Progress(api.Task).Started {
		t.Errorf("shift+tab from Stories: %s, loaded %v", h.m.Kind(), h.m.eng.Progress(api.Task).Started)
	}
	if !strings.Contains(h.screen(), "0 tasks") {
		t.Errorf("empty kind not drawn:\n%s", h.screen())
	}
	h.keys("]", "p", "enter", "v", "G", "o", "y")
	if len(svc.writes) != 0 {
		t.Errorf("writes on an empty board: %v", svc.writes)
	}
}

func TestFieldInfoFailure(t *testing.T) {
	svc := newFakeService()
	svc.fieldsErr = &api.Error{Kind: api.ErrForbidden, Op: "field info", HTTPStatus: 403, Info: "access to workspace 10022001 is not granted"}
	h := newHarness(t, svc, false, 80, 23).load()
	if got := h.columnOf(api.Story, "2001"); got != "? High" {
		t.Errorf("without options #2001 is in %q, want the unknown column ? High", got)
	}
	if !strings.Contains(h.m.Status(), "not granted") {
		t.Errorf("Status() = %q, want the error", h.m.Status())
	}
	h.keys("l", "]")
	if st := statuses(h.takeOut()); len(st) == 0 || !strings.Contains(st[len(st)-1].Text, "no priorities are known") {
		t.Errorf("] without options: %v", st)
	}
}

func TestResizeKeepsCursorVisible(t *testing.T) {
	svc := newFakeService()
	for n := range 40 {
		svc.items[api.Story] = append(svc.items[api.Story], api.Item{Kind: api.Story,
			ID: fmt.Sprintf("1010022001%09d", 3000+n), Title: fmt.Sprintf("story %d", n), PriorityLabel: "Low"})
	}
	h := newHarness(t, svc, true, 120, 40).load()
	h.keys("l", "l", "l", "G")
	h.m.SetSize(80, 24)
	screen := h.screen()
	if !strings.Contains(screen, "▶  story 39") || !strings.Contains(screen, "#3039") {
		t.Errorf("selected card not drawn after resize:\n%s", screen)
	}
	if lines := strings.Count(screen, "\n") + 1; lines != 24 {
		t.Errorf("%d lines after resize, want 24", lines)
	}
	h.send(tea.MouseWheelMsg{X: 60, Y: 5, Button: tea.MouseWheelUp})
	if id, _ := h.selectedCard(); id != "3038" {
		t.Errorf("after a wheel up the selected card is #%s, want #3038 (kept in view)", id)
	}
}

// maybeApplied is the error of a create the service may have applied: a
// real client meeting a 502 after sending.
func maybeApplied(t *testing.T) error {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadGateway)
		fmt.Fprint(w, `{"status":502,"data":"","info":"502 Bad Gateway"}`)
	}))
	defer srv.Close()
	c := api.NewClient(srv.URL, api.BearerToken("test"), api.WithMaxRetries(0))
	_, err := c.Create(context.Background(), api.NewItem{Kind: api.Bug, WorkspaceID: testWS, Title: "x"})
	if !api.MaybeApplied(err) {
		t.Fatalf("502 on create: MaybeApplied false for %v", err)
	}
	return err
}

// TestCardNotCreatedHasNoAddress: o, y and a user command on a card whose
// create the service has not taken say that it has no address yet, and
// open, copy and run nothing with its local id.
func TestCardNotCreatedHasNoAddress(t *testing.T) {
	svc := newFakeService()
	svc.writeErrs = []error{&api.Error{Kind: api.ErrValidation, Op: "create bug", Info: "title too long"}}
	h := newHarness(t, svc, false, 80, 23).load().keys("tab")
	var opened []string
	h.ctx.OpenURL = func(u string) error {
		opened = append(opened, u)
		return nil
	}
	h.send(common.CreateItemMsg{New: api.NewItem{Kind: api.Bug, Title: "新的缺陷", PriorityLabel: "high"}})
	h.takeOut()
	if id, _ := h.selectedCard(); !engine.IsLocalID(id) {
		t.Fatalf("selected #%s, want the card of the create the service refused", id)
	}
	for _, key := range []string{"o", "y"} {
		h.keys(key)
		out := h.takeOut()
		st := statuses(out)
		if len(st) != 1 || !strings.Contains(st[0].Text, `"新的缺陷" is not created yet`) {
			t.Errorf("%s on a card not created: %v, want a note that it has no address yet", key, out)
		}
		for _, m := range out {
			if strings.Contains(fmt.Sprint(m), "new-") {
				t.Errorf("%s gave out the local id: %v", key, m)
			}
		}
	}
	if len(opened) != 0 {
		t.Errorf("o opened %v", opened)
	}
}
