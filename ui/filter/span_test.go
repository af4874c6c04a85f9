package filter

import (
	"strings"
	"testing"
	"time"

	"triage/api"
)

// spanNow is Thursday 26 November 17:50 UTC: already Friday 27 November,
// 01:50, in the service's zone, whose days the terms count.
var spanNow = time.Date(2026, 11, 26, 17, 50, 0, 0, time.UTC)

// TestParseSpan reads every form a created: or modified: value takes into
// the service's times it keeps, from included to excluded.
func TestParseSpan(t *testing.T) {
	tests := []struct{ in, from, to string }{
		{"today", "2026-11-27 00:00:00", "2026-11-28 00:00:00"},
		{"yesterday", "2026-11-26 00:00:00", "2026-11-27 00:00:00"},
		{"monday", "2026-11-23 00:00:00", "2026-11-24 00:00:00"},
		{"2026-11-20", "2026-11-20 00:00:00", "2026-11-21 00:00:00"},
		{"3d", "2026-11-24 01:50:00", ""},
		{">3d", "2026-11-24 01:50:00", ""},
		{"<3d", "", "2026-11-24 01:50:00"},
		{">36h", "2026-11-25 13:50:00", ""},
		{"<2026-11-01", "", "2026-11-01 00:00:00"},
		{"<=2026-11-01", "", "2026-11-02 00:00:00"},
		{">2026-11-01", "2026-11-02 00:00:00", ""},
		{">=2026-11-01", "2026-11-01 00:00:00", ""},
		{"2026-11-01..2026-11-07", "2026-11-01 00:00:00", "2026-11-08 00:00:00"},
		{"2026-11-01..", "2026-11-01 00:00:00", ""},
		{"..2026-11-07", "", "2026-11-08 00:00:00"},
		{"2026-11-20t09:00..yesterday", "2026-11-20 09:00:00", "2026-11-27 00:00:00"},
	}
	for _, tt := range tests {
		got, err := ParseSpan(tt.in, spanNow, api.ServiceZone)
		if want := (Span{tt.from, tt.to}); err != nil || got != want {
			t.Errorf("ParseSpan(%q) = %+v, %v; want %+v", tt.in, got, err, want)
		}
	}
	for in, want := range map[string]string{
		"someday":                "is not a time: use today, yesterday, a weekday, 3d, >3d, <2026-11-01 or 2026-11-01..2026-11-07",
		"..":                     "is not a time: use today, yesterday, a weekday, 3d, >3d, <2026-11-01 or 2026-11-01..2026-11-07",
		">0d":                    "a duration must be more than zero: 36h, 3d",
		"2026-11-07..2026-11-01": "ends before it starts: write the earlier day first, 2026-11-01..2026-11-07",
		"2026-13-01..2026-11-01": "is not a time: use today, yesterday, a weekday, 3d, >3d, <2026-11-01 or 2026-11-01..2026-11-07",
	} {
		if _, err := ParseSpan(in, spanNow, api.ServiceZone); err == nil || err.Error() != want {
			t.Errorf("ParseSpan(%q) = %v, want %q", in, err, want)
		}
	}
}

