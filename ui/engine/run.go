package engine

import (
	"errors"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// origin is what asked for the edits of a run.
type origin int

const (
	fromKey   origin = iota // a key or an editor save: each result is said
	fromBulk                // a confirmed bulk edit: one summary once all answered
	fromQueue               // the triage queue: each result goes back to it
	fromUndo                // u, ctrl+r, enter in U: said at once; only what went wrong is said after
	fromFlush               // a flush: its results are counted, not said one by one
)

// run is one send of edits: what asked for it, and for a bulk edit the count
// of its results.
type run struct {
	origin origin
	label  string // the task's label; "": named after the edits
	// comment is the comment each changed item gets after its change; nil: none.
	comment func(api.Item) store.Edit

	moved, waiting, failed, other int
	// commentsWaiting and commentsFailed count the whys not added (yet).
	commentsWaiting, commentsFailed int
	firstErr                        error
}

// startRun registers a run and returns its id.
func (g *Engine) startRun(r *run) uint64 {
	g.token++
	g.runs[g.token] = r
	return g.token
}

// says reports whether each result of the run is said on the status line.
func (r *run) says() bool { return r.origin != fromBulk && r.origin != fromFlush }

// reply tells the queue what became of an edit it asked for: sent or
// waiting for the service is done as far as the user goes; refused or in
// conflict is not.
func (r *run) reply(s sent) tea.Cmd {
	if r.origin != fromQueue || s.res.Edit.Op == store.OpComment {
		return nil // the why of an answer: its answer's result is the one told
	}
	cause := s.res.Err
	if cause == nil {
		cause = s.err
	}
	switch s.res.Outcome {
	case store.OutcomeFailed:
		if cause == nil {
			cause = errors.New(i18n.T("the service refused it"))
		}
	case store.OutcomeConflict:
		cause = errors.New(i18n.T("someone else changed it meanwhile: answer on the board"))
	default:
		cause = nil
	}
	return common.Cmd(ResultMsg{ID: s.res.Edit.ItemID, Err: cause})
}

// summary says how a bulk edit went once all its items answered: "11 moved,
// 1 failed: …". report puts an error on the status line.
func (r *run) summary(results []sent, report func(error) tea.Cmd) tea.Cmd {
	if r.origin != fromBulk {
		return nil
	}
	for _, s := range results {
		cause := s.res.Err
		if cause == nil {
			cause = s.err
		}
		if s.res.Edit.Op == store.OpComment {
			r.countComment(s.res.Outcome, cause)
			continue
		}
		switch s.res.Outcome {
		case store.OutcomeSent, store.OutcomeApplied:
			r.moved++
			continue
		case store.OutcomeQueued, "":
			r.waiting++
		case store.OutcomeFailed:
			r.failed++
		default:
			r.other++
		}
		if r.firstErr == nil && cause != nil {
			r.firstErr = cause
		}
	}
	parts := []string{i18n.Tf("%d moved", r.moved)}
	if r.waiting > 0 {
		parts = append(parts, i18n.Tf("%d waiting", r.waiting))
	}
	if r.other > 0 {
		parts = append(parts, i18n.Tf("%d in conflict", r.other))
	}
	if r.failed > 0 {
		parts = append(parts, i18n.Tf("%d failed", r.failed))
	}
	if r.commentsWaiting == 1 {
		parts = append(parts, i18n.T("1 comment waiting"))
	} else if r.commentsWaiting > 1 {
		parts = append(parts, i18n.Tf("%d comments waiting", r.commentsWaiting))
	}
	if r.commentsFailed == 1 {
		parts = append(parts, i18n.T("1 comment not added"))
	} else if r.commentsFailed > 1 {
		parts = append(parts, i18n.Tf("%d comments not added", r.commentsFailed))
	}
	text := strings.Join(parts, ", ")
	if r.firstErr == nil {
		return tell(text)
	}
	err := fmt.Errorf("%s: %w", text, r.firstErr)
	switch {
	case r.failed > 0:
		return report(common.Advise(i18n.T("press R to send the failed ones again (they stay marked)"), err))
	case r.commentsFailed > 0:
		return report(err)
	}
	return tell(err.Error())
}

// countComment counts a why of a bulk edit that was not added (yet); its
// cause is told when no change failed before it.
func (r *run) countComment(outcome store.Outcome, cause error) {
	switch outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		return
	case store.OutcomeQueued, "":
		r.commentsWaiting++
	default:
		r.commentsFailed++
	}
	if r.firstErr == nil && cause != nil {
		r.firstErr = cause
	}
}
