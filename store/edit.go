package store

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"triage/api"
)

// EditOp is what an edit changes.
type EditOp string

// The edits the outbox carries.
const (
	OpPriority EditOp = "priority" // From and To are priority labels
	OpTitle    EditOp = "title"    // From and To are titles
	OpCreate   EditOp = "create"   // Title, priority label in To, other fields in Fields
)

// EditState is where an edit is on its way to the service.
type EditState string

// The states of an edit. Waiting, sending, maybe_applied and conflict are
// pending (in the outbox); sent, failed and discarded are history.
const (
	StateWaiting      EditState = "waiting"       // queued: sent at NextAttempt
	StateSending      EditState = "sending"       // being sent now
	StateMaybeApplied EditState = "maybe_applied" // a send failed after it may have reached the service: checked before sending again
	StateConflict     EditState = "conflict"      // someone else changed the item meanwhile: the user keeps theirs or mine
	StateSent         EditState = "sent"          // the service confirmed it
	StateFailed       EditState = "failed"        // the service refused it (LastError says why)
	StateDiscarded    EditState = "discarded"     // the user took the other change instead
)

// Pending reports whether an edit in this state is still in the outbox.
func (s EditState) Pending() bool {
	switch s {
	case StateWaiting, StateSending, StateMaybeApplied, StateConflict:
		return true
	}
	return false
}

// Edit is one change the user made, from the moment it is queued until the
// service confirms it (or refuses it, or the user drops it). LastError never
// holds a secret: it is the text of an api error.
type Edit struct {
	Seq         uint64 `json:"seq"`
	Session     string `json:"session"` // the app run that made it (NewSessionID)
	Service     string `json:"service"` // ServiceKey of the service's base URL
	User        string `json:"user"`    // nick of the editor
	WorkspaceID int64  `json:"workspace_id"`
	// WorkspaceName and ItemTitle are what the user saw, for `triage log`.
	WorkspaceName string            `json:"workspace_name,omitempty"`
	ItemTitle     string            `json:"item_title,omitempty"`
	Kind          api.Kind          `json:"-"` // written as its name, see MarshalJSON
	Op            EditOp            `json:"op"`
	ItemID        string            `json:"item_id,omitempty"` // empty for a create
	From          string            `json:"from,omitempty"`    // the value the user saw (priority label or title)
	To            string            `json:"to,omitempty"`      // the value the user chose (create: its priority label)
	SeenModified  string            `json:"seen_modified,omitempty"`
	SeenPriority  string            `json:"seen_priority,omitempty"`
	Title         string            `json:"title,omitempty"`  // create
	Fields        map[string]string `json:"fields,omitempty"` // create: other fields
	State         EditState         `json:"state"`
	Attempts      int               `json:"attempts,omitempty"`
	NextAttempt   time.Time         `json:"next_attempt,omitzero"`
	LastError     string            `json:"last_error,omitempty"`
	CreatedAt     time.Time         `json:"created_at"`
	SentAt        time.Time         `json:"sent_at,omitzero"`
	ResultItemID  string            `json:"result_item_id,omitempty"` // create: the new item's id
	// Theirs and TheirModified are the other change found at a conflict.
	Theirs        string `json:"theirs,omitempty"`
	TheirModified string `json:"their_modified,omitempty"`
	// Undoes is the Seq of the edit this one undoes; UndoneBy is the Seq of
	// the edit that undoes this one.
	Undoes   uint64 `json:"undoes,omitempty"`
	UndoneBy uint64 `json:"undone_by,omitempty"`
	// Step numbers the user action of its session the edit belongs to (a
	// key, a confirmed bulk edit, an editor save, a queue answer), so the
	// edits of one action are listed together after a restart; 0: none.
	Step uint64 `json:"step,omitempty"`
	// Holder is the process that added or claimed a pending edit and sends
	// it while it lives (shared.go); "" once the edit is done, or free.
	Holder string `json:"holder,omitempty"`
}

