package api_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
)

// BenchmarkListWindows lists the 100,240 stories of a workspace from a
// sandbox that takes 50 ms a request, past the service's 20,000 cap
// (windows_100k: block after block from the last creation time the cap let
// through, chain.go; windows of created on a service in another order), and,
// to compare, a plain paged list of
// the first 20,000 (plain_20k: what one query may list). Both report items/s;
// windows_100k also reports its rate over plain_20k's (rate-ratio: 1 means
// the windows cost nothing per item). Run it with
//
//	go test -run '^$' -bench BenchmarkListWindows -benchtime 3x ./api/
func BenchmarkListWindows(b *testing.B) {
	run, d := runSandbox(b, sandbox.Options{Latency: 50 * time.Millisecond, ExtraItems: 100_000})
	ctx := context.Background()
	c := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword})
	total, err := c.Count(ctx, wsAtlas, api.Story, nil)
	if err != nil || total < 100_000 {
		b.Fatalf("the workspace has %d stories (%v), want at least 100,000", total, err)
	}
	list := func(b *testing.B, req api.ListRequest, want int) float64 {
		b.Helper()
		start := time.Now()
		for range b.N {
			items, err := c.List(ctx, req)
			if err != nil || len(items) != want {
				b.Fatalf("List = %d items, %v; want %d", len(items), err, want)
			}
		}
		rate := float64(want*b.N) / time.Since(start).Seconds()
		b.ReportMetric(rate, "items/s")
		return rate
	}
	var plainRate float64
	b.Run("plain_20k", func(b *testing.B) {
		// A filter on created of its own keeps the list from being cut into
		// windows: it stops at the cap, as every list did before.
		req := api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story),
			Filter: url.Values{"created": {">2000-01-01"}}}
		plainRate = list(b, req, api.MaxListItems)
	})
	b.Run("windows_100k", func(b *testing.B) {
		req := api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story)}
		rate := list(b, req, total)
		if plainRate > 0 {
			b.ReportMetric(rate/plainRate, "rate-ratio")
		}
	})
}
