package cli

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"triage/api"

	"triage/ui/cli/wiring"
)

// `triage completion bash|zsh|fish` prints a completion script for the
// shell. Commands and their summaries come from the command table, each
// command's flags from its own flag set: the script completes exactly what
// the command line takes.

// completion is what a script completes: per command its summary and flags.
type completion struct {
	name    string // "" for the board's own flags
	summary string
	flags   []compFlag
}

type compFlag struct {
	name, usage string
	value       bool   // takes a value
	source      string // the __complete source of its values, if any
}

// completions collects the commands, summaries and flags of the command table.
func completions(ctx context.Context) []completion {
	var out []completion
	for _, cmd := range commandTable() {
		comp := completion{name: cmd.name, summary: cmd.summary}
		if fs := flagsOf(ctx, cmd); fs != nil {
			fs.VisitAll(func(f *flag.Flag) {
				value, usage := flag.UnquoteUsage(f)
				comp.flags = append(comp.flags, compFlag{name: f.Name, usage: usage, value: value != "", source: valueSources[f.Name]})
			})
		}
		out = append(out, comp)
	}
	return out
}

// cmdCompletion is `triage completion SHELL`.
func cmdCompletion(c *wiring.Factory, ctx context.Context, args []string) error {
	if len(args) != 1 {
		return api.Errorf("%w: completion takes a shell: bash, zsh or fish (e.g. source <(triage completion bash))", wiring.ErrUsage)
	}
	comps := completions(ctx)
	var script string
	switch args[0] {
	case "bash":
		script = bashCompletion(comps)
	case "zsh":
		script = zshCompletion(comps)
	case "fish":
		script = fishCompletion(comps)
	default:
		return api.Errorf("%w: no completion for %q: use bash, zsh or fish", wiring.ErrUsage, args[0])
	}
	_, err := fmt.Fprint(c.Stdout, script)
	return err
}

// names lists the commands, or the flags of one as --name.
func names(comps []completion) string {
	var out []string
	for _, comp := range comps {
		if comp.name != "" {
			out = append(out, comp.name)
		}
	}
	return strings.Join(out, " ")
}

func flagWords(comp completion) string {
	var out []string
	for _, f := range comp.flags {
		out = append(out, "--"+f.name)
	}
	return strings.Join(out, " ")
}

// shellWord quotes s for a single-quoted shell word.
func shellWord(s string) string { return strings.ReplaceAll(s, "'", `'\''`) }

func bashCompletion(comps []completion) string {
	var b strings.Builder
	b.WriteString("# bash completion for triage: source <(triage completion bash)\n")
	b.WriteString("_triage() {\n\tlocal cur=${COMP_WORDS[COMP_CWORD]} cmd= words=\n")
	b.WriteString("\tif ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[1]} != -* ]]; then cmd=${COMP_WORDS[1]}; fi\n")
	b.WriteString(bashValues())
	b.WriteString("\tif [[ -z $cmd && $cur != -* ]]; then\n\t\twords='" + names(comps) + "'\n\telse\n\t\tcase $cmd in\n")
	for _, comp := range comps {
		switch comp.name {
		case "help":
			fmt.Fprintf(&b, "\t\thelp) words='%s' ;;\n", names(comps))
		case "completion":
			b.WriteString("\t\tcompletion) words='bash zsh fish' ;;\n")
		case "profile":
			b.WriteString("\t\tprofile) words='use list' ;;\n")
		default:
			fmt.Fprintf(&b, "\t\t'%s') words='%s' ;;\n", comp.name, flagWords(comp))
		}
	}
	b.WriteString("\t\tesac\n\tfi\n\tCOMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n}\ncomplete -o default -F _triage triage\n")
	return b.String()
}

