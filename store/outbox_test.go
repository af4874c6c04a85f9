package store

import (
	"encoding/json"
	"errors"
	"go.etcd.io/bbolt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"triage/api"
)

const itemA = "1010022001000000001"

func TestOutboxAddIsDurable(t *testing.T) {
	f := newReplayFixture(t)
	added := f.add(t, priorityEdit(itemA, "Middle", "High", "2026-01-05 10:00:00"))
	create := f.add(t, Edit{Kind: api.Bug, Op: OpCreate, Title: "Crash on save", To: "urgent", Fields: map[string]string{"description": "x"}})
	if added.Seq == 0 || create.Seq <= added.Seq {
		t.Fatalf("sequence numbers %d, %d", added.Seq, create.Seq)
	}
	if added.State != StateWaiting || !added.CreatedAt.Equal(testNow) || !added.NextAttempt.Equal(testNow) {
		t.Errorf("added edit = %+v", added)
	}

	f.reopen(t, "next run")
	got, err := f.outbox.Pending("HTTPS://API.TAPD.CN/", testUser)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, []Edit{added, create}) {
		t.Errorf("after reopening:\n got %+v\nwant %+v", got, []Edit{added, create})
	}
	info, err := os.Stat(f.path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != 0o600 {
		t.Errorf("outbox mode %v, want 0600", info.Mode().Perm())
	}
}

func TestOutboxAddRefusesIncompleteEdits(t *testing.T) {
	f := newReplayFixture(t)
	good := Edit{Session: testSession, Service: testService, User: testUser, WorkspaceID: 1, Kind: api.Story, Op: OpPriority, ItemID: itemA, To: "High"}
	tests := []struct {
		name   string
		change func(*Edit)
		want   string
	}{
		{"no session", func(e *Edit) { e.Session = "" }, "no session"},
		{"no user", func(e *Edit) { e.User = "" }, "no user"},
		{"no workspace", func(e *Edit) { e.WorkspaceID = 0 }, "no workspace"},
		{"no item", func(e *Edit) { e.ItemID = " " }, "no item id"},
		{"empty title", func(e *Edit) { e.Op, e.To = OpTitle, " " }, "an empty title"},
		{"create without title", func(e *Edit) { e.Op, e.ItemID = OpCreate, "" }, "no title"},
		{"unknown op", func(e *Edit) { e.Op = "delete" }, `unknown operation "delete"`},
		{"title undoing", func(e *Edit) { e.Op, e.Undoes = OpTitle, 1 }, "only a priority edit undoes"},
		{"bad service", func(e *Edit) { e.Service = "ftp://x" }, "service"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := good
			tt.change(&e)
			_, err := f.outbox.Add(e)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Add = %v, want an error about %q", err, tt.want)
			}
		})
	}
	if n, err := f.outbox.PendingCount(testService, testUser); n != 0 || err != nil {
		t.Errorf("refused edits were queued: %d, %v", n, err)
	}
}

func TestOutboxPendingCountPerUser(t *testing.T) {
	f := newReplayFixture(t)
	for range 3 {
		f.add(t, priorityEdit(itemA, "Low", "High", ""))
	}
	other := priorityEdit(itemA, "Low", "High", "")
	other.Session, other.Service, other.User, other.WorkspaceID = testSession, testService, "bob", 1
	if _, err := f.outbox.Add(other); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		service, user string
		want          int
	}{
		{testService, testUser, 3},
		{testService + "/", testUser, 3},
		{testService, "bob", 1},
		{"http://127.0.0.1:8080", testUser, 0},
	}
	for _, tt := range tests {
		n, err := f.outbox.PendingCount(tt.service, tt.user)
		if err != nil || n != tt.want {
			t.Errorf("PendingCount(%s, %s) = %d, %v; want %d", tt.service, tt.user, n, err, tt.want)
		}
	}
}

