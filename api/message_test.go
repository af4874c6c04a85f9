package api

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

// pirate is a Translator of a few formats, for the tests of the words of
// errors drawn in another language.
func pirate(format string) string {
	if t, ok := map[string]string{
		"%s: %s":                        "%s :: %s",
		"%s; %s":                        "%s ;; %s",
		"%s [request %s]":               "%s <req %s>",
		"cannot reach the service (%s)": "no sail to the service (%s)",
		"check the network and the service address, then retry": "mend the rigging",
		"list %s (page %d)":                   "plunder %[1]s, page %[2]d",
		"stories":                             "tales",
		"the access token has expired":        "yer token be stale",
		"run `triage login` to sign in again": "run `triage login` anew",
		"could not open %s: %w":               "%[2]w, so %[1]s stays shut",
		"the door is stuck":                   "the hatch be jammed",
	}[format]; ok {
		return t
	}
	return format
}

// TestErrorsSpeakTheTranslatorsLanguage: an error of the client, and one of
// Errorf, keep their English text as it was, and draw their words, their
// operation and the errors they wrap in the translator's language.
func TestErrorsSpeakTheTranslatorsLanguage(t *testing.T) {
	down := &Error{Kind: ErrNetwork, Op: "list stories (page 2)", opWords: Say("list %s (page %d)", kinds(Story), 2),
		Err: errors.New("dial tcp 127.0.0.1:9: connect: connection refused"), RequestID: "r1"}
	if got, want := down.Error(), "list stories (page 2): cannot reach the service (dial tcp 127.0.0.1:9: connect: connection refused); check the network and the service address, then retry [request r1]"; got != want {
		t.Errorf("English:\n got %q\nwant %q", got, want)
	}
	if got, want := ErrorIn(down, pirate), "plunder tales, page 2 :: no sail to the service (dial tcp 127.0.0.1:9: connect: connection refused) ;; mend the rigging <req r1>"; got != want {
		t.Errorf("in another language:\n got %q\nwant %q", got, want)
	}
	if got, want := LeadWithAdviceIn(down, pirate), "mend the rigging :: plunder tales, page 2 :: no sail to the service (dial tcp 127.0.0.1:9: connect: connection refused) <req r1>"; got != want {
		t.Errorf("advice first:\n got %q\nwant %q", got, want)
	}

	stuck := Errorf("the door is stuck")
	wrapped := Errorf("could not open %s: %w", "the hold", stuck)
	if !errors.Is(wrapped, stuck) || wrapped.Error() != "could not open the hold: the door is stuck" {
		t.Errorf("Errorf: %q, wraps its cause: %v", wrapped, errors.Is(wrapped, stuck))
	}
	if got, want := ErrorIn(wrapped, pirate), "the hatch be jammed, so the hold stays shut"; got != want {
		t.Errorf("Errorf in another language: %q, want %q", got, want)
	}
	both := Errorf("%w (%w)", stuck, context.Canceled)
	if !errors.Is(both, stuck) || !errors.Is(both, context.Canceled) {
		t.Error("Errorf with two %w wraps both")
	}

	expired := &Error{Kind: ErrTokenExpired, Op: "read user info"}
	outside := fmt.Errorf("refresh stories: %w", expired)
	if got, want := ErrorIn(outside, pirate), "refresh stories: read user info :: yer token be stale ;; run `triage login` anew"; got != want {
		t.Errorf("a wrapper of another package keeps its words, its cause is translated:\n got %q\nwant %q", got, want)
	}
	if got, want := LeadWithAdviceIn(outside, pirate), "run `triage login` anew :: refresh stories: read user info :: yer token be stale"; got != want {
		t.Errorf("advice first through a wrapper:\n got %q\nwant %q", got, want)
	}
	if got := ErrorIn(errors.Join(stuck, expired), pirate); got != "the hatch be jammed\nread user info :: yer token be stale ;; run `triage login` anew" {
		t.Errorf("joined: %q", got)
	}
	if LeadWithAdvice(outside) != LeadWithAdviceIn(outside, nil) || ErrorIn(down, nil) != down.Error() {
		t.Error("with no translator the text is the English one")
	}
	limited := &Error{Kind: ErrRateLimited, HTTPStatus: 429, RetryAfter: 45 * time.Second}
	if got := limited.AdviceIn(func(f string) string { return map[string]string{"wait %s and retry": "wait %s, then go"}[f] }); got != "wait 45s, then go" {
		t.Errorf("advice with a value: %q", got)
	}
}
