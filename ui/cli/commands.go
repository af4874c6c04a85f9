package cli

import (
	"context"
	"fmt"

	"triage/api"
	"triage/ui/cli/demo"
	"triage/ui/cli/items"
	"triage/ui/cli/log"
	"triage/ui/cli/login"
	newitem "triage/ui/cli/new"
	"triage/ui/cli/open"
	"triage/ui/cli/profile"
	"triage/ui/cli/serve"
	"triage/ui/cli/set"
	"triage/ui/cli/status"
	"triage/ui/cli/wiring"
)

// command is one command of triage. Its table is the single definition the
// dispatcher, the help and the completion scripts read.
type command struct {
	name     string // "" is the board
	synopsis string // what follows "triage NAME" in the usage line
	summary  string // one line, for the command list and completion
	details  string // more for its help, when a command needs it
	run      wiring.Command
}

// commandTable lists the commands in the order help shows them.
func commandTable() []command {
	return []command{
		{"", "[--workspace ID] [global flags]", "open the board (logs in first when needed)", "", open.NewCmd(nil)},
		{"demo", "[--items N]", "the app on a built-in local service, no account needed", "", demo.NewCmd(nil)},
		{"serve", "[--addr ADDRESS] [--data FILE] [flags]", "run the local TAPD-compatible service", "", serve.NewCmd(nil)},
		{"login", "[--web | --token | --basic] [global flags]", "log in to the service and remember it",
			"Without a flag it asks which way: the browser first when an OAuth application's\nclient id and secret are set (TRIAGE_CLIENT_ID, TRIAGE_CLIENT_SECRET), else a\npersonal access token. Without a terminal to ask on, give one of the flags.\nExample: triage login --token <<<\"$TRIAGE_TOKEN\"", login.NewCmd(nil)},
		{"logout", "[global flags]", "forget the credential of the current service", "", login.Logout},
		{"status", "[--offline] [--json] [global flags]", "who is logged in, checked with the service (exit 1: no, 3: not checked)", "", status.NewCmd(nil)},
		{"list", "[--kind KIND] [--mine] [--json] [QUERY...]", "print the items that pass a filter, or those waiting on you everywhere",
			"QUERY is the board's filter: words, status:NAME, owner:NICK|@me, prio:LABEL|none,\niter:NAME|@current|@next|none, severity:NAME, creator:NICK|@me (reporter: of bugs),\nis:open or is:closed (the status is not, or is, a final one of the workflow),\ncreated: and modified: with today, yesterday, >3d, <2026-11-01 or 2026-11-01..2026-11-07,\na custom field by its name (来源渠道:VALUE, cf:NAME:VALUE), #12, -term; values match\nby prefix, alternatives joined by | or ,. A value that matches nothing the workspace\nhas is an error.\nPiped, lines are tab-separated with no header.\nExample: triage list --kind bug prio:High owner:@me --columns id,title,status", items.NewCmdList(nil)},
		{"view", "ID [--comments] [--json] [--web] [--save DIR]", "print one item as the preview shows it (--attachments: its files), or open it in the browser",
			"ID is the short id shown on cards (12 or #12), with its kind (bug/12), the full id,\nor the item's web address. An id a story, a bug and a task share is an error that\nlists them (exit 2), unless --kind or bug/12 picks one.\nExample: triage view bug/6 --comments", items.NewCmdView(nil)},
		{"set", "ID... [--priority LABEL] [--title TEXT] [flags]", "change items through the outbox, as the board does (exit 1: refused or conflict, 3: no answer)",
			"Each item is read just before the write, and written only if the field still has\nthe value you saw: --if-priority LABEL, or the value read when set started.\n--dry-run prints what would change. When the service does not answer (refused,\ntime-out, 429, 5xx, a proxy's page: exit 3) nothing is kept, unless --queue keeps\nthe edits, sent once at the next start (with --if-priority).\nA status moves one step of the workflow, with the fields its move asks for as\n--field NAME=VALUE; owners are workspace members (a,b);\n--iteration none unplans; --comment is added after the item's other changes.\nExample: triage set 12 '#13' --kind story --priority High --if-priority Low\nExample: triage set story/12 --status developing --owner alice,bob --comment 'Taking it'\nExample: triage set bug/12 bug/13 --status rejected --field resolution=duplicated", set.NewCmd(nil)},
		{"new", "--kind KIND --title TEXT [--field NAME=VALUE]", "make a story, bug or task through the outbox, as n on the board does (exit 1: refused, 3: no answer)",
			"The fields the workspace requires on a new item (its workflow's first step) must be\ngiven as --field NAME=VALUE, by name or label, a value by its name or label; the\nowner defaults to you. A field missing names the values it takes (exit 1), and\nnothing is queued. Prints the new item's id and address, or --json the item.\nExample: triage new --kind bug --title 'Totals are off' --field severity=serious --field owner=alice", newitem.NewCmd(nil)},
		{"profile", "use NAME | list", "switch the profile in use, or list the config's profiles",
			"A profile is an entry of profiles: in the config file, each with its base_url,\nauth_url, web_url, client_id and workspace, and its own credential, cache and\noutbox. --profile NAME or TRIAGE_PROFILE picks one for one run; default names\nthe settings at the top of the file.", profile.NewCmd(nil)},
		{"log", "[--json] [--since TIME] [global flags]", "today's changes on the service, for a stand-up", "", log.NewCmd(nil)},
		{"version", "", "print the version", "", cmdVersion},
		{"help", "[COMMAND]", "this text, or the flags of a command", "", cmdHelp},
		{"completion", "bash|zsh|fish", "print a shell completion script",
			"Load it with source <(triage completion bash), source <(triage completion zsh)\nafter compinit, or triage completion fish | source.", cmdCompletion},
	}
}

// lookupCommand finds a command by name.
func lookupCommand(name string) (command, bool) {
	if name == completeCommand.name {
		return completeCommand, true
	}
	for _, cmd := range commandTable() {
		if cmd.name == name {
			return cmd, true
		}
	}
	return command{}, false
}

// usageLine is the command's synopsis: "triage NAME FLAGS".
func (cmd command) usageLine() string {
	line := "triage"
	if cmd.name != "" {
		line += " " + cmd.name
	}
	if cmd.synopsis != "" {
		line += " " + cmd.synopsis
	}
	return line
}

// errUnknownCommand is the one line for a command triage does not have.
func errUnknownCommand(name string) error {
	return api.Errorf("%w: unknown command %q (see 'triage help')", wiring.ErrUsage, name)
}

// cmdVersion is `triage version`.
func cmdVersion(c *wiring.Factory, _ context.Context, args []string) error {
	if len(args) > 0 {
		return api.Errorf("%w: version takes no arguments (got %q)", wiring.ErrUsage, args[0])
	}
	_, err := fmt.Fprintln(c.Stdout, "triage", versionString(c.Version))
	return err
}
