package set

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/store"
	"triage/ui/cli/internal/clitest"
)

// TestRunWritesThroughTheOutbox: `triage set` run in process, on the local
// service, writes a priority and reads back what it wrote; a second run
// finds it unchanged.
func TestRunWritesThroughTheOutbox(t *testing.T) {
	clitest.Home(t)
	env := clitest.Service(t)
	run := func() []Result {
		var out, errOut strings.Builder
		err := NewCmd(nil)(clitest.Factory(env, &out, &errOut), context.Background(), []string{"story/2", "--priority", "High", "--json", "--insecure-storage"})
		if err != nil {
			t.Fatalf("set: %v\n%s", err, errOut.String())
		}
		var results []Result
		if err := json.Unmarshal([]byte(out.String()), &results); err != nil {
			t.Fatalf("%v in %q", err, out.String())
		}
		return results
	}
	first, second := run(), run()
	if len(first) != 1 || first[0].Field != "priority" || first[0].To != "High" || first[0].Result != ResultApplied {
		t.Errorf("first run: %+v", first)
	}
	if len(second) != 1 || second[0].Result != ResultUnchanged {
		t.Errorf("second run: %+v", second)
	}
	paths, err := store.DefaultPaths()
	if err != nil {
		t.Fatal(err)
	}
	ob, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile), store.ReadOnly())
	if err != nil {
		t.Fatal(err)
	}
	defer ob.Close()
	if edits, err := ob.History(time.Time{}, ""); err != nil || len(edits) != 1 {
		t.Errorf("the outbox holds %d edits (%v), want only the first run's: the second had nothing to change", len(edits), err)
	}
}

// TestFieldWithoutAStatusMoveIsRefused: --field naming a field of the
// status move (description, resolution) with no --status is refused with
// what to do, and nothing is queued; it was dropped without a word, exit 0.
func TestFieldWithoutAStatusMoveIsRefused(t *testing.T) {
	clitest.Home(t)
	env := clitest.Service(t)
	var out, errOut strings.Builder
	err := NewCmd(nil)(clitest.Factory(env, &out, &errOut), context.Background(),
		[]string{"story/12", "--field", "description=x", "--json", "--insecure-storage"})
	if err == nil {
		t.Errorf("set --field description=x without --status succeeded:\n%s", out.String())
	}
	var results []Result
	if err := json.Unmarshal([]byte(out.String()), &results); err != nil {
		t.Fatalf("%v in %q", err, out.String())
	}
	if len(results) != 1 || results[0].Result != ResultRefused || results[0].Field != "description" ||
		!strings.Contains(results[0].Reason, "pass --status too") {
		t.Errorf("results %+v, want description refused, saying to pass --status", results)
	}
	paths, err := store.DefaultPaths()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(paths.StateDir, store.OutboxFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the outbox was opened (%v): nothing was to be queued", err)
	}
}
