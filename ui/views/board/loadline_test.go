package board

import (
	"testing"
	"time"

	"triage/api"
	"triage/ui/engine"
)

// TestLoadingTextSaysHowLongIsLeft: the status line says how far a load
// is and about how long it has left, once the engine can tell.
func TestLoadingTextSaysHowLongIsLeft(t *testing.T) {
	cases := []struct {
		kind api.Kind
		p    engine.Progress
		want string
	}{
		{api.Task, engine.Progress{Busy: true}, "loading tasks"},
		{api.Story, engine.Progress{Busy: true, Loaded: 200, Total: 20000}, "loading stories 200/20,000"},
		{api.Story, engine.Progress{Busy: true, Loaded: 4200, Total: 20000, Left: 80 * time.Second}, "loading stories 4,200/20,000 · about 1m20s left"},
		{api.Story, engine.Progress{Busy: true, Loaded: 4200, Total: 20000, Left: 78 * time.Second}, "loading stories 4,200/20,000 · about 1m20s left"},
		{api.Bug, engine.Progress{Busy: true, Loaded: 19800, Total: 20000, Left: 900 * time.Millisecond}, "loading bugs 19,800/20,000 · about 5s left"},
		{api.Bug, engine.Progress{Busy: true, Loaded: 1000, Total: 20000, Left: 42 * time.Second}, "loading bugs 1,000/20,000 · about 45s left"},
		{api.Story, engine.Progress{Busy: true, Loaded: 200, Total: 100000, Left: 2 * time.Minute}, "loading stories 200/100,000 · about 2m left"},
		{api.Story, engine.Progress{Busy: true, Loaded: 200, Total: 1000000, Left: 83 * time.Minute}, "loading stories 200/1,000,000 · about 1h23m left"},
	}
	for _, c := range cases {
		if got := loadingText(c.kind, c.p); got != c.want {
			t.Errorf("loadingText(%+v) = %q; want %q", c.p, got, c.want)
		}
	}
}
