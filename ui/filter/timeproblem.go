package filter

import "triage/ui/i18n"

// timeProblem is why a value is not a time, in the language in use when it
// is written out; errors.Is still finds it, whatever the language.
type timeProblem string

func (p timeProblem) Error() string { return i18n.T(string(p)) }

var (
	// errBackwards says a range of days ends before it starts.
	errBackwards error = timeProblem("ends before it starts: write the earlier day first, 2026-11-01..2026-11-07")
	// errNotPositive says a duration ago does not reach back.
	errNotPositive error = timeProblem("a duration must be more than zero: 36h, 3d")
)
