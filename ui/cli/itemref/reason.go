package itemref

import (
	"fmt"

	"triage/ui/i18n"
)

// Reason is why a value or a change is refused, or what became of it: in
// English, as --json prints it and scripts read it, and in the language in
// use, for the line a person reads.
type Reason struct{ English, Shown string }

// Because is the reason a format and its values say; the format is a
// message of the catalogues. A value that is a Reason is written in the
// language of each text.
func Because(format string, args ...any) Reason {
	english, shown := make([]any, len(args)), make([]any, len(args))
	for i, a := range args {
		english[i], shown[i] = a, a
		if r, ok := a.(Reason); ok {
			english[i], shown[i] = r.English, r.Shown
		}
	}
	return Reason{English: fmt.Sprintf(format, english...), Shown: i18n.Tf(format, shown...)}
}

// AsIs is a reason written elsewhere (the service's answer, an error), the
// same in both.
func AsIs(s string) Reason { return Reason{English: s, Shown: s} }

// None reports whether there is no reason: nothing was refused.
func (r Reason) None() bool { return r.English == "" }

// Joined is the reason followed by more, after "; ".
func (r Reason) Joined(more string) Reason {
	return Reason{English: r.English + "; " + more, Shown: r.Shown + "; " + more}
}
