package status

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/auth"
	"triage/ui/i18n"
)

// TestStatusWordsAreCatalogued walks what `triage status` translates where
// it prints it: its labels, the names of the logins and of the credentials.
func TestStatusWordsAreCatalogued(t *testing.T) {
	words := []string{"Service:", "Status:", "User:", "Method:", "Workspace:", "Scope:", "Expires:", "Stored in:", "In use:", "Rate limit:"}
	for _, m := range []auth.Method{auth.MethodOAuth, auth.MethodToken, auth.MethodBasic} {
		words = append(words, loginName(m), auth.CredentialName(m))
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is printed translated but missing from the %v catalogue", w, missing)
		}
	}
}

// TestLabelsLineUpInEitherLanguage: every label takes 12 cells, though a
// Chinese rune takes two.
func TestLabelsLineUpInEitherLanguage(t *testing.T) {
	defer i18n.Use(i18n.Current())
	for _, lang := range []i18n.Lang{i18n.English, i18n.Chinese} {
		i18n.Use(lang)
		for _, name := range []string{"Service:", "Stored in:", "Rate limit:", ""} {
			if got := ansi.StringWidth(label(name)); got != labelCells {
				t.Errorf("%s: label(%q) = %q, %d cells, want %d", lang, name, label(name), got, labelCells)
			}
		}
	}
}