// editAlias has Edit's fields without its methods.
type editAlias Edit

// MarshalJSON writes the edit with its kind by name ("story", "bug", "task"),
// for the outbox file and `triage log --json`.
func (e Edit) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		editAlias
		Kind string `json:"kind"`
	}{editAlias(e), e.Kind.String()})
}

// UnmarshalJSON reads an edit written by MarshalJSON.
func (e *Edit) UnmarshalJSON(b []byte) error {
	var v struct {
		editAlias
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	kind, err := api.ParseKind(v.Kind)
	if err != nil {
		return err
	}
	*e = Edit(v.editAlias)
	e.Kind = kind
	return nil
}

// Target names what the edit changes, for messages: "story 1010022001000000042"
// or "new bug".
func (e Edit) Target() string {
	if e.Op == OpCreate {
		if e.ResultItemID != "" {
			return fmt.Sprintf("new %s %s", e.Kind, e.ResultItemID)
		}
		return "new " + e.Kind.String()
	}
	return fmt.Sprintf("%s %s", e.Kind, e.ItemID)
}

// seen is the value the user saw before changing it: the priority for a
// priority edit (SeenPriority, else From), the title for a title edit.
func (e Edit) seen() string {
	if e.Op == OpPriority && e.SeenPriority != "" {
		return e.SeenPriority
	}
	return e.From
}

// check refuses an edit that cannot be sent.
func (e Edit) check() error {
	var problems []string
	if e.Session == "" {
		problems = append(problems, "no session")
	}
	if e.User == "" {
		problems = append(problems, "no user")
	}
	if e.WorkspaceID <= 0 {
		problems = append(problems, "no workspace")
	}
	f, isField := FieldOf(e.Op)
	switch {
	case isField || e.Op == OpComment:
		if strings.TrimSpace(e.ItemID) == "" {
			problems = append(problems, "no item id")
		}
		switch {
		case strings.TrimSpace(e.To) != "":
		case f.Empty != "":
			problems = append(problems, f.Empty) // an empty priority clears it, where the service allows that
		case e.Op == OpComment:
			problems = append(problems, "an empty comment")
		}
		if isField && !f.Has(e.Kind) {
			problems = append(problems, "a "+f.Name+" on a "+e.Kind.String())
		}
	case e.Op == OpCreate:
		if strings.TrimSpace(e.Title) == "" {
			problems = append(problems, "no title")
		}
	default:
		problems = append(problems, fmt.Sprintf("unknown operation %q", e.Op))
	}
	if e.Undoes != 0 && e.Op != OpPriority {
		problems = append(problems, "only a priority edit undoes another")
	}
	if len(e.Fields) > 0 && e.Op != OpCreate && e.Op != OpStatus {
		problems = append(problems, "only a create or a status carries other fields")
	}
	if len(problems) > 0 {
		return api.Errorf("%w: %s", ErrInvalidEdit, strings.Join(problems, ", "))
	}
	return nil
}

// ErrInvalidEdit reports an edit that lacks what it takes to be sent.
var ErrInvalidEdit = api.Errorf("invalid edit")

// UndoOf is the edit that undoes orig, a priority edit: it sets the priority
// back (To = orig.From) and is linked to it by Undoes. seenModified is the
// item's modified time as the user sees it now. Add it with Outbox.Add.
func UndoOf(orig Edit, seenModified string) Edit {
	return Edit{
		Session:      orig.Session,
		Service:      orig.Service,
		User:         orig.User,
		WorkspaceID:  orig.WorkspaceID,
		Kind:         orig.Kind,
		Op:           OpPriority,
		ItemID:       orig.ItemID,
		From:         orig.To,
		To:           orig.From,
		SeenModified: seenModified,
		SeenPriority: orig.To,
		Undoes:       orig.Seq,
	}
}

// NewSessionID names one run of the app. Ids sort by start time.
func NewSessionID(now time.Time) string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	return now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}
