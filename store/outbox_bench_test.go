package store

import (
	"path/filepath"
	"testing"
)

// BenchmarkOutboxGet is one read of the outbox: with the file opened for
// each transaction (shared.go), the price of sharing it.
func BenchmarkOutboxGet(b *testing.B) {
	o, err := OpenOutbox(filepath.Join(b.TempDir(), OutboxFile))
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	e := priorityEdit(itemA, "Middle", "High", "m1")
	e.Service, e.User, e.WorkspaceID, e.Session = testService, testUser, 10022001, testSession
	added, err := o.Add(e)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := o.Get(added.Seq); err != nil {
			b.Fatal(err)
		}
	}
}
