package cli

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// runCLI runs the command line in-process and returns its exit code and output.
func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errOut strings.Builder
	code = Run(context.Background(), Streams{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: func(string) string { return "" }}, "", args)
	return code, out.String(), errOut.String()
}

// TestHelpAndFlagErrors: help lists the commands, each command shows its own
// flags with two dashes, and a mistake is one line on stderr with exit 2.
func TestHelpAndFlagErrors(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		out      []string // in stdout, in order
		errLine  string   // the whole of stderr, when set
		notInOut []string
	}{
		{"--help lists the commands", []string{"--help"}, 0, []string{"triage demo", "triage login", "triage completion"}, "", nil},
		{"-h too", []string{"-h"}, 0, []string{"triage status"}, "", nil},
		{"help too", []string{"help"}, 0, []string{"triage log"}, "", nil},
		{"help COMMAND", []string{"help", "login"}, 0, []string{"Usage: triage login [--web | --token | --basic]", "Flags:", "  --basic ", "  --web-url URL "}, "", []string{" -web"}},
		{"COMMAND --help", []string{"serve", "--help"}, 0, []string{"Usage: triage serve", "--addr ADDRESS", "(default 127.0.0.1:8080)", "--latency DURATION"}, "", nil},
		{"the board's flags", []string{"help", "status"}, 0, []string{"--offline"}, "", nil},
		{"unknown flag", []string{"login", "--bogus"}, 2, nil, `triage: unknown flag --bogus for "triage login" (see 'triage login --help')` + "\n", []string{"Usage"}},
		{"unknown flag of the board", []string{"--bogus"}, 2, nil, `triage: unknown flag --bogus for "triage" (see 'triage --help')` + "\n", nil},
		{"bad value", []string{"demo", "--items", "x"}, 2, nil, `triage: invalid value "x" for flag --items: parse error (see 'triage demo --help')` + "\n", nil},
		{"missing value", []string{"log", "--since"}, 2, nil, "triage: flag --since needs a value (see 'triage log --help')\n", nil},
		{"unknown command", []string{"frobnicate"}, 2, nil, `triage: unknown command "frobnicate" (see 'triage help')` + "\n", nil},
		{"help of an unknown command", []string{"help", "frobnicate"}, 2, nil, `triage: unknown command "frobnicate" (see 'triage help')` + "\n", nil},
		{"version", []string{"version"}, 0, []string{"triage "}, "", []string{"triage dev\n"}},
		{"version --help", []string{"version", "--help"}, 0, []string{"Usage: triage version\n", "Print the version."}, "", nil},
		{"completion -h says how to load it", []string{"completion", "-h"}, 0, []string{"Usage: triage completion bash|zsh|fish", "source <(triage completion bash)"}, "", nil},
		{"completion needs a shell", []string{"completion"}, 2, nil, "triage: completion takes a shell: bash, zsh or fish (e.g. source <(triage completion bash))\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errOut)
			}
			rest := out
			for _, w := range tt.out {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tt.notInOut {
				if strings.Contains(out+errOut, n) {
					t.Errorf("output shows %q:\n%s%s", n, out, errOut)
				}
			}
			if tt.errLine != "" && errOut != tt.errLine {
				t.Errorf("stderr = %q, want %q", errOut, tt.errLine)
			}
		})
	}
	_, help, _ := runCLI("help")
	for _, args := range [][]string{{"--help"}, {"-h"}} {
		if _, out, _ := runCLI(args...); out != help {
			t.Errorf("%s does not print the help text", args[0])
		}
	}
}

// TestBashCompletion sources the bash script and asks it to complete, as
// bash does on TAB.
func TestBashCompletion(t *testing.T) {
	_, script, _ := runCLI("completion", "bash")
	cases := []struct {
		line string // the words typed; the last is completed
		want string
	}{
		{"triage lo", "log login logout"},
		{"triage login --w", "--web --web-url --workspace"},
		{"triage serve --t", "--token-ttl"},
		{"triage completion z", "zsh"},
		{"triage help st", "status"},
		{"triage --ins", "--insecure-storage"},
	}
	for _, c := range cases {
		words := strings.Fields(c.line)
		probe := script + "\nCOMP_WORDS=(" + strings.Join(words, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(words)-1) +
			"\n_triage\necho \"${COMPREPLY[*]}\"\n"
		out, err := exec.Command("bash", "-c", probe).CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		got := strings.Fields(string(out))
		slices.Sort(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q completes to %q, want %q", c.line, strings.Join(got, " "), c.want)
		}
	}
}

// TestCompletionScriptsParse checks each script's syntax with its shell,
// where the shell is installed.
func TestCompletionScriptsParse(t *testing.T) {
	for _, sh := range []struct{ name, check string }{{"bash", "-n"}, {"zsh", "-n"}, {"fish", "--no-execute"}} {
		t.Run(sh.name, func(t *testing.T) {
			code, script, errOut := runCLI("completion", sh.name)
			if code != 0 || !strings.Contains(script, "triage") {
				t.Fatalf("completion %s: exit %d, %s", sh.name, code, errOut)
			}
			path, err := exec.LookPath(sh.name)
			if err != nil {
				if os.Getenv("CI") != "" {
					t.Fatalf("%s is missing; .ci/run installs it", sh.name)
				}
				t.Skipf("%s is not installed (apt-get install %s)", sh.name, sh.name)
			}
			cmd := exec.Command(path, sh.check)
			cmd.Stdin = strings.NewReader(script)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s %s: %v\n%s\n%s", sh.name, sh.check, err, out, script)
			}
		})
	}
}

// TestReadmeShowsTheHelp: the README's "Using it" block is the command list
// that triage help prints.
func TestReadmeShowsTheHelp(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "## Using it\n\n```\n")
	block, _, _ = strings.Cut(block, "```")
	if !ok {
		t.Fatal(`README.md has no "## Using it" code block`)
	}
	_, help, _ := runCLI("help")
	_, list, _ := strings.Cut(help, "Usage:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	want := strings.ReplaceAll("\n"+list, "\n  ", "\n")[1:] + "\n"
	if block != want {
		t.Errorf("README's Using it block:\n%s\nwant the command list of triage help:\n%s", block, want)
	}
}
