package common

import (
	"slices"
	"sync"

	tea "charm.land/bubbletea/v2"
)

// TaskID names one piece of async work. Ids only grow, so a view keeps the id of
// its latest request and drops any answer carrying another one.
type TaskID int64

// Tasks is the task registry: starting async work registers a task (the status
// line shows its label with a spinner); finishing it removes it. Idle reports
// that nothing is running: tests wait for it instead of sleeping. It is safe
// for concurrent use (tests read it from their own goroutine).
type Tasks struct {
	mu      sync.Mutex
	next    TaskID
	running map[TaskID]string
}

// NewTasks returns an empty registry.
func NewTasks() *Tasks {
	return &Tasks{running: make(map[TaskID]string)}
}

// Start registers a running task with a label such as "loading bugs" and
// returns its id.
func (t *Tasks) Start(label string) TaskID {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	t.running[t.next] = label
	return t.next
}

// Done marks a task finished; unknown or finished ids are ignored.
func (t *Tasks) Done(id TaskID) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.running, id)
}

// Running reports whether the task is still registered.
func (t *Tasks) Running(id TaskID) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	_, ok := t.running[id]
	return ok
}

// Busy returns the labels of the running tasks, oldest first, each once:
// five saves of the board under way read "caching the board", not five
// times over.
func (t *Tasks) Busy() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	ids := make([]TaskID, 0, len(t.running))
	for id := range t.running {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	labels := make([]string, 0, len(ids))
	for _, id := range ids {
		if label := t.running[id]; !slices.Contains(labels, label) {
			labels = append(labels, label)
		}
	}
	return labels
}

// Idle reports whether no task is running.
func (t *Tasks) Idle() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.running) == 0
}

// Run is the one way async work starts: it registers a task labelled label
// and returns the command that runs fn and then marks the task done, so that
// Idle is true only when no work is under way.
func (t *Tasks) Run(label string, fn func() tea.Msg) tea.Cmd {
	id := t.Start(label)
	return func() tea.Msg {
		defer t.Done(id)
		return fn()
	}
}
