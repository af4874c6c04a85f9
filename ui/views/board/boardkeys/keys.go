// Package boardkeys is the board's key map: its bindings by action (the
// names the config's keys: remaps), the help they make, worded after the
// field the board is grouped by, and the user's own keys (the config's
// commands and saved views) as a last group of the help.
package boardkeys

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// KeyMap holds the board's keys. It implements help.KeyMap, so the help view
// lists them.
type KeyMap struct {
	Left, Right key.Binding
	common.Motion
	NextTab, PrevTab key.Binding

	NextPriority, PrevPriority key.Binding
	PickPriority, SetPriority  key.Binding

	// The other fields.
	Move, Assign, AssignMe, Iteration, Severity, Comment, Group, Describe key.Binding

	Filter, FilterPriority, Clear key.Binding
	Complete                      key.Binding // tab in the filter
	Mine                          key.Binding
	Mode, Sort, Reverse           key.Binding
	SortCreated, SortModified     key.Binding

	Mark, MarkColumn    key.Binding
	NextNew, SeenAll    key.Binding // since you last looked: the next marked item, every mark off
	Undo, Redo, History key.Binding
	Queue               key.Binding

	Refresh, Retry key.Binding
	Open, Copy     key.Binding
	Edit, New      key.Binding
	Accept         key.Binding
	Preview        key.Binding
	// PreviewDown and PreviewUp scroll the preview pane.
	PreviewDown, PreviewUp key.Binding
	// NextFile, OpenFile and SaveFile choose, open and save the preview's
	// attachments.
	NextFile, OpenFile, SaveFile key.Binding
	Workspace                    key.Binding
	MyWork                       key.Binding
	Views                        key.Binding
	// SaveView saves what is shown as a view; RenameView and DeleteView
	// act, in the : picker, on the view under its cursor (the picker's
	// last line shows them).
	SaveView, RenameView, DeleteView key.Binding

	// The prompts' answers.
	Confirm, Cancel      key.Binding
	KeepMine, TakeTheirs key.Binding
}

var _ help.KeyMap = KeyMap{}

// PickerField is the field whose picker msg opens, by its key in
// store.Fields ("status"), or "": the board opens the picker the list
// gives the field (store.Field.Pick).
func (k KeyMap) PickerField(msg tea.KeyPressMsg) string {
	for _, fk := range [...]struct {
		b     key.Binding
		field string
	}{{k.PickPriority, "priority_label"}, {k.Move, "status"}, {k.Assign, "owner"}, {k.Iteration, "iteration_id"}, {k.Severity, "severity"}} {
		if key.Matches(msg, fk.b) {
			return fk.field
		}
	}
	return ""
}

