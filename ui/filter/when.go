package filter

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"triage/ui/i18n"
)

// A time expression says from when: `triage log --since` takes one, and
// the filter's created: and modified: terms take the same words (span.go).
//
//	today, yesterday        the day's start
//	monday … sunday         the start of the most recent such day (today's
//	                        when today is one)
//	36h, 90m, 3d, 2w        that long before now
//	2026-11-20              the day's start
//	2026-11-20 09:00        that minute (seconds and RFC 3339 are taken too)
//
// Days start at midnight in zone, the service's time zone, so that "today"
// is the day the service says it is.

// dayWords are the words of days counted back from today.
var dayWords = map[string]int{"today": 0, "yesterday": 1}

// weekdays are the names a weekday is written with, and their short forms.
var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "sun": time.Sunday,
	"monday": time.Monday, "mon": time.Monday,
	"tuesday": time.Tuesday, "tue": time.Tuesday,
	"wednesday": time.Wednesday, "wed": time.Wednesday,
	"thursday": time.Thursday, "thu": time.Thursday,
	"friday": time.Friday, "fri": time.Friday,
	"saturday": time.Saturday, "sat": time.Saturday,
}

// dateLayouts are the layouts a date is taken in, in zone.
var dateLayouts = []string{time.DateOnly, "2006-01-02 15:04", time.DateTime, "2006-01-02T15:04"}

// ErrNotATime says a text is not a time expression; its message lists what is.
var ErrNotATime error = timeProblem("not a time: use today, yesterday, a weekday (monday), a duration (36h, 3d) or a date (2026-11-20, 2026-11-20 09:00)")

// ParseWhen reads a time expression at now: the moment it names.
func ParseWhen(s string, now time.Time, zone *time.Location) (time.Time, error) {
	t, _, err := parseMoment(s, now, zone)
	return t, err
}

// parseMoment is ParseWhen, and reports whether the expression names a
// whole day (a day word, a weekday, a date without a time) rather than a
// moment, so that a filter term can take the day from its start to its end.
func parseMoment(s string, now time.Time, zone *time.Location) (t time.Time, day bool, err error) {
	s = strings.ToLower(strings.TrimSpace(s))
	local := now.In(zone)
	midnight := func(daysAgo int) time.Time {
		y, m, d := local.Date()
		return time.Date(y, m, d-daysAgo, 0, 0, 0, 0, zone)
	}
	if n, ok := dayWords[s]; ok {
		return midnight(n), true, nil
	}
	if wd, ok := weekdays[s]; ok {
		return midnight((int(local.Weekday()) - int(wd) + 7) % 7), true, nil
	}
	if d, ok, err := parseAgo(s); ok {
		if err != nil {
			return time.Time{}, false, err
		}
		return now.Add(-d), false, nil
	}
	if t, err := time.Parse(time.RFC3339, strings.ToUpper(s)); err == nil {
		return t, false, nil
	}
	for _, layout := range dateLayouts {
		if t, err := time.ParseInLocation(layout, strings.ToUpper(s), zone); err == nil {
			return t, layout == time.DateOnly, nil
		}
	}
	return time.Time{}, false, fmt.Errorf(i18n.T("%q is %w"), s, ErrNotATime)
}

// parseAgo reads a duration: Go's (36h, 90m, 1h30m) or whole days and
// weeks (3d, 2w). ok is false when s is not written as one.
func parseAgo(s string) (d time.Duration, ok bool, err error) {
	if n := len(s); n > 1 && (s[n-1] == 'd' || s[n-1] == 'w') {
		count, convErr := strconv.Atoi(s[:n-1])
		if convErr == nil {
			unit := 24 * time.Hour
			if s[n-1] == 'w' {
				unit *= 7
			}
			d = time.Duration(count) * unit
			return d, true, positive(d)
		}
	}
	d, parseErr := time.ParseDuration(s)
	if parseErr != nil {
		return 0, false, nil
	}
	return d, true, positive(d)
}

// positive refuses a duration that does not reach back.
func positive(d time.Duration) error {
	if d <= 0 {
		return errNotPositive
	}
	return nil
}
