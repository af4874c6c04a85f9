// Package exteditor runs the user's editor program ($VISUAL, else $EDITOR,
// else vi) on a text, in a file of its own, started through store/launch:
// its environment holds none of the credentials triage may have been given.
package exteditor

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store/launch"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Result is what the editor program left: the text, whether it differs
// from the text it started with, or why nothing can be saved.
type Result struct {
	Text    string
	Changed bool
	Err     error
}

// Edit writes text to a file named name and opens it in the editor
// program; once the program ends, done turns what it left into a message.
// noun names the text in errors ("description").
func Edit(noun, name, text string, done func(Result) tea.Msg) (tea.Cmd, error) {
	dir, err := os.MkdirTemp("", "triage-"+noun+"-")
	if err != nil {
		return nil, api.Errorf("could not make a file for the %s: %w", word(noun), err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		_ = os.RemoveAll(dir)
		return nil, api.Errorf("could not write the %s to edit: %w", word(noun), err)
	}
	return tea.ExecProcess(editorCommand(path), func(err error) tea.Msg {
		raw, readErr := os.ReadFile(path)
		_ = os.RemoveAll(dir)
		switch {
		case err != nil:
			return done(Result{Err: common.Advise(i18n.T("set $VISUAL or $EDITOR to an editor that works"), api.Errorf("the editor program failed, nothing saved: %w", err))})
		case readErr != nil:
			return done(Result{Err: api.Errorf("could not read the edited %s, nothing saved: %w", word(noun), readErr)})
		}
		return done(Result{Text: string(raw), Changed: string(raw) != text})
	}), nil
}

// word is the noun of the text as a word the catalogue may translate where
// the error is drawn.
func word(noun string) api.Message { return api.Message{Format: noun} }

// program is the program that edits text: $VISUAL, $EDITOR, else vi.
func program() string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if p := strings.TrimSpace(os.Getenv(v)); p != "" {
			return p
		}
	}
	return "vi"
}

// editorCommand is the editor program on path, started through the
// launcher: none of the credentials triage may hold reaches it.
func editorCommand(path string) *exec.Cmd {
	prog := strings.Fields(program())
	return launch.Command(context.Background(), os.Environ(), prog[0], append(prog[1:], path)...)
}
