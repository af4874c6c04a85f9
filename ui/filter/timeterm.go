package filter

import (
	"errors"
	"fmt"
	"time"

	"triage/api"
)

// IsTimeField reports a field whose terms take a time: created, modified.
func IsTimeField(field string) bool { return field == "created" || field == "modified" }

// TimeSamples are the values tab offers for created: and modified:.
func TimeSamples() []string {
	return []string{"today", "yesterday", ">3d", ">7d", "<30d"}
}

// takesPeople reports a field whose values are nicks, where @me is the
// user: owner, creator, reporter.
func takesPeople(field string) bool {
	return field == "owner" || field == "creator" || field == "reporter"
}

// readSpans reads the times of a created: or modified: term (ParseSpan, at
// the moment the filter is read, days in the service's zone), one span per
// alternative. A value that is not a time is named in Problems and left
// out; false when none is left.
func (tq *Query) readSpans(t *Term, key string) bool {
	alts := t.Alts[:0]
	for _, a := range t.Alts {
		s, err := ParseSpan(a.Text, tq.at, api.ServiceZone)
		if err != nil {
			tq.Problems = append(tq.Problems, spanProblem(key, a.Text, err))
			continue
		}
		alts = append(alts, a)
		t.Spans = append(t.Spans, s)
	}
	t.Alts = alts
	return len(alts) > 0
}

// spanProblem says why a created: or modified: value is not a time.
func spanProblem(key, value string, err error) string {
	if errors.Is(err, ErrNotASpan) {
		return fmt.Sprintf("%s:%s %s", key, QuoteValue(value), err)
	}
	return fmt.Sprintf("%s:%s: %s", key, QuoteValue(value), err)
}

// Outdated reports whether the filter's created: or modified: terms were
// read a minute or more before now: today, yesterday and 36h then stand
// for other times, and the filter is to be read again.
func (tq *Query) Outdated(now time.Time) bool {
	if now.Sub(tq.at) < time.Minute {
		return false
	}
	for _, t := range tq.Terms {
		if len(t.Spans) > 0 {
			return true
		}
	}
	return false
}
