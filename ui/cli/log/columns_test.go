package log

import (
	"testing"

	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// TestColumnsAreCatalogued: the headers of the log's table, translated
// where they are drawn, are in both catalogues.
func TestColumnsAreCatalogued(t *testing.T) {
	for _, msg := range Columns {
		if missing := i18n.Missing(msg); len(missing) > 0 {
			t.Errorf("%q is missing from the %v catalogue", msg, missing)
		}
	}
}

// TestStateWordsAreCatalogued: the words of the edits' states, said
// where they are drawn, are in both catalogues, alone and with an error.
func TestStateWordsAreCatalogued(t *testing.T) {
	for state, words := range stateWords {
		for _, msg := range []string{words.alone, words.withError} {
			if missing := i18n.Missing(msg); msg != "" && len(missing) > 0 {
				t.Errorf("%s: %q is missing from the %v catalogue", state, msg, missing)
			}
		}
	}
}

// TestStatesForAPersonAndForAScript: on a terminal an edit's state is in
// the language in use; piped it stays the outbox's English word.
func TestStatesForAPersonAndForAScript(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	e := store.Edit{State: store.StateFailed, LastError: "422: no such priority"}
	if got, want := state(wiring.WordsFor(true), e), "失败：422: no such priority"; got != want {
		t.Errorf("for a person %q, want %q", got, want)
	}
	if got, want := state(wiring.WordsFor(false), e), "failed: 422: no such priority"; got != want {
		t.Errorf("for a script %q, want %q", got, want)
	}
	if got, want := state(wiring.WordsFor(true), store.Edit{State: store.StateMaybeApplied}), "可能已写入"; got != want {
		t.Errorf("maybe_applied for a person %q, want %q", got, want)
	}
}