func zshCompletion(comps []completion) string {
	var b strings.Builder
	b.WriteString("#compdef triage\n# zsh completion for triage: source <(triage completion zsh), after compinit\n")
	b.WriteString("_triage_values() {\n\tlocal -a vals\n\tvals=(${(f)\"$(triage __complete $1 2>/dev/null)\"})\n\tcompadd -a vals\n}\n")
	b.WriteString("_triage() {\n\tlocal -a cmds\n\tcmds=(\n")
	for _, comp := range comps {
		if comp.name != "" {
			fmt.Fprintf(&b, "\t\t'%s:%s'\n", comp.name, shellWord(comp.summary))
		}
	}
	b.WriteString("\t)\n\tif (( CURRENT == 2 )) && [[ $words[2] != -* ]]; then\n\t\t_describe command cmds\n\t\treturn\n\tfi\n")
	b.WriteString("\tlocal cmd=$words[2]\n\t[[ $cmd == -* ]] && cmd=\n\tcase $cmd in\n")
	for _, comp := range comps {
		switch comp.name {
		case "help":
			b.WriteString("\thelp) _describe command cmds ;;\n")
		case "completion":
			b.WriteString("\tcompletion) compadd bash zsh fish ;;\n")
		case "profile":
			b.WriteString("\tprofile) if (( CURRENT == 3 )); then compadd use list; else _triage_values profiles; fi ;;\n")
		default:
			fmt.Fprintf(&b, "\t'%s') _arguments \\\n", comp.name)
			for _, f := range comp.flags {
				arg := ""
				switch {
				case f.source != "":
					arg = ":" + f.name + ":{_triage_values " + f.source + "}"
				case f.value:
					arg = ":" + f.name + ":"
				}
				fmt.Fprintf(&b, "\t\t'--%s[%s]%s' \\\n", f.name, shellWord(strings.NewReplacer("[", "(", "]", ")", ":", " ").Replace(f.usage)), arg)
			}
			b.WriteString("\t\t;;\n")
		}
	}
	b.WriteString("\tesac\n}\nif (( $+functions[compdef] )); then compdef _triage triage; fi\n")
	return b.String()
}

func fishCompletion(comps []completion) string {
	var b strings.Builder
	b.WriteString("# fish completion for triage: triage completion fish | source\ncomplete -c triage -f\n")
	for _, comp := range comps {
		cond := "__fish_seen_subcommand_from " + comp.name
		if comp.name == "" {
			cond = "__fish_use_subcommand"
		} else {
			fmt.Fprintf(&b, "complete -c triage -n __fish_use_subcommand -a %s -d '%s'\n", comp.name, shellWord(comp.summary))
		}
		switch comp.name {
		case "help":
			fmt.Fprintf(&b, "complete -c triage -n '%s' -a '%s'\n", cond, names(comps))
		case "completion":
			fmt.Fprintf(&b, "complete -c triage -n '%s' -a 'bash zsh fish'\n", cond)
		case "profile":
			fmt.Fprintf(&b, "complete -c triage -n '%s; and not __fish_seen_subcommand_from use list' -a 'use list'\n", cond)
			b.WriteString("complete -c triage -n '__fish_seen_subcommand_from profile; and __fish_seen_subcommand_from use' -a '(triage __complete profiles)'\n")
		}
		for _, f := range comp.flags {
			req := ""
			switch {
			case f.source != "":
				req = " -r -a '(triage __complete " + f.source + ")'"
			case f.value:
				req = " -r"
			}
			fmt.Fprintf(&b, "complete -c triage -n '%s' -l %s%s -d '%s'\n", cond, f.name, req, shellWord(f.usage))
		}
	}
	return b.String()
}

// bashValues completes the value of a flag that takes a profile or a
// priority label, and the profile of `profile use`, from triage __complete.
func bashValues() string {
	bySource := map[string][]string{}
	for flagName, src := range valueSources {
		bySource[src] = append(bySource[src], "--"+flagName)
	}
	var b strings.Builder
	b.WriteString("\tlocal prev=${COMP_WORDS[COMP_CWORD-1]} src=\n\tcase $prev in\n")
	for _, src := range slices.Sorted(maps.Keys(bySource)) {
		slices.Sort(bySource[src])
		fmt.Fprintf(&b, "\t%s) src=%s ;;\n", strings.Join(bySource[src], "|"), src)
	}
	b.WriteString("\tuse) [[ $cmd == profile ]] && src=profiles ;;\n\tesac\n")
	b.WriteString("\tif [[ -n $src ]]; then\n\t\tlocal IFS=$'\\n'\n\t\tCOMPREPLY=($(compgen -W \"$(triage __complete $src 2>/dev/null)\" -- \"$cur\"))\n\t\treturn\n\tfi\n")
	return b.String()
}
