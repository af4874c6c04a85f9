package store

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestSaveDownload: a file from the service lands in the directory under
// its name made safe (never elsewhere), refuses to overwrite, lands beside
// a file of its name, or replaces it, as asked; a failed write leaves
// nothing.
func TestSaveDownload(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) func(io.Writer) (int64, error) {
		return func(w io.Writer) (int64, error) {
			n, err := io.WriteString(w, text)
			return int64(n), err
		}
	}
	read := func(path string) string {
		b, _ := os.ReadFile(path)
		return string(b)
	}
	path, n, err := SaveDownload(dir, "../../etc/pass\x1bwd", SaveRefuse, write("one"))
	if err != nil || path != filepath.Join(dir, ".._.._etc_passwd") || n != 3 || read(path) != "one" {
		t.Fatalf("saved to %s (%d bytes, %v)", path, n, err)
	}
	if _, _, err := SaveDownload(dir, "a.png", SaveRefuse, write("first")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := SaveDownload(dir, "a.png", SaveRefuse, write("second")); !errors.Is(err, ErrFileExists) || read(filepath.Join(dir, "a.png")) != "first" {
		t.Errorf("a second save without overwrite: %v; the file holds %q", err, read(filepath.Join(dir, "a.png")))
	}
	if path, _, err := SaveDownload(dir, "a.png", SaveBeside, write("beside")); err != nil || path != filepath.Join(dir, "a (1).png") || read(path) != "beside" {
		t.Errorf("beside: %s, %v", path, err)
	}
	if _, _, err := SaveDownload(dir, "a.png", SaveOverwrite, write("over")); err != nil || read(filepath.Join(dir, "a.png")) != "over" {
		t.Errorf("overwrite: %v; the file holds %q", err, read(filepath.Join(dir, "a.png")))
	}
	broken := func(w io.Writer) (int64, error) {
		_, _ = io.WriteString(w, "part")
		return 4, errors.New("the connection dropped")
	}
	if path, _, err := SaveDownload(dir, "b.log", SaveRefuse, broken); err == nil || read(path) != "" {
		t.Errorf("a failed download: %v; left %q", err, read(path))
	}
	if _, err := os.Stat(filepath.Join(dir, "b.log")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed download left its file: %v", err)
	}
	for name, want := range map[string]string{"": "attachment", "..": "attachment", " 报告.pdf ": "报告.pdf"} {
		if got := SafeFileName(name); got != want {
			t.Errorf("SafeFileName(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestDownloadDir: XDG_DOWNLOAD_DIR, else ~/Downloads; neither is an error
// saying what to set.
func TestDownloadDir(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	if d, err := DownloadDir(env(map[string]string{"XDG_DOWNLOAD_DIR": "/x/dl", "HOME": "/h"})); err != nil || d != "/x/dl" {
		t.Errorf("with XDG_DOWNLOAD_DIR: %s, %v", d, err)
	}
	if d, err := DownloadDir(env(map[string]string{"HOME": "/h"})); err != nil || d != "/h/Downloads" {
		t.Errorf("with HOME: %s, %v", d, err)
	}
	if _, err := DownloadDir(env(nil)); err == nil {
		t.Error("no directory, yet no error")
	}
}
