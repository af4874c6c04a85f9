package e2e

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestTriageADayInTheBoard drives the built binary in tmux against
// `triage serve` through what a day of triage takes: status names on the
// cards, the preview pane with the iteration's name and the description, a
// move that keeps the cursor in its column, q in the editor with unsaved
// typing (it asks, nothing is lost), a filter of several priorities and a
// status, the queue leaving out finished items, and a switch of workspace.
func TestTriageADayInTheBoard(t *testing.T) {
	requireTmux(t)
	home := t.TempDir()
	s := startServe(t)
	term := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "demo (token)", "? help · q quit")

	// Status names, not codes, on the cards.
	term.WaitFor(10*time.Second, " · Planning", " · Developing")

	// The preview pane follows the cursor and names the iteration.
	term.Send("P")
	term.WaitFor(10*time.Second, "Iteration       Sprint", "Created ") // values line up after the widest name, "Estimate (days)"
	term.Send("P")

	// A move keeps the cursor in the source column, on the next card.
	term.Send("l")
	first := selectedStory(t, term)
	term.Send("]")
	term.WaitFor(20*time.Second, " High → Middle")
	if next := selectedStory(t, term); next == first {
		t.Errorf("after ] the cursor is still on the moved story %s", first)
	}
	if got := readStory(t, s, url.Values{"id": {first}}); len(got) != 1 || got[0].PriorityLabel != "Middle" {
		t.Errorf("story %s after ]: %+v, want Middle", first, got)
	}

	// q in the editor with unsaved typing asks; n keeps the typing.
	term.Send("e")
	term.WaitFor(10*time.Second, "Edit story")
	term.Type(" draft")
	term.Send("Tab", "q")
	term.WaitFor(10*time.Second, "Discard changes? y/n")
	term.Send("n")
	waitGone(t, term, "Discard changes?")
	term.WaitFor(10*time.Second, " draft") // the typing stays
	term.Send("Escape")
	term.WaitFor(10*time.Second, "Discard changes? y/n")
	term.Send("y")
	term.WaitFor(10*time.Second, "Stories 240")

	// Several priorities and a status at once.
	term.Send("/")
	term.Type("prio:High|Low status:planning")
	term.Send("Enter")
	waitGone(t, term, "Developing")
	screen := term.WaitFor(10*time.Second, "Middle 0", "No priority 0", "Planning")
	if strings.Contains(screen, "High 0") || strings.Contains(screen, "Low 0") {
		t.Errorf("the filter shows the wrong items:\n%s", screen)
	}
	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")

	// The queue leaves out resolved and rejected stories: its count is the
	// open stories without a known priority.
	open := 0
	for page := 1; page <= 2; page++ {
		for _, it := range readStory(t, s, url.Values{"limit": {"200"}, "page": {fmt.Sprint(page)}}) {
			if it.DisplayPriority() == "" && it.Status != "resolved" && it.Status != "rejected" {
				open++
			}
		}
	}
	term.Send("t")
	term.WaitFor(10*time.Second, fmt.Sprintf("1 of %d · 0 set", open))
	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")

	// Another workspace, with its own names.
	term.Send("w")
	term.WaitFor(10*time.Second, "Switch to a workspace", "open now")
	term.Type("星河")
	term.Send("Enter")
	term.WaitFor(20*time.Second, "星河移动", "规划中")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}

// waitGone waits until the screen no longer shows text.
func waitGone(t *testing.T, term *terminal, text string) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); strings.Contains(term.Screen(), text); {
		if time.Now().After(deadline) {
			t.Fatalf("the screen still shows %q:\n%s", text, term.Screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
