package api_test

import (
	"context"
	"net/http"
	"net/http/httptrace"
	"sync/atomic"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
)

// BenchmarkListConnections lists the 100,240 stories of a workspace, as a
// board's load does (4 requests in flight, past the 20,000 cap through
// windows), from a sandbox that takes 50 ms a request, with a new client each
// time as the app has at start, and reports how many connections each list
// opens (conns/op). Run it with
//
//	go test -run '^$' -bench BenchmarkListConnections -benchtime 2x ./api/
func BenchmarkListConnections(b *testing.B) {
	run, d := runSandbox(b, sandbox.Options{Latency: 50 * time.Millisecond, ExtraItems: 100_000})
	var opened atomic.Int64
	trace := &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) {
			if !info.Reused {
				opened.Add(1)
			}
		},
	}
	ctx := httptrace.WithClientTrace(context.Background(), trace)
	req := api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story)}
	b.ResetTimer()
	for range b.N {
		if t, ok := http.DefaultTransport.(*http.Transport); ok {
			t.CloseIdleConnections() // a client on Go's shared transport starts without idle connections too
		}
		c := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword})
		items, err := c.List(ctx, req)
		if err != nil || len(items) < 100_000 {
			b.Fatalf("List = %d items, %v; want at least 100,000", len(items), err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(opened.Load())/float64(b.N), "conns/op")
}
