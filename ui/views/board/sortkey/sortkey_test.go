package sortkey

import "testing"

// TestNamesRoundTrip: every sort reads back as views name it, "-" for
// descending; an unknown name is refused.
func TestNamesRoundTrip(t *testing.T) {
	for k := range Count {
		for _, desc := range []bool{false, true} {
			s := Sort{Key: k, Desc: desc}
			if got, ok := Parse(s.Name()); !ok || got != s {
				t.Errorf("Parse(%q) = %v, %v; want %v", s.Name(), got, ok, s)
			}
		}
	}
	if s, ok := Parse("-modified"); !ok || s != (Sort{Key: Modified, Desc: true}) {
		t.Errorf(`Parse("-modified") = %v, %v`, s, ok)
	}
	if s, ok := Parse("-created"); !ok || s != (Sort{Key: Created, Desc: true}) {
		t.Errorf(`Parse("-created") = %v, %v`, s, ok)
	}
	for _, bad := range []string{"", "-", "iteration", "Title"} {
		if _, ok := Parse(bad); ok {
			t.Errorf("Parse(%q) knew it", bad)
		}
	}
}

// TestIDsCompareAsNumbers: ids compare by length first; other texts as strings.
func TestIDsCompareAsNumbers(t *testing.T) {
	if Compare(ID, "9", "10") >= 0 || Compare(Title, "9", "10") <= 0 {
		t.Error("ids do not compare as numbers, or titles do")
	}
}
