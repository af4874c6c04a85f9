package api

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// testClock is a clock the test moves.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// heldPause is a pause of one request, which the test ends.
type heldPause struct {
	who     string
	d       time.Duration
	release chan struct{}
}

// TestWritesTakeTheBudgetBeforeWaitingReads: with the budget spent, a write
// and then a read wait; when the slot frees the write takes it, even though
// the read wakes first, and the read waits for the next one.
func TestWritesTakeTheBudgetBeforeWaitingReads(t *testing.T) {
	clock := &testClock{now: time.Unix(1_800_000_000, 0)}
	b, err := NewBudget(1, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	b.now = clock.Now
	ctx := context.Background()
	if err := b.take(ctx, "first read", false, sleep, nil); err != nil {
		t.Fatal(err)
	}
	pauses := make(chan heldPause)
	pauseAs := func(who string) func(context.Context, time.Duration) error {
		return func(ctx context.Context, d time.Duration) error {
			p := heldPause{who: who, d: d, release: make(chan struct{})}
			pauses <- p
			<-p.release
			return nil
		}
	}
	granted := make(chan string, 2)
	go func() {
		if b.take(ctx, "write", true, pauseAs("write"), nil) == nil {
			granted <- "write"
		}
	}()
	write := <-pauses
	go func() {
		if b.take(ctx, "read", false, pauseAs("read"), nil) == nil {
			granted <- "read"
		}
	}()
	read := <-pauses
	if write.who != "write" || read.who != "read" || write.d != 63*time.Second || read.d != 63*time.Second {
		t.Fatalf("paused %s %v then %s %v, want the write then the read, 63s each", write.who, write.d, read.who, read.d)
	}
	clock.Advance(63 * time.Second)
	close(read.release)
	close(write.release)
	if first := <-granted; first != "write" {
		t.Fatalf("the %s took the freed slot, want the write", first)
	}
	again := <-pauses
	if again.who != "read" || again.d != 63*time.Second {
		t.Fatalf("then %s paused %v, want the read for the next slot, 63s", again.who, again.d)
	}
	clock.Advance(63 * time.Second)
	close(again.release)
	if second := <-granted; second != "read" {
		t.Fatalf("then the %s got a slot, want the read", second)
	}
}

// TestBudgetStateOutlivesAnUnreadableFile: a damaged state file reads as an
// empty budget and is written anew.
func TestBudgetStateOutlivesAnUnreadableFile(t *testing.T) {
	path := t.TempDir() + "/budget"
	f, err := openBudgetFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.close()
	if _, err := f.f.WriteString("not a budget at all, but long enough"); err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1_800_000_000, 0)
	if err := f.update(func(s *budgetState) {
		if len(s.sent) != 0 || !s.holdUntil.IsZero() {
			t.Errorf("a damaged file read as %+v", s)
		}
		s.sent = append(s.sent, at)
		s.hold(at.Add(time.Minute), WaitService)
	}); err != nil {
		t.Fatal(err)
	}
	got := f.read()
	if len(got.sent) != 1 || !got.sent[0].Equal(at) || !got.holdUntil.Equal(at.Add(time.Minute)) || got.holdReason != WaitService {
		t.Errorf("read back %+v", got)
	}
}

func TestParseRateReset(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"30", 30 * time.Second},
		{" 7 ", 7 * time.Second},
		{"1800000090", 90 * time.Second},
		{"1799999990", 0},
		{"0", 0},
		{"-4", 0},
		{"soon", 0},
		{"", 0},
		{"99999999", maxRetryAfter},
	}
	for _, tc := range tests {
		if got := parseRateReset(tc.in, now); got != tc.want {
			t.Errorf("parseRateReset(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestParseRate(t *testing.T) {
	tests := []struct {
		in     string
		limit  int
		window time.Duration
		bad    bool
	}{
		{in: DefaultRate, limit: 60, window: time.Minute},
		{in: "6000/10min", limit: 6000, window: 10 * time.Minute},
		{in: " 1800 / 10m ", limit: 1800, window: 10 * time.Minute},
		{in: "5/30s", limit: 5, window: 30 * time.Second},
		{in: "100/h", limit: 100, window: time.Hour},
		{in: "off"},
		{in: "0"},
		{in: "60", bad: true},
		{in: "60/fortnight", bad: true},
		{in: "-1/min", bad: true},
		{in: "60/0min", bad: true},
		{in: "many/min", bad: true},
	}
	for _, tc := range tests {
		limit, window, err := ParseRate(tc.in)
		if (err != nil) != tc.bad || limit != tc.limit || window != tc.window {
			t.Errorf("ParseRate(%q) = %d, %v, %v; want %d, %v, bad %v", tc.in, limit, window, err, tc.limit, tc.window, tc.bad)
		}
	}
}

func TestBudgetFileNameIsPerAccountAndNamesNeither(t *testing.T) {
	a := BudgetFileName("https://api.tapd.cn/", "alice")
	if a != BudgetFileName(" https://api.tapd.cn", "alice") {
		t.Error("the same account at the same service has two files")
	}
	if a == BudgetFileName("https://api.tapd.cn", "bob") || a == BudgetFileName("http://127.0.0.1:8080", "alice") {
		t.Error("two accounts share a file")
	}
	if strings.Contains(a, "alice") || strings.Contains(a, "tapd") || len(a) != len("rate-budget-")+16 {
		t.Errorf("file name %q", a)
	}
}
