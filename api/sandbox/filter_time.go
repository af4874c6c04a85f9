package sandbox

import (
	"fmt"
	"strings"
	"time"
)

// Time filters (created, modified, due, ...): the service's local time,
// "YYYY-MM-DD", "YYYY-MM-DD HH:MM" or "YYYY-MM-DD HH:MM:SS". A value shorter
// than a full time stands for every second it covers, so bounds are
// inclusive at their precision: ">2016-01-01" takes the whole first day and
// "<2016-01-31" the whole last one, as "2016-01-01~2016-01-31" does.

// bound compares the start of a time value with v: op is one of = >= <=.
type bound struct {
	op string
	v  string
}

// parseBounds reads one alternative of a time filter: "a~b" (either side may
// be left out), ">=a" or ">a" (on or after a), "<=b" or "<b" (on or before b),
// or a bare time (within it).
func parseBounds(a string) ([]bound, error) {
	if lo, hi, ok := strings.Cut(a, "~"); ok {
		var bs []bound
		for _, b := range [...]bound{{">=", lo}, {"<=", hi}} {
			if b.v = strings.TrimSpace(b.v); b.v == "" {
				continue
			}
			if err := checkTime(b.v); err != nil {
				return nil, err
			}
			bs = append(bs, b)
		}
		if len(bs) == 0 {
			return nil, fmt.Errorf("range %q has neither start nor end: use a~b, a~ or ~b, each YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS", a)
		}
		return bs, nil
	}
	b := bound{op: "=", v: a}
	for _, op := range [...]string{">=", "<=", ">", "<"} {
		if rest, ok := strings.CutPrefix(a, op); ok {
			b = bound{op: op[:1] + "=", v: strings.TrimSpace(rest)}
			break
		}
	}
	if err := checkTime(b.v); err != nil {
		return nil, err
	}
	return []bound{b}, nil
}

// checkTime reports whether v is a date or time the service reads.
func checkTime(v string) error {
	for _, layout := range [...]string{"2006-01-02", "2006-01-02 15:04", "2006-01-02 15:04:05"} {
		if len(v) == len(layout) {
			if _, err := time.Parse(layout, v); err == nil {
				return nil
			}
		}
	}
	return fmt.Errorf("%q is not a time: use YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DD HH:MM:SS (the service's local time)", v)
}

// holds reports whether the time value v satisfies the bound, comparing the
// first len(b.v) characters of v, so a date bound covers the whole day.
func (b bound) holds(v string) bool {
	c := b.compare(v)
	switch b.op {
	case ">=":
		return c >= 0
	case "<=":
		return c <= 0
	}
	return c == 0
}

// compare orders the time value v against the bound's at the bound's
// precision: its first len(b.v) characters.
func (b bound) compare(v string) int {
	head := v
	if len(head) > len(b.v) {
		head = head[:len(b.v)]
	}
	return strings.Compare(head, b.v)
}

func allHold(bs []bound, v string) bool {
	for _, b := range bs {
		if !b.holds(v) {
			return false
		}
	}
	return true
}
