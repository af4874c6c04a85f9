package items

import (
	"testing"

	"triage/ui/i18n"
)

// TestMineColumnsAreCatalogued: the headers of list --mine's table,
// translated where they are drawn, are in both catalogues, one for each
// cell of a row.
func TestMineColumnsAreCatalogued(t *testing.T) {
	if len(mineColumns) != len(mineCells) {
		t.Fatalf("%d headers for %d cells", len(mineColumns), len(mineCells))
	}
	for _, msg := range mineColumns {
		if missing := i18n.Missing(msg); len(missing) > 0 {
			t.Errorf("%q is missing from the %v catalogue", msg, missing)
		}
	}
}
