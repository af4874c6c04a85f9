package api

import (
	"context"
	"net/http"
	"testing"
)

// TestTheUsersReadsGoFirst: a read under UserFirst (an edit's read before
// its write) takes a slot of the budget before the background reads, as a
// write does; a read without it waits behind them.
func TestTheUsersReadsGoFirst(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name string
		cl   call
		ctx  context.Context
		want bool
	}{
		{"a page of a load", call{method: http.MethodGet}, ctx, false},
		{"an edit's read", call{method: http.MethodGet}, UserFirst(ctx), true},
		{"a write", call{method: http.MethodPost}, ctx, true},
	}
	for _, c := range cases {
		if got := c.cl.first(c.ctx); got != c.want {
			t.Errorf("%s goes first: %v; want %v", c.name, got, c.want)
		}
	}
}
