package listcols

import (
	"testing"

	"triage/api"
	"triage/ui/sortkey"
)

// TestLayShares: the title takes what the others leave; when it would be
// too narrow the modified time goes first, unless the list is sorted by
// it; only bugs have a severity; a view's columns keep only those named.
func TestLayShares(t *testing.T) {
	wide := Lay(160, 3, api.Story, sortkey.Priority, "")
	if wide.W[Severity] != 0 || wide.W[Modified] == 0 || wide.ShortTime {
		t.Errorf("a wide list of stories: %v", wide)
	}
	sum := 3
	for _, w := range wide.W {
		if w > 0 {
			sum += w + 1
		}
	}
	if sum != 160 {
		t.Errorf("the columns take %d cells of 160", sum)
	}
	if bugs := Lay(160, 3, api.Bug, sortkey.Priority, ""); bugs.W[Severity] == 0 {
		t.Error("bugs have no severity column")
	}
	narrow := Lay(70, 3, api.Story, sortkey.Priority, "")
	if narrow.W[Modified] != 0 || narrow.W[Title] < MinTitle || !narrow.ShortTime {
		t.Errorf("a narrow list: %v", narrow)
	}
	if kept := Lay(70, 3, api.Story, sortkey.Modified, ""); kept.W[Modified] == 0 {
		t.Error("a narrow list sorted by modified time dropped it")
	}
	chosen := Lay(160, 3, api.Story, sortkey.Priority, "id,owner")
	for c, w := range chosen.W {
		if show := Col(c) == ID || Col(c) == Owner || Col(c) == Title; show != (w > 0) {
			t.Errorf("with columns id,owner, %s is %d wide", Col(c).Name(), w)
		}
	}
}
