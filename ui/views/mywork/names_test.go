package mywork_test

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/internal/uitest"
)

// FieldInfo is a kind's field information in a workspace: its status
// "open" is "待处理" in 星河移动 (10022002), "To do" elsewhere.
func (w *workService) FieldInfo(_ context.Context, ws int64, _ api.Kind) (api.FieldInfo, error) {
	return statusFields(ws), w.count("fields")
}

func statusFields(ws int64) api.FieldInfo {
	label := "To do"
	if ws == 10022002 {
		label = "待处理"
	}
	return api.FieldInfo{"status": api.Field{Name: "status", Label: "Status", HTMLType: "select",
		Options: api.Options{Pairs: []api.Option{{Value: "open", Label: label}, {Value: "done", Label: "Done"}}}}}
}

// TestCardsNameTheirStatus: a card shows its status as its workspace's
// workflow names it, not its code. With no field information kept, the
// cached work is drawn at once and the names are read in the background,
// one request per workspace and kind with items, and kept; opened again,
// the first frame names them and nothing is read.
func TestCardsNameTheirStatus(t *testing.T) {
	svc := newWorkService(3, 4)
	ctx := uitest.Context(svc, uitest.Theme{Dark: true}, 120, 40)
	cache := workCache(t, svc, ctx, 0)
	v, _ := open(svc, cache)
	d := uitest.NewViewDriver(t, v)
	d.Run(v.Init())
	d.Until("the names are read", func() bool { return seen(d, "namesMsg") == 1 })
	screen := ansi.Strip(v.View())
	if !strings.Contains(screen, "To do") || !strings.Contains(screen, "待处理") || strings.Contains(screen, " open ") {
		t.Errorf("the cards do not name their status:\n%s", screen)
	}
	if got := svc.take(); got["fields"] != 9 {
		t.Errorf("naming the statuses of 3 workspaces asked %v, want 9 fields: one per workspace and kind", got)
	}

	again, _ := open(svc, cache)
	d = uitest.NewViewDriver(t, again)
	msg := again.Init()()
	again.Update(msg)
	if screen := ansi.Strip(again.View()); !strings.Contains(screen, "To do") || strings.Contains(screen, " open ") {
		t.Errorf("opened again, the first frame shows codes:\n%s", screen)
	}
	d.Settle()
	if got := svc.take(); got["fields"] != 0 {
		t.Errorf("opened again, my work asked %v, want no field information", got)
	}
}
