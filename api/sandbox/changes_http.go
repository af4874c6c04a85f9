package sandbox

import (
	"encoding/json"
	"time"

	"triage/api"
)

// The interfaces of the change history: /story_changes, /bug_changes,
// /task_changes and their counts (changes.go records the changes,
// changes_read.go filters and writes them).

// serveChanges is GET /{story,bug,task}_changes and their /count.
func (s *Server) serveChanges(ex *exchange, kind api.Kind, count bool) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
		itemParam := kind.String() + "_id"
		if !count && q.Get("id") == "" && q.Get(itemParam) == "" && q.Get("created") == "" {
			return nil, unprocessable("%s or created is required: name the items, or a time such as created=%s", itemParam, s.now().Format(time.DateOnly))
		}
		matched, herr := s.world.matchChanges(ws, kind, q)
		if herr != nil {
			return nil, herr
		}
		if count {
			return marshalData(map[string]int{"count": len(matched)})
		}
		return s.world.changePage(ws, kind, matched, q)
	})
}
