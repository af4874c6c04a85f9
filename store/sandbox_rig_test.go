package store_test

import (
	"path/filepath"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
)

// The rig the store's tests against a local TAPD share: the service, a
// client of its demo user, and a sender of an outbox of the test's own.

// firstSession is the session of the first run of the app in these tests.
const firstSession = "20260106T091604Z-first"

// startSandbox starts a local TAPD of opts, stopped when the test ends.
func startSandbox(t testing.TB, opts sandbox.Options) *sandbox.Running {
	t.Helper()
	srv, err := sandbox.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

// demoClient is a client of srv signed in by the demo user's token.
func demoClient(srv *sandbox.Running, opts ...api.ClientOption) *api.Client {
	return api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken), opts...)
}

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