func TestOutboxTransitions(t *testing.T) {
	type step func(o *Outbox, seq uint64) (Edit, error)
	claim := func(o *Outbox, seq uint64) (Edit, error) { e, _, err := o.Claim(seq); return e, err }
	requeue := func(o *Outbox, seq uint64) (Edit, error) {
		return o.Requeue(seq, StateMaybeApplied, testNow.Add(time.Minute), "503")
	}
	conflict := func(o *Outbox, seq uint64) (Edit, error) { return o.MarkConflict(seq, "Low", "2026-01-07 09:00:00") }
	sent := func(o *Outbox, seq uint64) (Edit, error) { return o.MarkSent(seq, "") }
	failed := func(o *Outbox, seq uint64) (Edit, error) { return o.MarkFailed(seq, "422: no such priority") }
	keep := (*Outbox).KeepMine
	take := (*Outbox).TakeTheirs
	tests := []struct {
		name    string
		steps   []step
		want    EditState
		pending bool
		refused bool // the last step fails with ErrEditState
	}{
		{"claim", []step{claim}, StateSending, true, false},
		{"requeue after a failure", []step{claim, requeue}, StateMaybeApplied, true, false},
		{"claim a maybe applied edit", []step{claim, requeue, claim}, StateSending, true, false},
		{"sent", []step{claim, sent}, StateSent, false, false},
		{"failed", []step{claim, failed}, StateFailed, false, false},
		{"conflict", []step{claim, conflict}, StateConflict, true, false},
		{"keep mine", []step{claim, conflict, keep}, StateWaiting, true, false},
		{"take theirs", []step{claim, conflict, take}, StateDiscarded, false, false},
		{"claim twice", []step{claim, claim}, StateSending, true, true},
		{"claim a conflict", []step{claim, conflict, claim}, StateConflict, true, true},
		{"send without a claim", []step{sent}, StateWaiting, true, true},
		{"resolve what is no conflict", []step{keep}, StateWaiting, true, true},
		{"claim what was sent", []step{claim, sent, claim}, StateSent, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t)
			e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
			var err error
			for _, s := range tt.steps {
				_, err = s(f.outbox, e.Seq)
			}
			if tt.refused != errors.Is(err, ErrEditState) {
				t.Fatalf("last step error = %v, refused want %v", err, tt.refused)
			}
			got, err := f.outbox.Get(e.Seq)
			if err != nil {
				t.Fatal(err)
			}
			if got.State != tt.want {
				t.Errorf("state = %s, want %s", got.State, tt.want)
			}
			n, _ := f.outbox.PendingCount(testService, testUser)
			if (n == 1) != tt.pending {
				t.Errorf("pending count %d, pending want %v", n, tt.pending)
			}
		})
	}
}

func TestOutboxKeepMineRebasesOnTheirs(t *testing.T) {
	f := newReplayFixture(t)
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	if _, _, err := f.outbox.Claim(e.Seq); err != nil {
		t.Fatal(err)
	}
	if _, err := f.outbox.MarkConflict(e.Seq, "Low", "m2"); err != nil {
		t.Fatal(err)
	}
	f.clock.advance(time.Hour)
	got, err := f.outbox.KeepMine(e.Seq)
	if err != nil {
		t.Fatal(err)
	}
	want := e
	want.From, want.SeenPriority, want.SeenModified, want.Attempts = "Low", "Low", "m2", 1
	want.NextAttempt = testNow.Add(time.Hour)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("after KeepMine:\n got %+v\nwant %+v", got, want)
	}
}

func TestOutboxRestartTurnsSendingIntoMaybeApplied(t *testing.T) {
	f := newReplayFixture(t)
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	if _, _, err := f.outbox.Claim(e.Seq); err != nil {
		t.Fatal(err)
	}
	f.reopen(t, "next run")
	n, err := f.outbox.Adopt(testService, testUser)
	if err != nil || n != 1 {
		t.Fatalf("Adopt after a restart = %d, %v; want the one edit taken up", n, err)
	}
	got, err := f.outbox.Get(e.Seq)
	if err != nil {
		t.Fatal(err)
	}
	if got.State != StateMaybeApplied || got.LastError != orphanNote || got.Holder != "" {
		t.Errorf("after a restart: %s %q held by %q", got.State, got.LastError, got.Holder)
	}
	if want := f.clock.now().Add(orphanGrace); !got.NextAttempt.Equal(want) {
		t.Errorf("due at %v, want after the grace, %v", got.NextAttempt, want)
	}
	if n, err := f.outbox.Adopt(testService, testUser); err != nil || n != 0 {
		t.Errorf("a second Adopt = %d, %v; want nothing taken up again", n, err)
	}
}

