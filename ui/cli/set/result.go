package set

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// What became of one change of `triage set`.
const (
	ResultApplied      = "applied"       // the service has the new value
	ResultWouldChange  = "would_change"  // --dry-run: it would be written
	ResultUnchanged    = "unchanged"     // it already had the new value
	ResultConflict     = "conflict"      // changed meanwhile: nothing written
	ResultRefused      = "refused"       // the value or the service refused it
	ResultNotFound     = "not_found"     // no such item
	ResultQueued       = "queued"        // kept in the outbox (--queue)
	ResultUnreachable  = "unreachable"   // not sent, not kept
	ResultMaybeApplied = "maybe_applied" // the write may have reached the service: kept, checked before it is sent again
)

// Result is one line of set's report, or one object of its JSON.
type Result struct {
	Item   string `json:"item"` // as the caller named it
	ID     string `json:"id,omitempty"`
	Kind   string `json:"kind,omitempty"`
	Field  string `json:"field,omitempty"`
	From   string `json:"from,omitempty"` // the value the write was conditional on
	To     string `json:"to,omitempty"`
	Theirs string `json:"theirs,omitempty"` // a conflict: the value on the service
	Result string `json:"result"`
	Reason string `json:"reason,omitempty"` // in English, whatever the language
	// fromShown, toShown and theirsShown are From, To and Theirs as the
	// board shows them (labels, names), and reasonShown the reason in the
	// language in use, for the lines a person reads; the JSON keeps the
	// codes.
	fromShown, toShown, theirsShown, reasonShown string
}

// result is the plan's result with an outcome.
func (p setPlan) result(outcome string, why itemref.Reason) Result {
	field := string(p.op)
	if p.custom != nil {
		field = p.custom.Name
	}
	return Result{Item: p.ref.Text, ID: p.item.ID, Kind: p.item.Kind.String(), Field: field,
		From: p.seen, To: p.to, Result: outcome, Reason: why.English, reasonShown: why.Shown, fromShown: p.shown(p.seen), toShown: p.shown(p.to)}
}

// withTheirs is a conflict's result with the value found on the service.
func (p setPlan) withTheirs(r Result, theirs string) Result {
	r.Theirs, r.theirsShown = theirs, p.shown(theirs)
	return r
}

// refused is the plan's result when a value is refused before sending.
func (p setPlan) refused(why itemref.Reason) Result {
	return p.result(ResultRefused, why)
}

// alreadyDone reports whether the item, as just read, already has the new
// value: nothing is queued or written for it.
func (p setPlan) alreadyDone() bool {
	if f, ok := store.FieldOf(p.op); ok && p.custom != nil {
		return f.Same(p.now, p.to)
	}
	return p.now == p.to || p.op == store.OpOwner && sameOwners(p.now, p.to)
}

// dryRun says what the plan would do.
func (p setPlan) dryRun() Result {
	switch {
	case p.alreadyDone():
		return p.result(ResultUnchanged, itemref.Reason{})
	case p.now != p.seen:
		return p.withTheirs(p.result(ResultConflict, itemref.Because("it was changed meanwhile")), p.now)
	}
	return p.result(ResultWouldChange, itemref.Reason{})
}

// sameOwners reports whether two owner lists name the same nicks.
func sameOwners(a, b string) bool {
	x, y := store.Owners(a), store.Owners(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// outcome turns the Sender's result into set's, and settles what must not
// stay in the outbox: a conflict is dropped (the caller decides again), an
// edit that could not be sent is withdrawn unless queue.
func (p setPlan) outcome(ob *store.Outbox, res store.Result, queue bool) Result {
	var reason itemref.Reason
	if res.Err != nil {
		reason = itemref.Reason{English: res.Err.Error(), Shown: api.ErrorIn(res.Err, i18n.T)}
	}
	switch res.Outcome {
	case store.OutcomeSent:
		return p.result(ResultApplied, itemref.Reason{})
	case store.OutcomeApplied:
		return p.result(ResultUnchanged, itemref.Reason{})
	case store.OutcomeConflict:
		r := p.withTheirs(p.result(ResultConflict, itemref.Because("changed meanwhile by someone else; nothing written")), res.Edit.Theirs)
		if _, err := ob.TakeTheirs(res.Edit.Seq); err != nil {
			r.Reason += "; " + err.Error()
			r.reasonShown += "; " + err.Error()
		}
		return r
	case store.OutcomeFailed:
		return p.result(ResultRefused, itemref.AsIs(res.Edit.LastError))
	}
	if queue {
		return p.result(ResultQueued, itemref.Because("kept in the outbox (edit %d); it is sent once, when triage next opens this profile and the service answers: %s", res.Edit.Seq, reason))
	}
	if _, err := ob.Withdraw(res.Edit.Seq, "not sent: "+reason.English); err != nil {
		if errors.Is(err, store.ErrEditState) {
			return p.result(ResultMaybeApplied, itemref.Because("the write may have reached the service; kept in the outbox and checked before it is sent again: %s", reason))
		}
		return p.result(ResultUnreachable, reason.Joined(err.Error()))
	}
	return p.result(ResultUnreachable, itemref.Because("not sent, nothing kept (--queue keeps it): %s", reason))
}

// line is the result as one line for a person, in the language in use,
// with the values as the board shows them.
func (r Result) line() string {
	name := r.Item
	if r.ID != "" {
		name = fmt.Sprintf("%s (%s %s)", r.Item, i18n.T(r.Kind), r.ID)
	}
	field := fieldWord(r.Field)
	change := ""
	switch r.Field {
	case "":
	case string(store.OpComment):
		change = " " + i18n.Tf("comment %q", r.To)
	default:
		change = fmt.Sprintf(" %s %s → %s", field, r.fromShown, r.toShown)
	}
	switch r.Result {
	case ResultApplied:
		return "✓ " + name + change
	case ResultUnchanged:
		return i18n.Tf("✓ %s %s is already %s", name, field, r.toShown)
	case ResultWouldChange:
		return i18n.Tf("would change %s%s", name, change)
	case ResultQueued:
		return i18n.Tf("• %s%s queued: %s", name, change, r.reasonShown)
	case ResultConflict:
		return i18n.Tf("✗ %s conflict: its %s is %s now, not %s as seen; nothing written", name, field, r.theirsShown, r.fromShown)
	}
	return i18n.Tf("✗ %s %s: %s", name, outcomeWord(r.Result), r.reasonShown)
}

// fieldWord is a field of set's results as a line names it: a field of
// the item in the language in use, a custom field by its name.
func fieldWord(field string) string {
	word, _, _ := engine.FieldWords(field)
	return word
}

// outcomeWord is a result that is not a change as a line names it.
func outcomeWord(result string) string {
	switch result {
	case ResultRefused:
		return i18n.T("refused")
	case ResultNotFound:
		return i18n.T("not_found")
	case ResultUnreachable:
		return i18n.T("unreachable")
	case ResultMaybeApplied:
		return i18n.T("maybe_applied")
	}
	return result
}

// writeSetJSON prints the results as one JSON array.
func writeSetJSON(w io.Writer, results []Result) error {
	if results == nil {
		results = []Result{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(results)
}
