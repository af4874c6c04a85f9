package engine

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
)

// TestAttachmentsRequests counts what the preview's attachments cost: the
// list is read once per item (one GET /attachments) and again only once
// the item changed; opening a file is one GET /attachments/down, its
// address going to the browser and not to the status line; saving is that
// and the file, saved in the download directory under a free name.
func TestAttachmentsRequests(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	const story1 = "1110022001000000001"
	r.run(g.Load(api.Story)) // the board's stories, whose modified times say when one changed
	ct.take()

	r.run(g.ReadAttachments(api.Story, story1))
	files, ok := g.Attachments(api.Story, story1)
	if reads, _ := ct.take(); reads != 1 || !ok || len(files.List) != 1 || files.List[0].Filename != "screenshot.png" || files.Reading {
		t.Fatalf("first read: %d requests, %+v (ok %v); want 1 request and screenshot.png", reads, files, ok)
	}
	r.run(g.ReadAttachments(api.Story, story1))
	if reads, _ := ct.take(); reads != 0 {
		t.Errorf("reading the attachments again cost %d requests, want 0", reads)
	}

	st := r.current(client, ct, story1)
	_, cmd := g.Apply(api.Story, Change{Item: st, Field: Title, To: st.Title + " (attached)"})
	r.run(cmd)
	r.run(g.Load(api.Story)) // a refresh brings the item as the service changed it
	ct.take()
	if _, ok := g.Attachments(api.Story, story1); ok {
		t.Fatal("the item changed, yet its attachments are still taken as read")
	}
	r.run(g.ReadAttachments(api.Story, story1))
	if reads, _ := ct.take(); reads != 1 {
		t.Errorf("after the item changed, reading its attachments cost %d requests, want 1", reads)
	}

	var opened []string
	g.ctx.OpenURL = func(u string) error { opened = append(opened, u); return nil }
	r.out = nil
	r.run(g.OpenAttachment(files.List[0]))
	if reads, _ := ct.take(); reads != 1 || len(opened) != 1 || !strings.Contains(opened[0], "/attachments/tmp_download/"+files.List[0].ID+"?salt=") {
		t.Fatalf("opening cost %d requests and opened %q; want 1 and the file's download address", reads, opened)
	}
	if said := r.said(); !strings.Contains(said, "opened screenshot.png in the browser") || strings.Contains(said, "salt=") {
		t.Errorf("opening said %q; want the file named and no address", said)
	}

	dir := t.TempDir()
	t.Setenv("XDG_DOWNLOAD_DIR", dir)
	if err := os.WriteFile(filepath.Join(dir, "screenshot.png"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.out = nil
	r.run(g.SaveAttachment(files.List[0]))
	reads, _ := ct.take()
	saved := filepath.Join(dir, "screenshot (1).png")
	got, err := os.ReadFile(saved)
	if err != nil || reads != 2 {
		t.Fatalf("saving cost %d requests (want 2: the address and the file) and left %v", reads, err)
	}
	want := download(t, client, files.List[0].ID)
	if !bytes.Equal(got, want) {
		t.Errorf("the saved file (%d bytes) is not the service's (%d bytes)", len(got), len(want))
	}
	if mine, _ := os.ReadFile(filepath.Join(dir, "screenshot.png")); string(mine) != "mine" {
		t.Errorf("the file already there was overwritten")
	}
	if said := r.said(); !strings.Contains(said, "saved screenshot.png ("+api.HumanSize(int64(len(want)))+") to "+saved) {
		t.Errorf("saving said %q; want where it went", said)
	}
	if a, _ := g.Attachments(api.Story, story1); a.Sizes[files.List[0].ID] != int64(len(want)) {
		t.Errorf("the saved file's size is not kept: %v", a.Sizes)
	}
}

// download is an attachment's file as the service serves it.
func download(t *testing.T, c *api.Client, id string) []byte {
	t.Helper()
	address, err := c.DownloadAddress(context.Background(), 10022001, id)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(address)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
