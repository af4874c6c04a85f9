package describe

import (
	"errors"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestReadThenOpenOnlyAPlainDescription: the item is read whole through
// the task registry; a plain description opens the editor program, a rich
// one leaves a note and no editor, and a failed read says what to do.
func TestReadThenOpenOnlyAPlainDescription(t *testing.T) {
	svc := uitest.NewService()
	it := svc.Items[api.Story][0]
	ctx := common.NewContext(svc, true)
	msg, ok := Read(ctx, 10022001, it)().(ReadMsg)
	if !ok || msg.err != nil || msg.item.ID != it.ID || msg.item.Kind != api.Story {
		t.Fatalf("read %+v", msg)
	}
	if !ctx.Tasks.Idle() {
		t.Error("the read is still a busy task once it answered")
	}
	msg.item.Description = "<p>first</p><p>second</p>"
	if cmd, err := Open(msg); err != nil || cmd == nil {
		t.Errorf("a plain description: %v, editor %v", err, cmd != nil)
	}
	msg.item.Description = "<ul><li>one</li></ul>"
	cmd, err := Open(msg)
	if err != nil || cmd == nil {
		t.Fatalf("a rich description: %v", err)
	}
	if note, ok := cmd().(common.StatusMsg); !ok || !strings.Contains(note.Text, "rich text") {
		t.Errorf("a rich description says %+v", note)
	}
	if _, err := Open(ReadMsg{err: errors.New("status 500")}); err == nil || !strings.Contains(err.Error(), "could not read the item") {
		t.Errorf("a failed read says %v", err)
	}
}
