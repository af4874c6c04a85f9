package common

import (
	"slices"
	"sync"
	"testing"
)

func TestTasks(t *testing.T) {
	tests := []struct {
		name     string
		start    []string
		done     []int // indexes into start
		wantBusy []string
	}{
		{"empty", nil, nil, []string{}},
		{"one running", []string{"loading bugs"}, nil, []string{"loading bugs"}},
		{"oldest first", []string{"a", "b", "c"}, []int{1}, []string{"a", "c"}},
		{"all done", []string{"a", "b"}, []int{0, 1, 1}, []string{}},
		{"a label once", []string{"caching the board", "loading bugs", "caching the board", "caching the board"}, []int{0}, []string{"loading bugs", "caching the board"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tasks := NewTasks()
			ids := make([]TaskID, len(tt.start))
			for i, l := range tt.start {
				ids[i] = tasks.Start(l)
			}
			for _, i := range tt.done {
				tasks.Done(ids[i])
			}
			if got := tasks.Busy(); !slices.Equal(got, tt.wantBusy) {
				t.Errorf("Busy() = %q, want %q", got, tt.wantBusy)
			}
			if got, want := tasks.Idle(), len(tt.wantBusy) == 0; got != want {
				t.Errorf("Idle() = %v, want %v", got, want)
			}
		})
	}
}

func TestTasksIDsGrowAndAreSafeConcurrently(t *testing.T) {
	tasks := NewTasks()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			id := tasks.Start("x")
			if !tasks.Running(id) {
				t.Error("a started task is not running")
			}
			tasks.Done(id)
		})
	}
	wg.Wait()
	if !tasks.Idle() {
		t.Fatalf("not idle after every task finished: %q", tasks.Busy())
	}
	a, b := tasks.Start("a"), tasks.Start("b")
	if b <= a {
		t.Fatalf("ids do not grow: %d then %d", a, b)
	}
}
