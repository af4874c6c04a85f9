package filter

import (
	"strings"
	"testing"
)

// TestParseQueryNamesWhatItCannotRead: quoted values keep their spaces,
// -term negates, #12 is a short id, and a term it cannot read is named with
// the fields to use, never dropped in silence.
func TestParseQueryNamesWhatItCannotRead(t *testing.T) {
	tests := []struct {
		query   string
		terms   string // field=alt|alt, negated with a leading -
		words   string
		ids     string
		problem string // "" for none
	}{
		{`prio:"nice to have"`, "prio=nice to have", "", "", ""},
		{`status:"in progress" crash`, "status=in progress", "crash", "", ""},
		{`status:in_progress|dev`, "status=in_progress|dev", "", "", ""},
		{`-status:resolved -crash`, "-status=resolved", "-crash", "", ""},
		{`#12`, "", "", "12", ""},
		{`"two words"`, "", "two words", "", ""},
		{`foo:bar`, "", "foo:bar", "", "foo: is not a field, searched as text (use status: owner: prio: iter: created: modified: severity: creator: reporter: is: new: changed: #id -term)"},
		{`status:`, "", "", "", "status: needs a value, e.g. status:developing"},
		{`#abc`, "", "", "", "#abc: # takes an item's number, e.g. #12"},
		{`-`, "", "", "", "- needs a term after it, e.g. -status:resolved"},
		{`prio:"nice to`, "prio=nice to", "", "", `a quote is not closed: close it with "`},
		{`owner:@me`, "", "", "", "owner:@me cannot apply: an API account (Basic) is not a person; use owner:NAME"},
	}
	for _, tt := range tests {
		tq := Parse(tt.query, "")
		var terms, words []string
		for _, term := range tq.Terms {
			var alts []string
			for _, a := range term.Alts {
				alts = append(alts, a.Text)
			}
			neg := ""
			if term.Neg {
				neg = "-"
			}
			terms = append(terms, neg+term.Field+"="+strings.Join(alts, "|"))
		}
		for _, w := range tq.Words {
			if w.Neg {
				words = append(words, "-"+w.Text)
			} else {
				words = append(words, w.Text)
			}
		}
		got := [4]string{strings.Join(terms, " "), strings.Join(words, " "), strings.Join(tq.IDs, " "), strings.Join(tq.Problems, "; ")}
		if want := [4]string{tt.terms, tt.words, tt.ids, tt.problem}; got != want {
			t.Errorf("%s: got terms %q words %q ids %q problems %q\nwant %q", tt.query, got[0], got[1], got[2], got[3], want)
		}
	}
	if tq := Parse("owner:@me", "anyechen"); len(tq.Problems) > 0 || len(tq.Terms) != 1 || !tq.Terms[0].Alts[0].Exact {
		t.Errorf("owner:@me for a person: %+v", tq)
	}
}

// TestMatch: an item passes words, short ids and field terms by prefix,
// with -term negating.
func TestMatch(t *testing.T) {
	it := Item{Hay: "login page crashes\nlily", ID: "1010022001000001003", ShortID: "1003",
		Status: "in_progress", StatusName: "In progress", PriorityKey: "High", PriorityLabel: "高", Owner: "bob;lily;"}
	tests := []struct {
		query string
		want  bool
	}{
		{"login", true}, {"logout", false}, {"-crash", false}, {"1003", true}, {"#1003", true}, {"#100", false},
		{"status:in", true}, {`status:"in progress"`, true}, {"-status:in", false}, {"status:done", false},
		{"prio:hi", true}, {"prio:高", true}, {"prio:none", false}, {"owner:li", true}, {"owner:@me", true},
	}
	for _, tt := range tests {
		q := Parse(tt.query, "bob")
		if got := q.Match(it); got != tt.want {
			t.Errorf("%q matches %v, want %v", tt.query, got, tt.want)
		}
	}
	none := Item{Hay: "x"}
	if q := Parse("prio:none", ""); !q.Match(none) {
		t.Error("prio:none does not keep an item without a priority")
	}
}
