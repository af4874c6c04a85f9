package store

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestCredentialsFileIsPrivateAndAtomic(t *testing.T) {
	ctx := context.Background()
	path := PathsIn(t.TempDir()).CredentialsFile
	f := NewCredentialsFile(path)
	for _, c := range sampleCredentials() {
		if err := f.Set(ctx, realURL, c); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SetClientSecret(ctx, sandboxURL, "cs"); err != nil {
		t.Fatal(err)
	}
	assertMode(t, path, 0o600)
	assertMode(t, filepath.Dir(path), 0o700)
	assertOnlyFiles(t, filepath.Dir(path), "credentials")

	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var data credentialsFileData
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	if data.Version != credentialsFileVersion || len(data.Services) != 2 {
		t.Errorf("file holds version %d with %d services, want %d with 2:\n%s", data.Version, len(data.Services), credentialsFileVersion, raw)
	}
	if !strings.Contains(f.Location(), path) {
		t.Errorf("Location %q does not name %s", f.Location(), path)
	}
}

func TestCredentialsFileDropsEmptyServices(t *testing.T) {
	ctx := context.Background()
	path := PathsIn(t.TempDir()).CredentialsFile
	f := NewCredentialsFile(path)
	if err := f.Set(ctx, realURL, sampleCredentials()[1]); err != nil {
		t.Fatal(err)
	}
	if err := f.Delete(ctx, realURL); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(raw), "api.tapd.cn") {
		t.Errorf("deleted service still in the file:\n%s", raw)
	}
}

func TestCredentialsFileRefusesOpenPermissions(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix mode bits")
	}
	const token = "tok-perm-0644"
	tests := []struct {
		name      string
		fileMode  os.FileMode
		dirMode   os.FileMode
		wantPath  func(path string) string
		wantChmod string
	}{
		{name: "file readable by others", fileMode: 0o644, dirMode: 0o700, wantPath: func(p string) string { return p }, wantChmod: "chmod 600 "},
		{name: "file readable by group", fileMode: 0o640, dirMode: 0o700, wantPath: func(p string) string { return p }, wantChmod: "chmod 600 "},
		{name: "directory open to others", fileMode: 0o600, dirMode: 0o755, wantPath: filepath.Dir, wantChmod: "chmod 700 "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx := context.Background()
			path := PathsIn(t.TempDir()).CredentialsFile
			f := NewCredentialsFile(path)
			if err := f.Set(ctx, realURL, Credential{Method: MethodToken, Token: token}); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, tt.fileMode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(filepath.Dir(path), tt.dirMode); err != nil {
				t.Fatal(err)
			}
			_, getErr := f.Get(ctx, realURL)
			setErr := f.Set(ctx, sandboxURL, Credential{Method: MethodToken, Token: token})
			for _, err := range []error{getErr, setErr} {
				if !errors.Is(err, ErrInsecurePermissions) {
					t.Fatalf("err = %v, want ErrInsecurePermissions", err)
				}
				fix := tt.wantChmod + tt.wantPath(path)
				if !strings.Contains(err.Error(), fix) {
					t.Errorf("error %q does not say %q", err, fix)
				}
				assertNoSecret(t, "error", err.Error(), token)
			}
			if err := os.Chmod(filepath.Dir(path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, 0o600); err != nil {
				t.Fatal(err)
			}
			if got, err := f.Get(ctx, realURL); err != nil || got.Token != token {
				t.Errorf("after the fix: %v, %v", got, err)
			}
		})
	}
}

func TestCredentialsFileRefusesWhatItCannotRead(t *testing.T) {
	tests := []struct {
		name    string
		content string
		wantErr string
	}{
		{name: "not json", content: `{"version":1,"services":{"x":{"credential":{"token":"tok-cut`, wantErr: "unreadable"},
		{name: "newer format", content: `{"version":2,"services":{}}`, wantErr: "upgrade triage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := PathsIn(t.TempDir()).CredentialsFile
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			f := NewCredentialsFile(path)
			_, err := f.Get(context.Background(), realURL)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(err.Error(), path) {
				t.Fatalf("err = %v, want one naming %s and saying %q", err, path, tt.wantErr)
			}
			assertNoSecret(t, "error", err.Error(), "tok-cut")
			if err := f.Set(context.Background(), realURL, sampleCredentials()[1]); err == nil {
				t.Error("Set over an unreadable file succeeded and would lose its content")
			}
		})
	}
}
