package engine

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
)

// pagesMsg carries the pages that arrived since the last one, and the end of
// the list when done.
type pagesMsg struct {
	gen    uint64
	kind   api.Kind
	pages  []api.Page
	done   bool
	err    error
	stream *pageStream
}

// pageStream bridges ListPages' callback to messages: the call runs in its own
// goroutine and hands pages over a channel that a repeating command reads.
type pageStream struct {
	gen  uint64
	kind api.Kind
	ch   chan streamEvent
	next tea.Cmd // waits for the next pages (read)
}

type streamEvent struct {
	page api.Page
	done bool
	err  error
}

// maxPagesPerMsg bounds how many waiting pages one message carries.
const maxPagesPerMsg = 16

// startList starts listing a kind; pages come back as pagesMsg.
func startList(ctx context.Context, svc common.Service, gen uint64, req api.ListRequest) tea.Cmd {
	s := &pageStream{gen: gen, kind: req.Kind, ch: make(chan streamEvent, maxPagesPerMsg)}
	s.next = s.read
	return func() tea.Msg {
		go func() {
			defer close(s.ch)
			err := svc.ListPages(ctx, req, func(p api.Page) {
				select {
				case s.ch <- streamEvent{page: p}:
				case <-ctx.Done():
				}
			})
			select {
			case s.ch <- streamEvent{done: true, err: err}:
			case <-ctx.Done():
			}
		}()
		return s.read()
	}
}

// read blocks for one event, then takes whatever else is already waiting.
func (s *pageStream) read() tea.Msg {
	msg := pagesMsg{gen: s.gen, kind: s.kind, stream: s, pages: make([]api.Page, 0, maxPagesPerMsg)}
	ev, ok := <-s.ch
	for {
		if !ok {
			msg.done = true
			msg.err = context.Canceled
			return msg
		}
		if ev.done {
			msg.done, msg.err = true, ev.err
			return msg
		}
		msg.pages = append(msg.pages, ev.page)
		if len(msg.pages) == maxPagesPerMsg {
			return msg
		}
		select {
		case ev, ok = <-s.ch:
		default:
			return msg
		}
	}
}