// TestTimeAndPeopleTermsMatch: created: and modified: keep the items whose
// time lies in the span (a range's last day whole, none without a time),
// severity: a bug's severity by name or code, creator: and reporter: who
// made it (@me the user); a time that cannot be read is named and filters
// nothing.
func TestTimeAndPeopleTermsMatch(t *testing.T) {
	bug := Item{Hay: "crash", ID: "1", ShortID: "1", Severity: "fatal", SeverityName: "致命", Creator: "alice",
		Created: "2026-11-26 23:59:59", Modified: "2026-11-27 01:00:00"}
	old := Item{Hay: "old", ID: "2", ShortID: "2", Severity: "advice", SeverityName: "建议", Creator: "bob",
		Created: "2026-11-07 23:59:59", Modified: "2026-11-08 00:00:00"}
	tests := []struct {
		query    string
		bug, old bool
	}{
		{"created:yesterday", true, false},
		{"created:today", false, false},
		{"modified:today", true, false},
		{"created:>3d", true, false},
		{"created:<3d", false, true},
		{"-created:yesterday", false, true},
		{"created:<2026-11-01", false, false},
		{"created:2026-11-01..2026-11-07", false, true},
		{"modified:2026-11-01..2026-11-07", false, false},
		{"created:today|yesterday", true, false},
		{"created:yesterday,2026-11-07", true, true},
		{"severity:fatal", true, false},
		{"severity:致", true, false},
		{"sev:adv", false, true},
		{"-severity:fatal", false, true},
		{"creator:ali", true, false},
		{"reporter:bob", false, true},
		{"creator:@me", true, false},
		{"created:someday crash", true, false},
	}
	for _, tt := range tests {
		q := ParseAt(tt.query, "alice", spanNow)
		if got := [2]bool{q.Match(bug), q.Match(old)}; got != [2]bool{tt.bug, tt.old} {
			t.Errorf("%q keeps the new bug %v and the old one %v; want %v and %v", tt.query, got[0], got[1], tt.bug, tt.old)
		}
	}
	if q := ParseAt("created:yesterday", "", spanNow); q.Match(Item{Hay: "x"}) {
		t.Error("created:yesterday keeps an item without a created time")
	}
	for query, want := range map[string]string{
		"created:someday crash": "created:someday is not a time: use today, yesterday, a weekday, 3d, >3d, <2026-11-01 or 2026-11-01..2026-11-07",
		"modified:<0d":          "modified:<0d: a duration must be more than zero: 36h, 3d",
		"created:":              "created: needs a value, e.g. created:yesterday",
		"creator:@me":           "creator:@me cannot apply: an API account (Basic) is not a person; use creator:NAME",
	} {
		if got := strings.Join(ParseAt(query, "", spanNow).Problems, "; "); got != want {
			t.Errorf("%q: problems %q, want %q", query, got, want)
		}
	}
	if q := ParseAt("created:someday|yesterday", "", spanNow); len(q.Terms) != 1 || len(q.Terms[0].Spans) != 1 || len(q.Problems) != 1 {
		t.Errorf("one unreadable time among two: terms %+v, problems %v", q.Terms, q.Problems)
	}
}

// TestSeverityAndCreatorValuesAreChecked: a severity or creator no option
// has is named; on a kind without a severity, severity: says only bugs
// have one; tab completes the new fields, their values and the time words.
func TestSeverityAndCreatorValuesAreChecked(t *testing.T) {
	bugs := Options{Statuses: []Option{{"New", "new"}}, Severities: []Option{{"致命", "fatal"}, {"严重", "serious"}},
		Creators: []string{"alice", "bob"}}
	q := ParseAt("severity:fatal|critical creator:zed reporter:bob created:today", "", spanNow)
	want := "severity:critical matches no severity here (致命, 严重); creator:zed matches no creator here (alice, bob)"
	if got := strings.Join(q.Unmatched(&bugs), "; "); got != want {
		t.Errorf("unmatched:\n got %q\nwant %q", got, want)
	}
	stories := Options{Statuses: []Option{{"Planning", "planning"}}, FieldsRead: true}
	sev := ParseAt("severity:fatal", "", spanNow)
	if got := strings.Join(sev.Unmatched(&stories), "; "); got != "severity: only bugs have a severity: filter the bugs (tab on the board, --kind bug for triage list)" {
		t.Errorf("severity: on stories says %q", got)
	}
	for _, tt := range []struct{ typed, want, fit string }{
		{"cr", "creat", "created:, creator:"},
		{"crea", "creat", "created:, creator:"},
		{"sev", "severity:", "severity:"},
		{"mod", "modified:", "modified:"},
		{"created:y", "created:yesterday", "yesterday"},
		{"-modified:>", "-modified:>", ">3d, >7d"},
		{"severity:严", "severity:严重", "严重"},
		{"reporter:", "reporter:", "@me, alice, bob"},
	} {
		got, fit := bugs.Complete(tt.typed, true)
		if got != tt.want || strings.Join(fit, ", ") != tt.fit {
			t.Errorf("%q: completes to %q with %q, want %q with %q", tt.typed, got, strings.Join(fit, ", "), tt.want, tt.fit)
		}
	}
}
