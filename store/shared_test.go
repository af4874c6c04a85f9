package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"triage/api"
)

// openShared opens another hold of the fixture's outbox, as a second
// process of the profile does, with a replayer of its own over the same
// service.
func (f *replayFixture) openShared(t *testing.T, session string) (*Outbox, *Replayer) {
	t.Helper()
	o, err := OpenOutbox(f.path, WithClock(f.clock.now))
	if err != nil {
		t.Fatalf("a second OpenOutbox while the first is open: %v", err)
	}
	t.Cleanup(func() { _ = o.Close() })
	r, err := NewReplayer(o, f.remote, ReplayerConfig{Service: testService, User: testUser, Session: session, Now: f.clock.now})
	if err != nil {
		t.Fatal(err)
	}
	return o, r
}

// TestOutboxSharedByTwoProcesses: a second open of the outbox works while
// the first is open; each sees the other's edits, and an edit another live
// holder added is not the second's to claim.
func TestOutboxSharedByTwoProcesses(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	other, _ := f.openShared(t, "the command line")
	if got, err := other.Get(e.Seq); err != nil || got.To != "High" {
		t.Fatalf("the second open reads the first's edit: %+v, %v", got, err)
	}
	if _, _, err := other.Claim(e.Seq); !errors.Is(err, ErrHeldElsewhere) {
		t.Fatalf("claim of a live holder's edit = %v, want ErrHeldElsewhere", err)
	}
	mine := f.add(t, priorityEdit(itemB, "Low", "High", "m1"))
	if moved, err := other.ChangedElsewhere(); err != nil || !moved {
		t.Errorf("ChangedElsewhere after the first's Add = %v, %v; want true", moved, err)
	}
	if moved, err := other.ChangedElsewhere(); err != nil || moved {
		t.Errorf("ChangedElsewhere with nothing new = %v, %v; want false", moved, err)
	}
	if _, err := other.Get(mine.Seq); err != nil {
		t.Fatal(err)
	}
	if moved, err := f.outbox.ChangedElsewhere(); err != nil || moved {
		t.Errorf("ChangedElsewhere of the process that wrote = %v, %v; want false (its own)", moved, err)
	}
}

// TestClaimWinsOnce: the edits of a holder that closed are free; two
// processes claiming each of them at once win one claim each, never both.
func TestClaimWinsOnce(t *testing.T) {
	f := newReplayFixture(t)
	var seqs []uint64
	for i := range 40 {
		seqs = append(seqs, f.add(t, priorityEdit(fmt.Sprint(1000+i), "Middle", "High", "m1")).Seq)
	}
	if err := f.outbox.Close(); err != nil {
		t.Fatal(err)
	}
	a, _ := f.openShared(t, "a")
	b, _ := f.openShared(t, "b")
	wins := make(map[uint64]int)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, o := range []*Outbox{a, b} {
		wg.Go(func() {
			for _, seq := range seqs {
				_, _, err := o.Claim(seq)
				switch {
				case err == nil:
					mu.Lock()
					wins[seq]++
					mu.Unlock()
				case !errors.Is(err, ErrEditState):
					t.Errorf("claim %d: %v", seq, err)
				}
			}
		})
	}
	wg.Wait()
	for _, seq := range seqs {
		if wins[seq] != 1 {
			t.Errorf("edit %d claimed %d times, want once", seq, wins[seq])
		}
	}
}

// TestTwoFlushersSendOnce: two processes flush the same free edits at
// once; the service sees each write once.
func TestTwoFlushersSendOnce(t *testing.T) {
	var items []api.Item
	for i := range 12 {
		items = append(items, story(fmt.Sprint(2000+i), "Middle", "m1"))
	}
	f := newReplayFixture(t, items...)
	for _, it := range items {
		f.add(t, priorityEdit(it.ID, "Middle", "High", "m1"))
	}
	f.reopen(t, "the board") // the process that added them closed: the edits are free
	_, other := f.openShared(t, "the command line")
	var wg sync.WaitGroup
	for _, r := range []*Replayer{f.r, other} {
		wg.Go(func() {
			if _, err := r.Flush(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := f.remote.count("priority"); n != len(items) {
		t.Errorf("%d priority writes for %d edits, want one each", n, len(items))
	}
	if n, _ := f.outbox.PendingCount(testService, testUser); n != 0 {
		t.Errorf("%d edits still pending", n)
	}
}

// holdEnv makes the test binary a process that opens the outbox named by
// it, claims its edit 1, says so, and waits to be killed.
const holdEnv = "TRIAGE_TEST_HOLD_OUTBOX"

func TestMain(m *testing.M) {
	if path := os.Getenv(holdEnv); path != "" {
		holdAndWait(path)
		return
	}
	os.Exit(m.Run())
}

func holdAndWait(path string) {
	o, err := OpenOutbox(path)
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(2)
	}
	e, _, err := o.Claim(1)
	if err != nil {
		fmt.Println("claim:", err)
		os.Exit(2)
	}
	fmt.Println("claimed", e.Seq, e.Holder)
	select {}
}

// TestKilledClaimTakenUpOnce: a process claims an edit and is killed -9.
// While it lives, no other process takes the edit; once it is dead, the
// edit is taken up once, as maybe_applied, checked before it is sent again.
func TestKilledClaimTakenUpOnce(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	if err := f.outbox.Close(); err != nil { // free, for the child to claim
		t.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), holdEnv+"="+f.path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if want := "claimed " + strconv.FormatUint(e.Seq, 10); len(line) < len(want) || line[:len(want)] != want {
		_ = cmd.Process.Kill()
		t.Fatalf("the child said %q, want %q", line, want)
	}
	o, r := f.openShared(t, "the board")
	if n, err := o.Adopt(testService, testUser); err != nil || n != 0 {
		t.Fatalf("Adopt while the claimer lives = %d, %v; want nothing taken", n, err)
	}
	if err := cmd.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = cmd.Wait()
	third, _ := f.openShared(t, "another command")
	var wg sync.WaitGroup
	taken := make([]int, 2)
	for i, ob := range []*Outbox{o, third} {
		wg.Go(func() {
			n, err := ob.Adopt(testService, testUser)
			if err != nil {
				t.Error(err)
			}
			taken[i] = n
		})
	}
	wg.Wait()
	if taken[0]+taken[1] != 1 {
		t.Fatalf("taken up %v times by the two processes, want once in all", taken)
	}
	f.clock.advance(orphanGrace)
	results, err := r.Flush(context.Background())
	if err != nil || len(results) != 1 || results[0].Outcome != OutcomeSent {
		t.Fatalf("Flush after the grace = %+v, %v; want the edit sent", results, err)
	}
	if got := f.remote.callLog(); len(got) != 2 || got[0] != "get" || got[1] != "priority" {
		t.Errorf("calls = %v, want a read before the one write", got)
	}
}

// TestOpenSweepsEndedHolders: the file of a holder that ended without
// leaving an edit (a killed `triage list`) is removed at the next open; a
// live holder's file stays.
func TestOpenSweepsEndedHolders(t *testing.T) {
	f := newReplayFixture(t)
	dir := f.path + holdersSuffix
	ended := filepath.Join(dir, "0123456789abcdef")
	if err := os.WriteFile(ended, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	f.openShared(t, "next")
	if _, err := os.Stat(ended); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the ended holder's file is still there: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, f.outbox.Holder())); err != nil {
		t.Errorf("the live holder's file went: %v", err)
	}
}
