package history

import (
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestTitlesByKindAndID: TAPD gives a story and a bug the same id for the
// same short id; each change shows its own item's title.
func TestTitlesByKindAndID(t *testing.T) {
	const id = "1110022001000000007"
	edits := []store.Edit{
		{Seq: 1, Kind: api.Story, Op: store.OpPriority, ItemID: id, From: "Low", To: "High", State: store.StateSent, CreatedAt: at(-2)},
		{Seq: 2, Kind: api.Bug, Op: store.OpPriority, ItemID: id, From: "low", To: "high", State: store.StateSent, CreatedAt: at(-1)},
	}
	m := New(uitest.Context(uitest.NewService(), uitest.Themes[1], 100, 20), edits)
	m.SetTitles(map[common.ItemRef]string{{Kind: api.Story, ID: id}: "the story", {Kind: api.Bug, ID: id}: "the bug"})
	if got := m.title(edits[0]); got != "the story" {
		t.Errorf("the story's change is titled %q", got)
	}
	if got := m.title(edits[1]); got != "the bug" {
		t.Errorf("the bug's change is titled %q", got)
	}
}
