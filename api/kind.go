package api

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of a work item: story (requirement), bug or task.
type Kind int

// The three kinds, in the order the app shows them.
const (
	Story Kind = iota
	Bug
	Task
)

// Kinds lists every kind in display order.
var Kinds = [...]Kind{Story, Bug, Task}

// String is the lower-case singular name: story, bug, task.
func (k Kind) String() string {
	switch k {
	case Story:
		return "story"
	case Bug:
		return "bug"
	case Task:
		return "task"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Path is the collection path segment: stories, bugs, tasks.
func (k Kind) Path() string {
	switch k {
	case Bug:
		return "bugs"
	case Task:
		return "tasks"
	}
	return "stories"
}

// Wrapper is the key that wraps one item in responses: Story, Bug, Task.
func (k Kind) Wrapper() string {
	switch k {
	case Bug:
		return "Bug"
	case Task:
		return "Task"
	}
	return "Story"
}

// Plural is the display name of the collection: Stories, Bugs, Tasks.
func (k Kind) Plural() string {
	switch k {
	case Bug:
		return "Bugs"
	case Task:
		return "Tasks"
	}
	return "Stories"
}

// TitleField is the field that holds the title: name (story, task) or title (bug).
func (k Kind) TitleField() string {
	if k == Bug {
		return "title"
	}
	return "name"
}

// OwnerField is the field that holds who works on the item: owner, or
// current_owner for bugs.
func (k Kind) OwnerField() string {
	if k == Bug {
		return "current_owner"
	}
	return "owner"
}

// CreatorField is the field that names who made the item: creator, or reporter for bugs.
func (k Kind) CreatorField() string {
	if k == Bug {
		return "reporter"
	}
	return "creator"
}

// IDPrefixes are the two-digit prefixes a deployment gives the ids of every
// kind: TAPD's cloud writes 11, on-premise deployments 10. An id is the
// prefix, the workspace id and a 9-digit sequence, so a story and a bug with
// the same short id share their full id: an item is named by kind and id.
func IDPrefixes() []string { return []string{"11", "10"} }

// LongIDs are the full ids the short id (12) of an item of workspace ws may
// stand for, one per deployment prefix, cloud first.
func LongIDs(workspaceID int64, short string) []string {
	seq := strings.Repeat("0", max(0, 9-len(short))) + short
	ws := strconv.FormatInt(workspaceID, 10)
	out := make([]string, 0, 2)
	for _, p := range IDPrefixes() {
		out = append(out, p+ws+seq)
	}
	return out
}

// WebPath is the path of an item of this kind in the web app, after the workspace id.
func (k Kind) WebPath() string {
	switch k {
	case Bug:
		return "bugtrace/bugs/view"
	case Task:
		return "prong/tasks/view"
	}
	return "prong/stories/view"
}

// ParseKind reads a kind from its singular, plural or wrapper name.
func ParseKind(s string) (Kind, error) {
	switch s {
	case "story", "stories", "Story", "Stories":
		return Story, nil
	case "bug", "bugs", "Bug", "Bugs":
		return Bug, nil
	case "task", "tasks", "Task", "Tasks":
		return Task, nil
	}
	return Story, Errorf("unknown kind %q (want story, bug or task)", truncate(s, 40))
}
