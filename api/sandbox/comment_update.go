package sandbox

import (
	"fmt"
	"net/http"
	"net/url"
)

// updateComment is POST /comments with an id (comment/update_comment): the
// comment's description changes (description required), modified is now;
// change_creator names who changed it and is not stored, as TAPD keeps only
// the author. The caller holds s.mu for writing.
func updateComment(ws *Workspace, rs *recordSet, id string, form url.Values, p principal, now string) (record, *httpError) {
	if _, herr := required(form, "description"); herr != nil {
		return nil, herr
	}
	r := rs.find(id)
	if r == nil {
		return nil, fault(http.StatusNotFound, fmt.Sprintf("comment %s not existed in workspace %d", quoteName(id), ws.ID))
	}
	if kind, ok := commentKindOf(r["entry_type"]); ok {
		if herr := checkScope(p, kind, true); herr != nil {
			return nil, herr
		}
	}
	r["description"] = form.Get("description")
	r["modified"] = now
	return r, nil
}