// A process that keeps the file (a transaction that does not end) makes a
// transaction of another wait, then fail saying so.
func TestOutboxLocked(t *testing.T) {
	f := newReplayFixture(t)
	waiting, err := OpenOutbox(f.path, WithLockTimeout(60*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer waiting.Close()
	stuck, err := bbolt.Open(f.path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer stuck.Close()
	if _, err := OpenOutbox(f.path, WithLockTimeout(60*time.Millisecond)); !errors.Is(err, ErrOutboxLocked) {
		t.Fatalf("OpenOutbox while the file is kept = %v, want ErrOutboxLocked", err)
	}
	if _, err := waiting.Pending(testService, testUser); !errors.Is(err, ErrOutboxLocked) {
		t.Fatalf("Pending while the file is kept = %v, want ErrOutboxLocked", err)
	}
}

func TestOutboxDamagedFileIsKept(t *testing.T) {
	path := filepath.Join(t.TempDir(), OutboxFile)
	garbage := makeGarbage(32 << 10)
	if err := os.WriteFile(path, garbage, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := OpenOutbox(path)
	if !errors.Is(err, ErrOutboxUnreadable) || !strings.Contains(err.Error(), "move it aside") {
		t.Fatalf("OpenOutbox = %v, want ErrOutboxUnreadable saying what to do", err)
	}
	kept, err := os.ReadFile(path)
	if err != nil || string(kept) != string(garbage) {
		t.Errorf("the damaged outbox was changed: %v", err)
	}
}

func TestOutboxReadOnly(t *testing.T) {
	dir := t.TempDir()
	if _, err := OpenOutbox(filepath.Join(dir, "missing.db"), ReadOnly()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("read-only open of a missing file = %v, want fs.ErrNotExist", err)
	}
	f := newReplayFixture(t)
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	if err := f.outbox.Close(); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenOutbox(f.path, ReadOnly())
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	got, err := ro.History(time.Time{}, testSession)
	if err != nil || len(got) != 1 || got[0].Seq != e.Seq {
		t.Errorf("read-only History = %+v, %v", got, err)
	}
	if _, err := ro.Add(e); err == nil {
		t.Error("Add on a read-only outbox succeeded")
	}
}

func TestEditJSON(t *testing.T) {
	e := Edit{Seq: 7, Session: testSession, Service: testService, User: testUser, WorkspaceID: 1, Kind: api.Bug,
		Op: OpPriority, ItemID: "1110022001000000007", From: "low", To: "urgent", State: StateSent, CreatedAt: testNow, SentAt: testNow}
	raw, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"kind":"bug"`, `"op":"priority"`, `"state":"sent"`, `"item_id":"1110022001000000007"`} {
		if !strings.Contains(string(raw), want) {
			t.Errorf("%s lacks %s", raw, want)
		}
	}
	if strings.Contains(string(raw), "next_attempt") {
		t.Errorf("%s has a zero next_attempt", raw)
	}
	var back Edit
	if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, e) {
		t.Errorf("round trip = %+v, %v", back, err)
	}
}

// BenchmarkOutboxAdd queues an edit durably (one synced commit).
func BenchmarkOutboxAdd(b *testing.B) {
	o, err := OpenOutbox(filepath.Join(b.TempDir(), OutboxFile))
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	e := Edit{Session: testSession, Service: testService, User: testUser, WorkspaceID: 10022001, Kind: api.Story,
		Op: OpPriority, ItemID: itemA, From: "Middle", To: "High", SeenPriority: "Middle", SeenModified: "2026-01-05 10:00:00"}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := o.Add(e); err != nil {
			b.Fatal(err)
		}
	}
}
