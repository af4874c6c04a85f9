package filter

import (
	"errors"
	"testing"
	"time"
)

// TestParseWhen reads each kind of time expression at a moment when the
// service's day (Asia/Shanghai, Friday 27 November) is already a day ahead
// of UTC's (Thursday 26 November, 17:50): day words and dates follow the
// service's day.
func TestParseWhen(t *testing.T) {
	cst := time.FixedZone("CST", 8*60*60)
	now := time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC)
	day := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, cst) }
	tests := []struct {
		in   string
		want time.Time
	}{
		{"today", day(27)},
		{" Today ", day(27)},
		{"yesterday", day(26)},
		{"friday", day(27)},
		{"thursday", day(26)},
		{"monday", day(23)},
		{"sat", day(21)},
		{"36h", now.Add(-36 * time.Hour)},
		{"1h30m", now.Add(-90 * time.Minute)},
		{"3d", now.Add(-72 * time.Hour)},
		{"2w", now.Add(-14 * 24 * time.Hour)},
		{"2026-11-20", day(20)},
		{"2026-11-20 09:00", time.Date(2026, 11, 20, 9, 0, 0, 0, cst)},
		{"2026-11-20 09:00:30", time.Date(2026, 11, 20, 9, 0, 30, 0, cst)},
		{"2026-11-20T09:00:00Z", time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		got, err := ParseWhen(tt.in, now, cst)
		if err != nil || !got.Equal(tt.want) {
			t.Errorf("ParseWhen(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "tomorrow", "-1h", "0d", "2026-13-01", "someday", "d"} {
		if got, err := ParseWhen(bad, now, cst); err == nil {
			t.Errorf("ParseWhen(%q) = %v, want an error", bad, got)
		}
	}
	if _, err := ParseWhen("someday", now, cst); !errors.Is(err, ErrNotATime) {
		t.Errorf("ParseWhen(someday) = %v, want the list of what is a time", err)
	}
}
