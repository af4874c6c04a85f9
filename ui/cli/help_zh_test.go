package cli

import (
	"context"
	"flag"
	"strings"
	"testing"

	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// runCLIWith runs the command line in-process with env as its environment.
func runCLIWith(env map[string]string, args ...string) (code int, stdout string) {
	var out, errOut strings.Builder
	code = Run(context.Background(), Streams{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: func(name string) string { return env[name] }}, "", args)
	return code, out.String()
}

// TestHelpSpeaksTheLanguageChosen: TRIAGE_LANG, then the locale, choose
// the language of --help; the command names, flags and the words of a
// query stay as they are typed.
func TestHelpSpeaksTheLanguageChosen(t *testing.T) {
	defer i18n.Use(i18n.Current())
	tests := []struct {
		name string
		env  map[string]string
		args []string
		out  []string // in stdout, in order
	}{
		{"TRIAGE_LANG", map[string]string{"TRIAGE_LANG": "zh-CN", "LANG": "en_US.UTF-8"}, []string{"--help"},
			[]string{"triage：用键盘分诊 TAPD 的需求、缺陷和任务。", "用法：", "triage demo [--items N]", "在内置的本地服务上运行，无需账号", "全局选项", "--workspace ID", "要打开的项目 ID", "TRIAGE_LANG（界面语言：zh-CN、en 或 auto）"}},
		{"the locale", map[string]string{"LANG": "zh_CN.UTF-8"}, []string{"serve", "--help"},
			[]string{"用法：triage serve", "运行与 TAPD 兼容的本地服务。", "选项：", "--addr ADDRESS", "（默认 127.0.0.1:8080）"}},
		{"TRIAGE_LANG wins over the locale", map[string]string{"TRIAGE_LANG": "en", "LANG": "zh_CN.UTF-8"}, []string{"help", "set"},
			[]string{"Usage: triage set", "Example: triage set 12", "Flags:", "new title TEXT"}},
		{"details", map[string]string{"TRIAGE_LANG": "zh-CN"}, []string{"help", "list"},
			[]string{"用法：triage list", "QUERY 即看板的筛选", "示例：triage list --kind bug prio:High"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out := runCLIWith(tt.env, tt.args...)
			if code != 0 {
				t.Errorf("exit %d, want 0", code)
			}
			rest := out
			for _, w := range tt.out {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("stdout lacks %q (in order):\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// TestHelpWordsAreCatalogued walks what the help translates where it
// prints it: every command's summary and details, and every flag's usage.
func TestHelpWordsAreCatalogued(t *testing.T) {
	check := func(where, msg string) {
		if missing := i18n.Missing(msg); len(missing) > 0 {
			t.Errorf("%s: %q is missing from the %v catalogue", where, msg, missing)
		}
	}
	usages := func(where string, fs *flag.FlagSet) {
		fs.VisitAll(func(f *flag.Flag) {
			_, usage := flag.UnquoteUsage(f)
			check(where+" --"+f.Name, usage)
		})
	}
	global := wiring.NewFlags("triage")
	new(wiring.GlobalFlags).Register(global)
	usages("global", global)
	check("notes", helpNotes)
	for _, cmd := range commandTable() {
		check(cmd.usageLine(), cmd.summary)
		if cmd.details != "" {
			check(cmd.usageLine(), cmd.details)
		}
		if fs := flagsOf(context.Background(), cmd); fs != nil {
			usages(cmd.usageLine(), fs)
		}
	}
}
