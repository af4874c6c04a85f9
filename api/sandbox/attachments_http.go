package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"triage/api"
)

// The attachment interfaces beyond the list (record_kinds_http.go): one
// attachment with its download address, and the file behind that address.

// oneAttachment is the data of /attachments/down: the attachment as the
// list writes it, its description and its download address.
type oneAttachment struct {
	ID          string  `json:"id"`
	Type        string  `json:"type"`
	EntryID     string  `json:"entry_id"`
	Filename    string  `json:"filename"`
	Description *string `json:"description"`
	ContentType string  `json:"content_type"`
	Created     string  `json:"created"`
	WorkspaceID string  `json:"workspace_id"`
	Owner       string  `json:"owner"`
	DownloadURL string  `json:"download_url"`
}

// serveAttachmentDown is GET /attachments/down?workspace_id=&id=
// (attachment/get_one_attachment): the attachment and an address of its
// file on this service, valid for 300 s.
func (s *Server) serveAttachmentDown(ex *exchange) {
	s.serveWorkspaceRead(ex, api.Story, func(w *world, ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
		id, herr := required(q, "id")
		if herr != nil {
			return nil, herr
		}
		r := w.readRecordSet(ws.ID, attachmentKind).find(id)
		if r == nil {
			return nil, fault(http.StatusNotFound, "attachment "+quoteShort(id)+" not existed in workspace "+strconv.FormatInt(ws.ID, 10))
		}
		base := "http://" + ex.r.Host
		out := oneAttachment{ID: r["id"], Type: r["type"], EntryID: r["entry_id"], Filename: r["filename"],
			ContentType: r["content_type"], Created: r["created"], WorkspaceID: r["workspace_id"], Owner: r["owner"],
			DownloadURL: base + downloadAddress(s.downloadKey, r["id"], s.clock())}
		return marshalData(map[string]oneAttachment{"Attachment": out})
	})
}

// serveAttachmentFile is GET /attachments/tmp_download/{id}?salt=&time=:
// the file, with its content type, for an address /attachments/down made
// less than 300 s ago. It needs no other credential: the address is one.
func (s *Server) serveAttachmentFile(ex *exchange) {
	id := ex.r.PathValue("id")
	q := ex.r.URL.Query()
	if why := checkDownload(s.downloadKey, id, q.Get("salt"), q.Get("time"), s.clock()); why != "" {
		ex.fail(fault(http.StatusForbidden, why))
		return
	}
	s.mu.RLock()
	var r record
	if ws, ok := idWorkspace(id); ok {
		r = s.world.readRecordSet(ws, attachmentKind).find(id)
	}
	var body []byte
	if r != nil {
		body = attachmentFile(r)
	}
	s.mu.RUnlock()
	if r == nil {
		ex.fail(fault(http.StatusNotFound, "attachment "+quoteShort(id)+" no longer exists"))
		return
	}
	h := ex.w.Header()
	h.Set("Content-Type", r["content_type"])
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Content-Disposition", "attachment; filename*=UTF-8''"+url.PathEscape(r["filename"]))
	h.Set("X-Content-Type-Options", "nosniff")
	ex.wrote = true
	ex.w.WriteHeader(http.StatusOK)
	if ex.r.Method != http.MethodHead {
		_, _ = ex.w.Write(body)
	}
}

// idWorkspace is the workspace of one of the service's ids (ids.go).
func idWorkspace(id string) (int64, bool) {
	if len(id) != idLen || !strings.HasPrefix(id, idPrefix) || !isDigits(id) {
		return 0, false
	}
	ws, err := strconv.ParseInt(id[len(idPrefix):len(idPrefix)+8], 10, 64)
	return ws, err == nil
}
