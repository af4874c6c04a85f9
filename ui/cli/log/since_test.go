package log

import (
	"testing"
	"time"
)

// TestParseSince: --since counts days as the service does, in China
// Standard Time: at 17:50 UTC on Thursday 26 November it is already Friday
// the 27th there, so today starts at 16:00 UTC and yesterday is Thursday.
// Day words, weekdays, durations and dates are taken; the rest is refused.
func TestParseSince(t *testing.T) {
	now := time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Time
		bad  bool
	}{
		{"", time.Date(2026, 11, 26, 16, 0, 0, 0, time.UTC), false},
		{"today", time.Date(2026, 11, 26, 16, 0, 0, 0, time.UTC), false},
		{"yesterday", time.Date(2026, 11, 25, 16, 0, 0, 0, time.UTC), false},
		{"monday", time.Date(2026, 11, 22, 16, 0, 0, 0, time.UTC), false},
		{"36h", now.Add(-36 * time.Hour), false},
		{"3d", now.Add(-72 * time.Hour), false},
		{"2026-11-20", time.Date(2026, 11, 19, 16, 0, 0, 0, time.UTC), false},
		{"2026-11-20 09:00", time.Date(2026, 11, 20, 1, 0, 0, 0, time.UTC), false},
		{"-1h", time.Time{}, true},
		{"tomorrow", time.Time{}, true},
	}
	for _, tt := range tests {
		got, err := ParseSince(tt.in, now)
		if (err != nil) != tt.bad || !got.Equal(tt.want) {
			t.Errorf("ParseSince(%q) = %v, %v; want %v (error: %v)", tt.in, got.UTC(), err, tt.want, tt.bad)
		}
	}
}
