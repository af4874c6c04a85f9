package sandbox

import (
	"bytes"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// attachmentEntry is an entry of attachment/get_attachments.
type attachmentEntry struct {
	Attachment struct {
		ID          string `json:"id"`
		Type        string `json:"type"`
		EntryID     string `json:"entry_id"`
		Filename    string `json:"filename"`
		ContentType string `json:"content_type"`
		Created     string `json:"created"`
		WorkspaceID string `json:"workspace_id"`
		Owner       string `json:"owner"`
	}
}

// TestAttachmentsOfBugsDownload lists a demo bug's attachments
// (attachment/get_attachments), asks for one's download address
// (attachment/get_one_attachment) and downloads the file from the service
// while the address is valid, and not after 300 s.
func TestAttachmentsOfBugsDownload(t *testing.T) {
	h := startHarness(t, Options{})
	ws := url.Values{"workspace_id": {"10022001"}}
	var bugs []map[string]struct{ ID string }
	h.do(request{path: "/bugs", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "limit": {"3"}, "fields": {"id"}}}).wantOK(t, &bugs)
	want := []struct{ name, contentType string }{{"screenshot.png", "image/png"}, {"console.log", "text/plain"}, {"after-fix.png", "image/png"}}
	var first attachmentEntry
	for i, row := range bugs {
		var list []attachmentEntry
		h.do(request{path: "/attachments", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "type": {"bug"},
			"entry_id": {row["Bug"].ID}}}).wantOK(t, &list)
		if len(list) != 1 {
			t.Fatalf("bug %s has %d attachments, want 1", row["Bug"].ID, len(list))
		}
		a := list[0].Attachment
		if a.Filename != want[i].name || a.ContentType != want[i].contentType || a.Type != "bug" || a.EntryID != row["Bug"].ID ||
			a.Owner == "" || len(a.Created) != len("2006-01-02 15:04:05") || a.WorkspaceID != "10022001" {
			t.Errorf("attachment of bug %d = %+v", i, a)
		}
		if i == 0 {
			first = list[0]
		}
	}
	var down map[string]struct {
		ID          string  `json:"id"`
		Filename    string  `json:"filename"`
		Description *string `json:"description"`
		ContentType string  `json:"content_type"`
		Owner       string  `json:"owner"`
		DownloadURL string  `json:"download_url"`
	}
	h.do(request{path: "/attachments/down", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "id": {first.Attachment.ID}}}).wantOK(t, &down)
	got := down["Attachment"]
	if got.ID != first.Attachment.ID || got.Filename != "screenshot.png" || got.Description != nil || got.Owner != first.Attachment.Owner ||
		!strings.HasPrefix(got.DownloadURL, h.run.URL+"/attachments/tmp_download/"+got.ID+"?salt=") || !strings.Contains(got.DownloadURL, "&time=") {
		t.Fatalf("down = %+v", got)
	}
	resp, err := http.Get(got.DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" || !strings.Contains(resp.Header.Get("Content-Disposition"), "screenshot.png") {
		t.Fatalf("download: %d %v", resp.StatusCode, resp.Header)
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil || img.Bounds().Dx() != 96 || img.Bounds().Dy() != 64 {
		t.Fatalf("the file is not the 96×64 PNG: %v", err)
	}
	tampered := strings.Replace(got.DownloadURL, "salt=", "salt=0", 1)
	h.clock.Advance(299 * time.Second)
	for _, c := range []struct {
		address string
		code    int
	}{{got.DownloadURL, 200}, {tampered, 403}} {
		resp, err := http.Get(c.address)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.code {
			t.Errorf("at 299 s %s answered %d, want %d", c.address, resp.StatusCode, c.code)
		}
	}
	h.clock.Advance(2 * time.Second)
	resp, err = http.Get(got.DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("after 301 s the address answered %d, want 403", resp.StatusCode)
	}
	h.do(request{path: "/attachments/down", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "id": {"1110022001000000999"}}}).
		wantError(t, http.StatusNotFound, "attachment \"1110022001000000999\" not existed in workspace 10022001")
}
