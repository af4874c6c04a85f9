package usercmd

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"text/template"

	"triage/store"
	"triage/ui/common"
)

// TestRunFillsTheArgumentsAndReportsTheEnd: the command bound to a key runs
// with the item's fields in its arguments; its output makes a box unless
// the entry drops it, and a failure names the command.
func TestRunFillsTheArgumentsAndReportsTheEnd(t *testing.T) {
	open := store.Command{Name: "open", Key: "ctrl+o", Output: store.OutputPane,
		Run: []*template.Template{template.Must(template.New("").Parse("echo")), template.Must(template.New("").Parse("{{.ShortID}}"))}}
	quiet := open
	quiet.Key, quiet.Output = "ctrl+q", store.OutputDiscard
	c, ok := Find([]store.Command{open, quiet}, "ctrl+q")
	if !ok || c.Output != store.OutputDiscard {
		t.Fatalf("Find: %+v %v", c, ok)
	}
	ctx := common.NewContext(nil, true)
	if _, err := Run(ctx, open, store.CommandItem{ShortID: "42"}); err == nil || !strings.Contains(err.Error(), "command line") {
		t.Errorf("without a runner: %v", err)
	}
	var got []string
	ctx.RunCommand = func(_ context.Context, args []string) (string, error) {
		got = args
		return "ran\n", nil
	}
	cmd, err := Run(ctx, open, store.CommandItem{ShortID: "42"})
	if err != nil {
		t.Fatal(err)
	}
	done := cmd().(DoneMsg)
	if !slices.Equal(got, []string{"echo", "42"}) {
		t.Errorf("ran %q", got)
	}
	if box, ok := done.Box(); !ok || box.Title != "open" || box.Lines[0] != "ran" {
		t.Errorf("box %+v %v", box, ok)
	}
	if text, err := done.Ended(); err != nil || text != "open: done" {
		t.Errorf("ended %q %v", text, err)
	}
	failed := DoneMsg{cmd: quiet, err: errors.New("exit status 1")}
	if _, ok := failed.Box(); ok {
		t.Error("a dropped output has a box")
	}
	if _, err := failed.Ended(); err == nil || err.Error() != "open: exit status 1" {
		t.Errorf("a failure says %v", err)
	}
}
