package store

import (
	"strings"
	"testing"
)

const sectionsFile = `keys:
  board:
    next-priority: ["]", "L"]
    undo-last-change: z
commands:
  - name: grep the log
    key: C
    run: [git, log, "--grep={{.ShortID}}"]
  - key: X
    shell: echo {{.Title}} >> notes
    output: discard
views:
  - name: urgent bugs
    key: "!"
    kind: bug
    query: prio:urgent owner:@me
    mode: list
    sort: -modified
`

// TestConfigSections: keys, commands and views are read with their lines;
// a command's values are quoted for a shell script.
func TestConfigSections(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, sectionsFile)
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	sec := cfg.Sections
	if sec == nil || len(sec.Keys) != 2 || len(sec.Commands) != 2 || len(sec.Views) != 1 {
		t.Fatalf("sections %+v", sec)
	}
	if k := sec.Keys[0]; k.View != "board" || k.Action != "next-priority" || strings.Join(k.Keys, " ") != "] L" || k.Line != 3 {
		t.Errorf("first key %+v", k)
	}
	it := CommandItem{ShortID: "12", Title: "it's $(rm -rf /)"}
	args, err := sec.Commands[0].Args(it)
	if err != nil || strings.Join(args, " ") != "git log --grep=12" || sec.Commands[0].Output != OutputPane {
		t.Errorf("run args %q (%v)", args, err)
	}
	args, err = sec.Commands[1].Args(it)
	if err != nil || len(args) != 3 || args[2] != `echo 'it'\''s $(rm -rf /)' >> notes` || sec.Commands[1].Output != OutputDiscard {
		t.Errorf("shell args %q (%v)", args, err)
	}
	if v := sec.Views[0]; v.Name != "urgent bugs" || v.Key != "!" || v.Kind != "bug" || v.Mode != "list" || v.Sort != "-modified" || v.Query != "prio:urgent owner:@me" {
		t.Errorf("view %+v", v)
	}
}

// TestConfigSectionErrorsNameTheLine: every mistake names its line.
func TestConfigSectionErrorsNameTheLine(t *testing.T) {
	tests := []struct{ file, want string }{
		{"keys: [a]\n", "line 1: keys: want one `view:`"},
		{"keys:\n  board:\n    undo: {a: b}\n", "line 3: keys: board.undo: want a key or a list of keys"},
		{"keys:\n  board:\n    undo: [\"\"]\n", "line 3: keys: board.undo: a key cannot be empty"},
		{"commands:\n  - key: C\n", "line 2: commands: an entry needs run:"},
		{"commands:\n  - key: C\n    run: [echo, \"{{.Nope}}\"]\n", "line 3: commands:"},
		{"commands:\n  - key: C\n    run: [x]\n    output: screen\n", "line 4: commands: output: want pane or discard"},
		{"commands:\n  - key: C\n    run: [x]\n    env: {A: b}\n", `line 4: commands: unknown field "env"`},
		{"views:\n  - kind: bug\n", "line 2: views: a view needs a name"},
		{"views:\n  - name: a\n    mode: grid\n", "line 3: views: mode: \"grid\" is not one; write one of columns, board, list (e.g. `mode: list`)"},
		{"views:\n  - name: a\n    sort: size\n", "line 3: views: sort: \"size\" is not one; write one of priority"},
	}
	for _, tt := range tests {
		paths := PathsIn(t.TempDir())
		writeConfigFile(t, paths.ConfigFile, tt.file)
		_, err := LoadConfig(paths, envOf(nil))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q gives %v, want %q", tt.file, err, tt.want)
		}
	}
}
