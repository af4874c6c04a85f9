package filter

import (
	"errors"
	"strings"
	"time"

	"triage/api"
)

// The created: and modified: terms keep the items whose time lies in a
// span, written with the words of a time expression (when.go):
//
//	today, yesterday, monday, 2026-11-01   that day, from its start to its end
//	3d, 36h                                since that long ago
//	>3d  >=2026-11-01                      after (in the last 3 days; from that day on)
//	<3d  <2026-11-01  <=2026-11-01         before (more than 3 days ago; before that day; to its end)
//	2026-11-01..2026-11-07                 from the first day's start to the last day's end
//	2026-11-01..  ..2026-11-07             from a day on; up to a day's end
//
// ">" after a day is after its end, and "<" before it before its start, as
// on GitHub's created:>2026-11-01.

// Span is the stretch of time a created: or modified: value names, written
// as the service writes its times (api.TimeLayout, in its zone), so that an
// item's time is compared as text: From included, To not, "" for no bound.
type Span struct{ From, To string }

// Holds reports whether a service time lies in the span; an item without
// the time lies in none.
func (s Span) Holds(t string) bool {
	return t != "" && t >= s.From && (s.To == "" || t < s.To)
}

// SpansHold reports whether a service time lies in one of spans.
func SpansHold(spans []Span, t string) bool {
	for _, s := range spans {
		if s.Holds(t) {
			return true
		}
	}
	return false
}

// ErrNotASpan says a value of created: or modified: is not a time; its
// message lists what is.
var ErrNotASpan error = timeProblem("is not a time: use today, yesterday, a weekday, 3d, >3d, <2026-11-01 or 2026-11-01..2026-11-07")

// ParseSpan reads a created: or modified: value at now, its days counted in
// zone (the service's).
func ParseSpan(v string, now time.Time, zone *time.Location) (Span, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	bound := func(s string) (start, end time.Time, err error) {
		t, day, err := parseMoment(s, now, zone)
		if err != nil {
			if errors.Is(err, ErrNotATime) {
				return t, t, ErrNotASpan
			}
			return t, t, err
		}
		if day {
			return t, t.AddDate(0, 0, 1), nil
		}
		return t, t, nil
	}
	write := func(t time.Time) string { return t.In(zone).Format(api.TimeLayout) }
	if first, last, isRange := strings.Cut(v, ".."); isRange {
		if first == "" && last == "" {
			return Span{}, ErrNotASpan
		}
		var s Span
		if first != "" {
			start, _, err := bound(first)
			if err != nil {
				return Span{}, err
			}
			s.From = write(start)
		}
		if last != "" {
			_, end, err := bound(last)
			if err != nil {
				return Span{}, err
			}
			s.To = write(end)
		}
		if s.To != "" && s.To <= s.From {
			return Span{}, errBackwards
		}
		return s, nil
	}
	for _, op := range []string{">=", "<=", ">", "<"} {
		rest, ok := strings.CutPrefix(v, op)
		if !ok {
			continue
		}
		start, end, err := bound(rest)
		if err != nil {
			return Span{}, err
		}
		switch op {
		case ">=":
			return Span{From: write(start)}, nil
		case ">":
			return Span{From: write(end)}, nil
		case "<=":
			return Span{To: write(end)}, nil
		}
		return Span{To: write(start)}, nil
	}
	start, end, err := bound(v)
	if err != nil {
		return Span{}, err
	}
	if end.Equal(start) {
		return Span{From: write(start)}, nil
	}
	return Span{From: write(start), To: write(end)}, nil
}
