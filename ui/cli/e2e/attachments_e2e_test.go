package e2e

import (
	"bytes"
	"context"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
)

// pathProxy forwards to target and records the path of each request.
type pathProxy struct {
	mu    sync.Mutex
	paths []string
	URL   string
}

func newPathProxy(t *testing.T, target string) *pathProxy {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	p := &pathProxy{}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		p.paths = append(p.paths, r.URL.Path)
		p.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	p.URL = srv.URL
	return p
}

// count is how many requests had this path.
func (p *pathProxy) count(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := 0
	for _, seen := range p.paths {
		if seen == path {
			n++
		}
	}
	return n
}

// serviceFile is an attachment's file as the service serves it, read
// through the API client.
func serviceFile(t *testing.T, s *served, id string) []byte {
	t.Helper()
	c := api.NewClient(s.env["TRIAGE_BASE_URL"], api.BearerToken(s.env["TRIAGE_TOKEN"]))
	address, err := c.DownloadAddress(context.Background(), 10022001, id)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := c.Download(context.Background(), address, &b, nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// noSalt fails when a file under dir holds a download address's signature.
func noSalt(t *testing.T, dir, salt string) {
	t.Helper()
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if b, _ := os.ReadFile(path); bytes.Contains(b, []byte(salt)) {
			t.Errorf("%s holds a download address (a credential for 300 s)", path)
		}
		return nil
	})
}

// TestViewAttachmentsGolden: `triage view ID --attachments` lists an item's
// files as a table on a terminal, tab-separated when piped, as JSON, and
// says when there are none.
func TestViewAttachmentsGolden(t *testing.T) {
	env := scriptService(t)
	tests := []struct {
		name string
		tty  bool
		args []string
	}{
		{"view_attachments_table", true, []string{"view", "bug/2", "--attachments"}},
		{"view_attachments_plain", false, []string{"view", "bug/1", "--attachments"}},
		{"view_attachments_json", false, []string{"view", "bug/3", "--attachments", "--json"}},
		{"view_attachments_none", false, []string{"view", "story/4", "--attachments"}},
		{"view_attachments_force_alone", false, []string{"view", "bug/1", "--force"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, filepath.Join("cli", tt.name+".golden"), runScript(t, env, tt.tty, tt.args...))
		})
	}
}

