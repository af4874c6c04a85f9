package sandbox

import (
	"encoding/json"
	"net/url"
	"strings"

	"triage/api"
)

// commitItemWrite creates or updates one item, records the change in its
// history and saves both; a write the database refused is taken back whole.
// The caller holds s.mu for writing and has checked the workspace and scope.
func (s *Server) commitItemWrite(ws *Workspace, kind api.Kind, q url.Values, p principal) (json.RawMessage, *httpError) {
	key := itemKey{Workspace: ws.ID, Kind: kind}
	id := strings.TrimSpace(q.Get("id"))
	var before *api.Item
	if set := s.world.Items[key]; set != nil {
		if pos, ok := set.find(id); ok {
			old := set.at(pos)
			before = &old
		}
	}
	undo := s.snapshotItems(key, id)
	item, data, herr := s.writeItem(ws, kind, q, p)
	if herr != nil {
		return nil, herr
	}
	undoChanges, changes := s.world.recordChanges(ws, kind, before, &item)
	set := s.world.Items[key]
	pos, ok := 0, false
	if set != nil {
		pos, ok = set.find(item.ID)
	}
	if !ok || s.db.saveItemAndChanges(key, pos, set.Seq, item, changes) != nil {
		undoChanges()
		undo()
		return nil, storageFailed()
	}
	return data, nil
}
