package api_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestAttachmentsAgainstSandbox lists the attachments of the demo's first
// bug and story (attachment/get_attachments), asks for a download address
// (attachment/get_one_attachment) and downloads the file through it; the
// address opens nothing once its 300 s are over.
func TestAttachmentsAgainstSandbox(t *testing.T) {
	c, clk := startSandbox(t)
	ctx := context.Background()
	bugs, err := c.Attachments(ctx, workspace, api.Bug, "1110022001000000001")
	if err != nil {
		t.Fatal(err)
	}
	if len(bugs) != 1 {
		t.Fatalf("bug 1 has %d attachments, want 1: %+v", len(bugs), bugs)
	}
	a := bugs[0]
	if a.Filename != "screenshot.png" || a.ContentType != "image/png" || a.Kind != api.Bug || a.EntryID != "1110022001000000001" ||
		a.Owner == "" || strings.HasSuffix(a.Owner, ";") || len(a.Created) != len(api.TimeLayout) || a.ID == "" || a.WorkspaceID != "10022001" {
		t.Errorf("bug 1's attachment = %+v", a)
	}
	stories, err := c.Attachments(ctx, workspace, api.Story, "1110022001000000001")
	if err != nil || len(stories) != 1 || stories[0].Kind != api.Story || stories[0].Filename != "screenshot.png" {
		t.Errorf("story 1's attachments = %+v, %v", stories, err)
	}
	none, err := c.Attachments(ctx, workspace, api.Task, "1110022001000000001")
	if err != nil || len(none) != 0 {
		t.Errorf("task 1's attachments = %+v, %v; want none", none, err)
	}

	address, err := c.DownloadAddress(ctx, workspace, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(address)
	if err != nil || u.Path != "/attachments/tmp_download/"+a.ID || u.Query().Get("salt") == "" || u.Query().Get("time") == "" ||
		!strings.HasPrefix(address, c.BaseURL()) {
		t.Fatalf("download address %q", address)
	}
	var file bytes.Buffer
	var told int64 = -2
	n, err := c.Download(ctx, address, &file, func(size int64) { told = size })
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(file.Bytes()))
	if err != nil || img.Bounds().Dx() != 96 || n != int64(file.Len()) || told != n {
		t.Fatalf("downloaded %d bytes (told %d), not the 96×64 PNG: %v", n, told, err)
	}

	var e *api.Error
	if _, err := c.DownloadAddress(ctx, workspace, "1110022001999999999"); !errors.As(err, &e) || e.Kind != api.ErrNotFound {
		t.Errorf("an unknown attachment: %v; want a 404", err)
	}
	clk.Advance(301 * time.Second)
	_, err = c.Download(ctx, address, &bytes.Buffer{}, nil)
	if !errors.As(err, &e) || e.Kind != api.ErrForbidden || !strings.Contains(err.Error(), "ask for the attachment again") || strings.Contains(err.Error(), u.Query().Get("salt")) {
		t.Errorf("an address 301 s old: %v; want a 403 saying to ask again, without the address", err)
	}
}