// TestViewSavesAttachments: against `triage serve`, `--save DIR` saves an
// item's files, each the service's bytes, saying each path on stderr; a
// second run refuses to overwrite them (exit 1, saying --force) without
// asking for a download address; --force overwrites. No download address
// reaches the output or triage's files.
func TestViewSavesAttachments(t *testing.T) {
	s := startServe(t)
	proxy := newPathProxy(t, s.env["TRIAGE_BASE_URL"])
	home := t.TempDir()
	env := append(appHomeEnv(home, s), "TRIAGE_BASE_URL="+proxy.URL)
	dir := filepath.Join(t.TempDir(), "files")

	out, errOut, code := runBinary(t, env, "", "view", "bug/1", "--save", dir, "--json")
	saved := filepath.Join(dir, "screenshot.png")
	if code != 0 || !strings.Contains(errOut, "[1/1] saved "+saved+" (") || !strings.Contains(out, `"path": "`+saved+`"`) {
		t.Fatalf("--save exited %d; stdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	t.Logf("stderr of --save:\n%s", errOut)
	if n := proxy.count("/attachments"); n != 1 {
		t.Errorf("--save listed the attachments %d times, want 1", n)
	}
	if n := proxy.count("/attachments/down"); n != 1 {
		t.Errorf("--save asked %d download addresses for one file, want 1", n)
	}
	var listed []struct{ ID string }
	req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/attachments?workspace_id=10022001&type=bug&entry_id=1110022001000000001", nil)
	req.Header.Set("Authorization", "Bearer "+s.env["TRIAGE_TOKEN"])
	var wrapped []map[string]struct {
		ID string `json:"id"`
	}
	callJSON(t, req, &wrapped)
	for _, w := range wrapped {
		listed = append(listed, struct{ ID string }{w["Attachment"].ID})
	}
	got, err := os.ReadFile(saved)
	if err != nil || len(listed) != 1 || !bytes.Equal(got, serviceFile(t, s, listed[0].ID)) {
		t.Fatalf("the saved file (%d bytes, %v) is not the service's", len(got), err)
	}

	if err := os.WriteFile(saved, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := proxy.count("/attachments/down")
	_, errOut, code = runBinary(t, env, "", "view", "bug/1", "--save", dir)
	if mine, _ := os.ReadFile(saved); code != 1 || string(mine) != "mine" || !strings.Contains(errOut, saved+" is there already; use --force to overwrite it") {
		t.Errorf("a second --save exited %d and left %q; stderr:\n%s", code, mine, errOut)
	}
	if proxy.count("/attachments/down") != before {
		t.Errorf("refusing to overwrite still asked for a download address")
	}
	_, errOut, code = runBinary(t, env, "", "view", "bug/1", "--save", dir, "--force")
	if again, _ := os.ReadFile(saved); code != 0 || !bytes.Equal(again, got) {
		t.Errorf("--force exited %d and left %d bytes; stderr:\n%s", code, len(again), errOut)
	}
	if strings.Contains(out+errOut, "salt=") {
		t.Errorf("a download address was printed:\n%s%s", out, errOut)
	}
}

// downloadAddress is the shape of the address the browser is given.
var downloadAddress = regexp.MustCompile(`^http://127\.0\.0\.1:\d+/attachments/tmp_download/(\d+)\?salt=([0-9a-f]+)&time=\d+$`)

// TestPreviewOpensAnAttachment drives the built binary in tmux against
// `triage serve`: on the Bugs tab, P shows the first bug's attachment
// (name, type, who, when) under a head naming F, O and W; O opens it in the
// browser (the launcher, TRIAGE_BROWSER, is given the download address of
// the file, which serves the service's bytes); K saves it to the download
// directory and says where, with its size. The list is read once per bug,
// a download address only per O or W; no address reaches triage's files.
func TestPreviewOpensAnAttachment(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	proxy := newPathProxy(t, s.env["TRIAGE_BASE_URL"])
	urls := newURLCatcher(t)
	downloads := t.TempDir()
	env := append(appEnv(t, s, proxy.URL), "TRIAGE_BROWSER="+urls.program, "XDG_DOWNLOAD_DIR="+downloads)
	home := strings.TrimPrefix(env[0], "HOME=")
	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(30*time.Second, "Stories 240")
	term.Send("Tab")
	term.WaitFor(20*time.Second, "180 bugs")
	term.Send("P")
	term.WaitFor(20*time.Second, "more lines · ctrl+d/ctrl+u scroll")
	term.Send("C-d", "C-d")
	screen := term.WaitFor(20*time.Second, "Attachments (1) · F choose · O open · K save")
	line := regexp.MustCompile(`▸ (\S+\.(?:png|log)) · (image/png|text/plain) · (\w+) · \d{4}-\d\d-\d\d \d\d:\d\d`).FindStringSubmatch(screen)
	if line == nil {
		t.Fatalf("the pane does not list the bug's attachment:\n%s", screen)
	}
	name := line[1]
	t.Logf("the preview:\n%s", screen)

	term.Send("O")
	opened := urls.nth(1, 20*time.Second, term.Screen)
	m := downloadAddress.FindStringSubmatch(opened)
	if m == nil {
		t.Fatalf("O gave the browser %q, not a download address", opened)
	}
	screen = term.WaitFor(20*time.Second, "opened "+name+" in the browser (its download address is valid for 300 s)")
	t.Logf("O: the launcher got %s\n%s", opened, screen)
	resp, err := http.Get(opened)
	if err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	_, _ = file.ReadFrom(resp.Body)
	resp.Body.Close()
	want := serviceFile(t, s, m[1])
	if resp.StatusCode != http.StatusOK || !bytes.Equal(file.Bytes(), want) {
		t.Fatalf("the address opened gives %d, %d bytes; want the service's %d bytes", resp.StatusCode, file.Len(), len(want))
	}

	term.Send("K")
	savedTo := filepath.Join(downloads, name)
	screen = term.WaitFor(20*time.Second, "saved "+name+" ("+api.HumanSize(int64(len(want)))+") to "+savedTo)
	if got, err := os.ReadFile(savedTo); err != nil || !bytes.Equal(got, want) {
		t.Errorf("K saved %d bytes (%v), not the service's %d", len(got), err, len(want))
	}
	if !strings.Contains(screen, "▸ "+name+" · "+api.HumanSize(int64(len(want)))+" · ") {
		t.Errorf("after saving, the pane does not show the file's size:\n%s", screen)
	}

	term.Send("P")
	term.Send("P") // the pane closed and opened again shows the list kept
	term.Send("C-d", "C-d")
	term.WaitFor(20*time.Second, "Attachments (1)")
	term.Send("?")
	term.Send("G")
	term.WaitFor(10*time.Second, "choose the preview's next attachment", "open the chosen attachment in the browser", "save the chosen attachment")
	if n := proxy.count("/attachments/down"); n != 2 { // the test's own serviceFile goes to the service, not through the app's proxy
		t.Errorf("%d download addresses asked through the app, want 2 (O and W)", n)
	}
	if n := proxy.count("/attachments"); n != 1 {
		t.Errorf("the bug's attachments were listed %d times, want once", n)
	}
	term.Send("q")
	noSalt(t, home, m[2])
}
