package api

import "fmt"

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

// IDPrefix is the two-digit prefix of item ids of this kind.
func (k Kind) IDPrefix() string {
	switch k {
	case Bug:
		return "11"
	case Task:
		return "12"
	}
	return "10"
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
	return Story, fmt.Errorf("unknown kind %q (want story, bug or task)", truncate(s, 40))
}
