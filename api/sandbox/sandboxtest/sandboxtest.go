// Package sandboxtest holds what tests against the local TAPD share: a
// service of the test's own and a client of its demo user. Only tests
// import it.
package sandboxtest

import (
	"testing"

	"triage/api"
	"triage/api/sandbox"
)

// Start starts a local TAPD of opts on 127.0.0.1, stopped when the test
// ends.
func Start(t testing.TB, opts sandbox.Options) *sandbox.Running {
	t.Helper()
	srv, err := sandbox.Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	return srv
}

// DemoClient is a client of srv signed in by its demo user's personal
// token, made with opts.
func DemoClient(srv *sandbox.Running, opts ...api.ClientOption) *api.Client {
	return api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken), opts...)
}
