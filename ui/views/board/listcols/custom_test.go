package listcols

import (
	"testing"

	"triage/api"
	"triage/ui/views/board/sortkey"
)

// TestLayCustomGivesTheChosenCustomFieldsTheirWidth: only the custom
// fields a view's columns: names are laid, in the workspace's order, each
// as wide as its widest cell or its name in display cells (来源渠道 is 8),
// cut at MaxCustomCells, and taken from the title, which keeps MinTitle.
func TestLayCustomGivesTheChosenCustomFieldsTheirWidth(t *testing.T) {
	cols := []Custom{{Name: "来源渠道", Cells: 4}, {Name: "Estimate (days)", Cells: 2}, {Name: "Notes", Cells: 60}}
	chosen := "id,title,来源渠道,cf:notes"
	base := Lay(120, 2, sandboxCells, api.Story, sortkey.Priority, chosen)
	l := LayCustom(base, 120, 2, cols, chosen)
	if want := [MaxCustom]int{8, 0, MaxCustomCells}; l.Custom != want {
		t.Errorf("custom widths %v, want %v", l.Custom, want)
	}
	if l.W[Title] != base.W[Title]-(8+1)-(MaxCustomCells+1) {
		t.Errorf("title %d, want %d less the two columns and their spaces", l.W[Title], base.W[Title])
	}
	if got := LayCustom(base, 120, 2, cols, ""); got.Custom != ([MaxCustom]int{}) {
		t.Errorf("with no columns: chosen, custom widths %v, want none", got.Custom)
	}
	narrow := Lay(40, 2, sandboxCells, api.Story, sortkey.Priority, chosen)
	if got := LayCustom(narrow, 40, 2, cols, chosen); got.W[Title] < MinTitle && got.Custom != ([MaxCustom]int{}) {
		t.Errorf("at 40 cells the custom columns %v leave the title %d", got.Custom, got.W[Title])
	}
}