// DefaultKeyMap returns the board's keys.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Left:    b("←/h", "column left", "left", "h"),
		Right:   b("→/l", "column right", "right", "l"),
		Motion:  common.NavKeys(),
		NextTab: b("tab", "next kind", "tab"),
		PrevTab: b("shift+tab", "previous kind", "shift+tab"),

		NextPriority: b("]", "next priority", "]"),
		PrevPriority: b("[", "previous priority", "["),
		PickPriority: b("p", "pick priority", "p"),
		SetPriority:  b("1-9", "set nth priority", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Move:         b("m", "move along the workflow", "m"),
		Assign:       b("a", "assign owners", "a"),
		AssignMe:     b("A", "add / remove me as owner", "A"),
		Iteration:    b("i", "plan into an iteration", "i"),
		Severity:     b("x", "bug severity", "x"),
		Comment:      b("c", "comment", "c"),
		Group:        b("b", "group by priority/status/owner/iteration", "b"),
		Describe:     b("D", "description in $VISUAL/$EDITOR", "D"),

		Filter:         b("/", "filter by text", "/"),
		Complete:       b("tab", `in /: complete status: owner: prio: and values; "two words", -not, #12; also iter: severity: creator: reporter: created: modified: is:open`, "tab"),
		FilterPriority: b("f", "filter by priority", "f"),
		Mine:           b("M", "only mine (owner:@me)", "M"),
		Clear:          b("esc", "clear marks, then filters", "esc"),
		Mode:           b("v", "columns / list", "v"),
		Sort:           b("s", "sort by next column", "s"),
		Reverse:        b("S", "reverse sort", "S"),
		SortCreated:    b("T", "list by created, newest first (again: reverse; filter: created:yesterday, >3d)", "T"),
		SortModified:   b("E", "list by modified, newest first (again: reverse; filter: modified:today, <2026-11-01)", "E"),

		Mark:       b("space", "mark / unmark", "space"),
		MarkColumn: b("V", "mark the column", "V"),
		NextNew:    b("N", "next item new or changed since you looked", "N"),
		SeenAll:    b("Z", "mark everything seen", "Z"),
		Undo:       b("u", "undo last change", "u"),
		Redo:       b("ctrl+r", "redo what u undid", "ctrl+r"),
		History:    b("U", "this session's changes", "U"),
		Queue:      b("t", "triage queue", "t"),

		Refresh:     b("r", "refresh", "r"),
		Retry:       b("R", "retry failed edits, answer conflicts", "R"),
		Open:        b("o", "open in browser", "o"),
		Copy:        b("y", "copy link", "y"),
		Edit:        b("enter/e", "edit", "enter", "e"),
		New:         b("n", "new item", "n"),
		Accept:      b("enter", "keep filter", "enter"),
		Preview:     b("P", "preview pane", "P"),
		PreviewDown: b("ctrl+d", "scroll the preview down", "ctrl+d"),
		PreviewUp:   b("ctrl+u", "scroll the preview up", "ctrl+u"),
		NextFile:    b("F", "choose the preview's next attachment", "F"),
		OpenFile:    b("O", "open the chosen attachment in the browser", "O"),
		SaveFile:    b("K", "keep: save the chosen attachment to Downloads", "K"),
		Workspace:   b("w", "switch workspace", "w"),
		MyWork:      b("W", "my work, across workspaces", "W"),
		Views:       b(":", "saved views", ":"),
		SaveView:    b("ctrl+s", "save what is shown as a view", "ctrl+s"),
		RenameView:  b("ctrl+r", "rename the view", "ctrl+r"),
		DeleteView:  b("ctrl+d", "delete the view", "ctrl+d"),

		Confirm:    b("y/enter", "confirm", "y", "enter"),
		Cancel:     b("n/esc", "cancel", "n", "esc"),
		KeepMine:   b("m", "keep mine", "m"),
		TakeTheirs: b("t", "take theirs", "t"),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.NextPriority, k.PrevPriority, k.PickPriority, k.Preview, k.Mark, k.Undo, k.Queue, k.Filter, k.Edit}
}

// FullHelp lists every key, grouped.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Left, k.Right, k.Up, k.Down, k.Top, k.Bottom, k.PageUp, k.PageDown, k.NextTab, k.PrevTab},
		{k.NextPriority, k.PrevPriority, k.PickPriority, k.SetPriority, k.Retry, k.Edit, k.New},
		{k.Move, k.Assign, k.AssignMe, k.Iteration, k.Severity, k.Comment, k.Group, k.Describe},
		{k.Mark, k.MarkColumn, k.Undo, k.Redo, k.History, k.Queue, k.NextNew, k.SeenAll},
		{k.Filter, k.Complete, k.FilterPriority, k.Mine, k.Clear, k.Mode, k.Sort, k.Reverse, k.SortCreated, k.SortModified},
		{k.Preview, k.PreviewDown, k.PreviewUp, k.NextFile, k.OpenFile, k.SaveFile, k.Workspace, k.MyWork, k.Views, k.SaveView, k.Refresh, k.Open, k.Copy},
	}
}
