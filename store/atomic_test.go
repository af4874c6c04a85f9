package store

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomic(t *testing.T) {
	tests := []struct {
		name    string
		prepare func(t *testing.T, path string)
		wantErr bool
	}{
		{name: "new file"},
		{name: "replaces a file", prepare: func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "target is a directory", wantErr: true, prepare: func(t *testing.T, path string) {
			if err := os.MkdirAll(filepath.Join(path, "x"), 0o700); err != nil {
				t.Fatal(err)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f")
			if tt.prepare != nil {
				tt.prepare(t, path)
			}
			err := writeFileAtomic(path, []byte("new"))
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			assertOnlyFiles(t, dir, "f")
			if tt.wantErr {
				return
			}
			got, err := os.ReadFile(path)
			if err != nil || string(got) != "new" {
				t.Errorf("content = %q, %v; want %q", got, err, "new")
			}
			assertMode(t, path, 0o600)
		})
	}
}

func TestWriteFileAtomicMissingDirectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "f")
	if err := writeFileAtomic(path, []byte("x")); err == nil {
		t.Fatal("write into a missing directory succeeded")
	}
}

// assertOnlyFiles fails unless dir holds exactly the named entries: no
// temporary file is left behind.
func assertOnlyFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	for _, e := range entries {
		if !want[e.Name()] {
			t.Errorf("unexpected file %s left in %s", e.Name(), dir)
		}
	}
	if len(entries) != len(names) {
		t.Errorf("%s holds %d entries, want %d", dir, len(entries), len(names))
	}
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if info.Mode().Perm() != want {
		t.Errorf("%s: mode %v, want %v", path, info.Mode().Perm(), want)
	}
}
