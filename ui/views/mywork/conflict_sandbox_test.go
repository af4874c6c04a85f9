package mywork_test

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/internal/uitest"
)

// TestConflictIsAskedInMyWork: a bug of Billing Legacy changed by alice after my
// work read it, then moved with ] in my work (the board on Atlas Web), is
// asked about in my work itself, with the bug's number and title and the
// values by Billing Legacy's labels (紧急, not urgent); t takes alice's value,
// which the card then shows; on another bug, m keeps mine, which the
// service then holds.
func TestConflictIsAskedInMyWork(t *testing.T) {
	r, d, client, ctx := openMyWork(t)
	fi, err := client.FieldInfo(context.Background(), 10022003, api.Bug)
	if err != nil {
		t.Fatal(err)
	}
	label := func(v string) string { return fi.OptionLabel("priority_label", v) }
	read := func(id string) string {
		it, err := client.Get(context.Background(), 10022003, api.Bug, id)
		if err != nil {
			t.Fatal(err)
		}
		if it.PriorityLabel == "" {
			return it.Priority
		}
		return it.PriorityLabel
	}
	for _, answer := range []string{"t", "m"} {
		short, id := selectCard(t, r, d, ctx.Styles.Marks.Cursor, "Billing Legacy", "bug", map[string]int{"t": 1, "m": 2}[answer])
		was := read(id)
		theirs := "insignificant"
		if was == theirs {
			theirs = "low"
		}
		if _, err := client.UpdatePriority(context.Background(), 10022003, api.Bug, id, theirs, "alice"); err != nil {
			t.Fatal(err)
		}
		d.Press("]")
		d.Until("my work asks about the conflict", func() bool { return strings.Contains(r.v.View(), "Changed meanwhile by someone else") })
		screen := strings.Join(strings.Fields(r.v.View()), " ")
		for _, want := range []string{"#" + short + " ", "Its priority is now " + label(theirs) + "; you set ", "it was " + label(was) + " when you changed it"} {
			if !strings.Contains(screen, want) {
				t.Errorf("the question lacks %q:\n%s", want, r.v.View())
			}
		}
		if !r.v.Capturing() {
			t.Errorf("with the question open, my work leaves the keys to the root")
		}
		asked, _ := r.eng.Conflict()
		mine := asked.To
		d.Press(answer)
		d.Until("the question closes", func() bool { return !strings.Contains(r.v.View(), "Changed meanwhile") })
		d.Until("the engine has the answer", func() bool { return !r.eng.OnTheirWay() })
		want := theirs
		if answer == "m" {
			want = mine
		}
		d.Until("the service holds the answer's value", func() bool { return read(id) == want })
		d.Until("the answer is done", func() bool { return len(ctx.Tasks.Busy()) == 0 && !r.eng.OnTheirWay() })
		if line := ansi.Strip(scrollTo(r, d, "Billing Legacy", "bug   #"+short+" ")); !strings.Contains(line, "  "+label(want)+" ") || strings.HasPrefix(line, "*") {
			t.Errorf("after %s, the card of bug #%s reads %q, want %s and no change on its way", answer, short, line, label(want))
		}
	}
}

// selectCard puts the cursor on the nth card (from 1) of a kind of a
// workspace, from the top, and returns its number and id.
func selectCard(t *testing.T, r *rig, d *uitest.Driver, mark, workspace, kind string, nth int) (short, id string) {
	t.Helper()
	d.Press("g")
	seen := 0
	for range 800 {
		if l := cursorLine(r.v, mark); strings.Contains(l, workspace) && strings.Contains(l, " "+kind+" ") {
			if seen++; seen == nth {
				short = strings.TrimPrefix(strings.Fields(l[strings.Index(l, " "+kind+" "):])[1], "#")
				prefix := map[string]string{"Atlas Web": "1110022001", "星河移动": "1110022002", "Billing Legacy": "1110022003"}[workspace]
				return short, prefix + strings.Repeat("0", 9-len(short)) + short
			}
		}
		d.Press("j")
	}
	t.Fatalf("no %s of %s number %d in my work:\n%s", kind, workspace, nth, r.v.View())
	return "", ""
}

// scrollTo moves the list from the top until a card of workspace holding
// text is drawn, and returns its line.
func scrollTo(r *rig, d *uitest.Driver, workspace, text string) string {
	d.Press("g")
	for range 800 {
		if l := cardOf(r.v, workspace, text); l != "" {
			return l
		}
		d.Press("pgdown")
	}
	return ""
}
