package store

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"

	"triage/api"
)

// Where attachments are saved, and how a file lands there: under its own
// name made safe (no directory, no control character), written whole or
// not at all.

// DownloadDir is the user's download directory: $XDG_DOWNLOAD_DIR, else
// ~/Downloads.
func DownloadDir(env func(string) string) (string, error) {
	if d := env("XDG_DOWNLOAD_DIR"); filepath.IsAbs(d) {
		return d, nil
	}
	home := env("HOME")
	if !filepath.IsAbs(home) {
		return "", api.Errorf("no download directory: set XDG_DOWNLOAD_DIR or HOME to an absolute path")
	}
	return filepath.Join(home, "Downloads"), nil
}

// SavePolicy says what to do when a file of the name is there already.
type SavePolicy int

// The policies of SaveDownload.
const (
	SaveRefuse    SavePolicy = iota // fail, saying to use --force
	SaveOverwrite                   // replace it
	SaveBeside                      // save as "name (1).ext", the first free name
)

// ErrFileExists is the failure of a save that would overwrite a file.
var ErrFileExists = api.Errorf("a file of that name is there already")

// SafeFileName is a file name from a service made safe to save under: its
// last path element, control characters dropped; "attachment" when
// nothing is left.
func SafeFileName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r == '/' || r == '\\':
			return '_'
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, name)
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." {
		return "attachment"
	}
	return name
}

// SaveDownload writes a file named name (made safe) in dir with write and
// returns its path and size. A failed write leaves no file behind.
func SaveDownload(dir, name string, policy SavePolicy, write func(io.Writer) (int64, error)) (string, int64, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", 0, api.Errorf("making the directory %s: %w", dir, err)
	}
	name = SafeFileName(name)
	path := filepath.Join(dir, name)
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if policy == SaveOverwrite {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flags, 0o644)
	for n := 1; errors.Is(err, fs.ErrExist) && policy == SaveBeside && n < 1000; n++ {
		ext := filepath.Ext(name)
		path = filepath.Join(dir, strings.TrimSuffix(name, ext)+" ("+strconv.Itoa(n)+")"+ext)
		f, err = os.OpenFile(path, flags, 0o644)
	}
	switch {
	case errors.Is(err, fs.ErrExist):
		return path, 0, api.Errorf("%s: %w; use --force to overwrite it", path, ErrFileExists)
	case err != nil:
		return path, 0, api.Errorf("saving %s: %w", path, err)
	}
	n, err := write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = os.Remove(path)
		return path, n, err
	}
	return path, n, nil
}
