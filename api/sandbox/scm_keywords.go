package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"

	"triage/api"
)

// GET /svn_commits/get_scm_copy_keywords?object_id=&type=: the text a
// commit message carries to link the commit to an item, "--story=<short id>
// <title>" as the commit messages of source/get_svn_commits carry it; the
// data is the string itself, as the SDKs decode it.

// scmKeywords is the keyword text of an item of the workspace.
func (w *world) scmKeywords(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	id, herr := required(q, "object_id")
	if herr != nil {
		return nil, herr
	}
	typ, herr := required(q, "type")
	if herr != nil {
		return nil, herr
	}
	kind, ok := todoKind(typ)
	if !ok {
		return nil, unprocessable("type must be story, bug or task, got %s", quoteShort(typ))
	}
	set := w.readItems(ws, kind)
	pos, ok := set.find(id)
	if !ok {
		return nil, fault(http.StatusNotFound, fmt.Sprintf("%s %s not existed in workspace %d", kind, quoteShort(id), ws.ID))
	}
	it := set.at(pos)
	title, _ := it.Get(kind.TitleField())
	return marshalData(fmt.Sprintf("--%s=%s %s", typ, api.ShortID(it.ID), title))
}
