package serve

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"triage/ui/cli/wiring"
)

// TestNewCmdReadsTheFlags: the flags of `triage serve` land in Options
// without starting a service.
func TestNewCmdReadsTheFlags(t *testing.T) {
	var got *Options
	cmd := NewCmd(func(_ context.Context, o *Options) error { got = o; return nil })
	f := &wiring.Factory{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Env: func(string) string { return "" }}
	if err := cmd(f, context.Background(), []string{"--addr", "127.0.0.1:0", "--items", "7", "--latency", "50ms", "--data", "/tmp/x.db"}); err != nil {
		t.Fatal(err)
	}
	if got == nil || got.Addr != "127.0.0.1:0" || got.Service.ExtraItems != 7 || got.Service.Latency != 50*time.Millisecond || got.Service.DataPath != "/tmp/x.db" || got.IO != f {
		t.Errorf("options %+v", got)
	}
}

// TestRunStopsWithItsContext: Run serves until its context ends, prints the
// environment that reaches it and says its state was in memory only.
func TestRunStopsWithItsContext(t *testing.T) {
	var out, errOut strings.Builder
	ctx, cancel := context.WithCancel(context.Background())
	f := &wiring.Factory{Stdout: &out, Stderr: &syncWriter{w: &errOut, listening: cancel}}
	if err := Run(ctx, &Options{IO: f, Addr: "127.0.0.1:0"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "export TRIAGE_BASE_URL=http://127.0.0.1:") || !strings.Contains(errOut.String(), "stopped; its state was in memory only") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", out.String(), errOut.String())
	}
}

// syncWriter ends the run once the service says it listens.
type syncWriter struct {
	w         io.Writer
	listening context.CancelFunc
}

func (s *syncWriter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), "listening on") {
		s.listening()
	}
	return s.w.Write(p)
}
