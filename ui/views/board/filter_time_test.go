package board

import (
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/views/board/sortkey"
)

// timedBugs is the fake service with its bugs made at known times, by known
// people, with severities: #1001 yesterday by lily (fatal), #1002 today by
// bob, the rest in December by bob. The board's clock is 2026-01-06 17:16.
func timedBugs() *fakeService {
	svc := newFakeService()
	svc.fields[api.Bug]["severity"] = api.Field{Name: "severity", Options: api.Options{Pairs: []api.Option{
		{Value: "fatal", Label: "致命"}, {Value: "normal", Label: "一般"}}}}
	for n := range svc.items[api.Bug] {
		it := &svc.items[api.Bug][n]
		it.Created, it.Creator, it.Severity = "2025-12-20 10:00:00", "bob", "normal"
	}
	bugs := svc.items[api.Bug]
	bugs[0].Created, bugs[0].Creator, bugs[0].Severity = "2026-01-05 23:30:00", "lily", "fatal"
	bugs[1].Created = "2026-01-06 08:00:00"
	return svc
}

// TestBoardFiltersByTimeSeverityAndCreator: created: keeps the bugs of a
// day, a range or a duration by the board's clock; severity: a bug's
// severity by name or code; creator: and reporter: who made it. A time it
// cannot read, and severity: on the stories, are named on the filter line.
func TestBoardFiltersByTimeSeverityAndCreator(t *testing.T) {
	svc := timedBugs()
	tests := []struct {
		query   string
		want    []string
		problem string
	}{
		{"created:yesterday", []string{"1001"}, ""},
		{"created:today", []string{"1002"}, ""},
		{"created:2026-01-05..2026-01-06", []string{"1001", "1002"}, ""},
		{"created:>2d", []string{"1001", "1002"}, ""},
		{"-created:<2026-01-01 -status:new", []string{"1002"}, ""},
		{"modified:<2026-01-03", []string{"1005", "1010"}, ""},
		{"severity:致命", []string{"1001"}, ""},
		{"sev:fatal", []string{"1001"}, ""},
		{"creator:lily", []string{"1001"}, ""},
		{"reporter:lily|anyechen", []string{"1001"}, ""},
		{"created:someday", nil, "✗ created:someday is not a time: use today, yesterday, a weekday, 3d, >3d, <2026-11-01 or 2026-11-01..2026-11-07"},
		{"severity:critical", nil, "✗ severity:critical matches no severity here (致命, 一般)"},
		{"creator:nobody", nil, "✗ creator:nobody matches no creator here (anyechen, bob, lily)"},
	}
	for _, tt := range tests {
		h := newHarness(t, svc, true, 200, 40).load().keys("tab", "/")
		h.m.filter.SetValue(tt.query)
		h.m.applyQuery(tt.query)
		got := shownIDs(h)
		if tt.problem == "" && !sameIDs(got, tt.want) {
			t.Errorf("%q shows %v, want %v", tt.query, got, tt.want)
		}
		screen := h.screen()
		if tt.problem != "" && (!strings.Contains(screen, tt.problem) || tt.query == "created:someday" && len(got) != 11) {
			t.Errorf("%q: %d bugs shown; the filter line does not say %q:\n%s", tt.query, len(got), tt.problem, firstLines(screen, 3))
		}
		if tt.problem == "" && strings.Contains(screen, "✗") {
			t.Errorf("%q: the filter line gives a problem:\n%s", tt.query, firstLines(screen, 3))
		}
	}
	h := newHarness(t, svc, true, 200, 40).load().keys("/")
	h.m.filter.SetValue("severity:fatal")
	h.m.applyQuery("severity:fatal")
	if want := "✗ severity: only bugs have a severity: filter the bugs (tab on the board, --kind bug for triage list)"; !strings.Contains(h.screen(), want) {
		t.Errorf("severity: on the stories does not say %q:\n%s", want, firstLines(h.screen(), 3))
	}
}

// sameIDs compares two lists of short ids in any order.
func sameIDs(got, want []string) bool {
	got, want = slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))
	return slices.Equal(got, want)
}

// TestTimeSortKeys: T lists the items by created time, newest first, from
// the columns in one key press, and again reverses; E does the same by
// modified time; the header marks the key and its direction.
func TestTimeSortKeys(t *testing.T) {
	h := newHarness(t, timedBugs(), true, 200, 40).load().keys("tab", "T")
	d := h.cur()
	if h.m.mode != modeList || d.sort != (sortkey.Sort{Key: sortkey.Created, Desc: true}) {
		t.Fatalf("T: mode %v sort %+v, want the list by created, newest first", h.m.mode, d.sort)
	}
	rows := func() []string {
		var out []string
		for _, i := range d.rows() {
			out = append(out, d.items[i].ShortID())
		}
		return out
	}
	if got := rows(); len(got) != 11 || got[0] != "1002" || got[1] != "1001" {
		t.Errorf("T lists %v, want #1002 then #1001 first", got)
	}
	if screen := h.screen(); !strings.Contains(screen, "Created ▼") || !strings.Contains(screen, "2026-01-06 00:00") {
		t.Errorf("T: no created column, newest first:\n%s", firstLines(screen, 5))
	}
	h.keys("T")
	if got := rows(); d.sort.Desc || got[9] != "1001" || got[10] != "1002" {
		t.Errorf("T again lists %v (desc %v), want #1001 then #1002 last", got, d.sort.Desc)
	}
	h.keys("E")
	if d.sort != (sortkey.Sort{Key: sortkey.Modified, Desc: true}) || !strings.Contains(h.screen(), "Modified ▼") {
		t.Errorf("E: sort %+v, want the list by modified, newest first:\n%s", d.sort, firstLines(h.screen(), 3))
	}
	if got := rows(); got[0] != "1006" || got[1] != "1011" {
		t.Errorf("E lists %v, want #1006 (modified 2026-01-06 15:35), then #1011 (10:10) first", got)
	}
	if screen := h.screen(); strings.Contains(screen, "Created") {
		t.Errorf("sorted by modified, the list still shows the created time:\n%s", firstLines(screen, 3))
	}
}
