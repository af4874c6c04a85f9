package wiring

import (
	"fmt"

	"triage/ui/i18n"
)

// Words writes a command's own words: in the language in use where a
// person reads them (a table on a terminal), in English where a script
// does (tab-separated lines when piped), so that what scripts parse stays
// as it was. The variables of this type are named say: a test checks that
// each literal format given to one is in the catalogues.
type Words func(format string, args ...any) string

// WordsFor is the words for a person (i18n.Tf), or for a script.
func WordsFor(person bool) Words {
	if person {
		return i18n.Tf
	}
	return fmt.Sprintf
}
