package uitest

import (
	"strings"
	"testing"

	"triage/ui/common"
	"triage/ui/i18n"
)

// Case is one golden screen of a table: Name names its subtest and so the
// folder of its golden files; Service makes the service it runs over (nil:
// NewService).
type Case struct {
	Name    string
	Service func() common.Service
	Screen  Screen
}

// Goldens runs each case by Golden as a subtest of its name, in the
// language in use: at every size and theme, no line wider or taller than
// the terminal, the screen as its golden files hold it. A view's English
// table and its Chinese one (after InChinese) go through it alike.
func Goldens(t *testing.T, cases ...Case) {
	t.Helper()
	for _, c := range cases {
		svc := c.Service
		if svc == nil {
			svc = func() common.Service { return NewService() }
		}
		t.Run(c.Name, func(t *testing.T) { Golden(t, svc, c.Screen) })
	}
}

// InChinese makes Chinese the language of the test, and the language in
// use before it the language again when the test ends.
func InChinese(t testing.TB) {
	t.Helper()
	before := i18n.Current()
	i18n.Use(i18n.Chinese)
	t.Cleanup(func() { i18n.Use(before) })
}

// Showing is a Screen's Ready that waits for text on the screen.
func Showing(text string) func(screen string) bool {
	return func(screen string) bool { return strings.Contains(screen, text) }
}
