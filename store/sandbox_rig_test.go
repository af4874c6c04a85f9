package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
)

// The rig the store's tests against a local TAPD share beside
// sandboxtest's service and client: a sender of an outbox of the test's
// own.

// firstSession is the session of the first run of the app in these tests.
const firstSession = "20260106T091604Z-first"

// quickSender sends the edits of an outbox of the test's own to srv by
// client, in the first session, trying again after 10 ms to 50 ms.
func quickSender(t testing.TB, srv *sandbox.Running, client *api.Client) *store.Sender {
	t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(t.TempDir(), store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ob.Close() })
	return store.NewSender(ob, client, store.SenderConfig{Service: srv.URL, Session: firstSession,
		Backoff: store.Backoff{Base: 10 * time.Millisecond, Max: 50 * time.Millisecond}})
}
