package exteditor

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestEditorStartsWithoutSecrets: the editor program is started through the
// launcher, so it gets the environment without triage's own variables (its
// credentials among them), nor any other token, secret or password. A fake
// editor writes its environment into the file it edits.
func TestEditorStartsWithoutSecrets(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell script editor")
	}
	dir := t.TempDir()
	editor := filepath.Join(dir, "fake-editor")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\nexport -p > \"$1\"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("VISUAL", editor)
	t.Setenv("TRIAGE_TOKEN", "sekrit-token")
	t.Setenv("TRIAGE_API_PASSWORD", "sekrit-password")
	t.Setenv("TRIAGE_CLIENT_SECRET", "sekrit-client")
	t.Setenv("GITHUB_TOKEN", "sekrit-github")
	t.Setenv("OPENAI_API_KEY", "sekrit-openai")
	t.Setenv("TRIAGE_WORKSPACE", "sekrit-workspace")
	t.Setenv("PAGER", "kept-pager")
	path := filepath.Join(dir, "description.md")
	if err := editorCommand(path).Run(); err != nil {
		t.Fatalf("the fake editor failed: %v", err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	env := string(raw)
	if strings.Contains(env, "sekrit") {
		t.Errorf("triage's variable or a secret reaches the editor program:\n%s", env)
	}
	if !strings.Contains(env, "kept-pager") {
		t.Errorf("the rest of the environment is lost:\n%s", env)
	}
}
