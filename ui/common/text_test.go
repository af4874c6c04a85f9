package common

import "testing"

func TestCleanDropsControls(t *testing.T) {
	if got := Clean(" a\x1b]0;title\x07b\n "); got != "a ]0;title b" {
		t.Errorf("clean = %q", got)
	}
}
