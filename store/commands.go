package store

import (
	"io"
	"strings"
	"text/template"

	"gopkg.in/yaml.v3"

	"triage/api"
)

// Command is one entry of `commands:` in the config file: a key of the
// board that runs a program on the focused item (gh-dash's custom commands,
// k9s's plugins). Run is the program and its arguments, each a template
// over CommandItem, run without a shell; Shell, instead, is a script for
// sh -c, where every value is quoted. Output "pane" shows what it printed;
// "discard" drops it.
type Command struct {
	Name   string
	Key    string
	Run    []*template.Template
	Shell  *template.Template
	Output string
	Line   int
}

// The outputs of a command.
const (
	OutputPane    = "pane"
	OutputDiscard = "discard"
)

// CommandItem is what a command's templates see of the focused item:
// {{.ID}} {{.ShortID}} {{.URL}} {{.Title}} {{.Workspace}} {{.Kind}} {{.Priority}}.
type CommandItem struct {
	ID, ShortID, URL, Title, Workspace, Kind, Priority string
}

// Quoted is the item with every value quoted for sh, for Shell scripts.
func (c CommandItem) Quoted() CommandItem {
	q := func(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
	return CommandItem{q(c.ID), q(c.ShortID), q(c.URL), q(c.Title), q(c.Workspace), q(c.Kind), q(c.Priority)}
}

// Args are the program and its arguments for an item; with Shell, "sh",
// "-c" and the script with the item's values quoted.
func (c Command) Args(it CommandItem) ([]string, error) {
	if c.Shell != nil {
		var b strings.Builder
		if err := c.Shell.Execute(&b, it.Quoted()); err != nil {
			return nil, api.Errorf("command %s: %w", c.Name, err)
		}
		return []string{"sh", "-c", b.String()}, nil
	}
	out := make([]string, len(c.Run))
	for i, t := range c.Run {
		var b strings.Builder
		if err := t.Execute(&b, it); err != nil {
			return nil, api.Errorf("command %s: %w", c.Name, err)
		}
		out[i] = b.String()
	}
	return out, nil
}

// decodeCommands reads `commands:`, a list of {name, key, run | shell,
// output}. Each template is tried on an item, so that a field it does not
// have is an error naming its line here rather than at the key press.
func decodeCommands(v *yaml.Node, list *[]Command) error {
	if v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		return api.Errorf("line %d: commands: want a list of `- key: K` entries, each with run: [program, args] or shell: SCRIPT", v.Line)
	}
	for _, entry := range v.Content {
		c, err := decodeCommand(entry)
		if err != nil {
			return err
		}
		*list = append(*list, c)
	}
	return nil
}

// decodeCommand reads one entry of `commands:`.
func decodeCommand(entry *yaml.Node) (Command, error) {
	c := Command{Output: OutputPane, Line: entry.Line}
	if entry.Kind != yaml.MappingNode {
		return c, api.Errorf("line %d: commands: want `key:`, `run:` or `shell:`, and optionally `name:` and `output:`", entry.Line)
	}
	var runNode *yaml.Node
	for i := 0; i+1 < len(entry.Content); i += 2 {
		k, val := entry.Content[i], entry.Content[i+1]
		switch k.Value {
		case "name", "key", "output", "shell":
			if val.Kind != yaml.ScalarNode {
				return c, api.Errorf("line %d: commands: %s: want a single value", val.Line, k.Value)
			}
		}
		var err error
		switch k.Value {
		case "name":
			c.Name = val.Value
		case "key":
			c.Key = val.Value
		case "output":
			if val.Value != OutputPane && val.Value != OutputDiscard {
				return c, api.Errorf("line %d: commands: output: want %s or %s", val.Line, OutputPane, OutputDiscard)
			}
			c.Output = val.Value
		case "shell":
			c.Shell, err = commandTemplate(val.Line, val.Value)
		case "run":
			runNode = val
		default:
			return c, api.Errorf("line %d: commands: unknown field %q; an entry has name, key, run, shell and output", k.Line, k.Value)
		}
		if err != nil {
			return c, err
		}
	}
	if runNode != nil {
		if runNode.Kind != yaml.SequenceNode || len(runNode.Content) == 0 {
			return c, api.Errorf("line %d: commands: run: want the program and its arguments as a list, such as [git, log, --grep, \"{{.ShortID}}\"]", runNode.Line)
		}
		for _, a := range runNode.Content {
			if a.Kind != yaml.ScalarNode {
				return c, api.Errorf("line %d: commands: run: want words", a.Line)
			}
			t, err := commandTemplate(a.Line, a.Value)
			if err != nil {
				return c, err
			}
			c.Run = append(c.Run, t)
		}
	}
	switch {
	case strings.TrimSpace(c.Key) == "":
		return c, api.Errorf("line %d: commands: an entry needs a key", entry.Line)
	case (runNode == nil) == (c.Shell == nil):
		return c, api.Errorf("line %d: commands: an entry needs run: (a program, no shell) or shell: (a script for sh -c), not both", entry.Line)
	}
	if c.Name == "" {
		c.Name = "run " + strings.SplitN(entryText(runNode), " ", 2)[0]
	}
	return c, nil
}

// entryText is the first word a command runs, for its default name.
func entryText(run *yaml.Node) string {
	if run != nil {
		return run.Content[0].Value
	}
	return "sh"
}

// commandTemplate parses a template and tries it on an empty item.
func commandTemplate(line int, text string) (*template.Template, error) {
	t, err := template.New("command").Option("missingkey=error").Parse(text)
	if err != nil {
		return nil, api.Errorf("line %d: commands: %s", line, strings.TrimPrefix(err.Error(), "template: command:"))
	}
	if err := t.Execute(io.Discard, CommandItem{}); err != nil {
		return nil, api.Errorf("line %d: commands: %s; an item has .ID .ShortID .URL .Title .Workspace .Kind .Priority", line, strings.TrimPrefix(err.Error(), "template: command:"))
	}
	return t, nil
}
