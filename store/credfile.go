package store

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"triage/api"
)

// ErrInsecurePermissions reports a credentials file, or its directory,
// that other users can read. The error names the chmod that fixes it.
var ErrInsecurePermissions = api.Errorf("other users can read it")

// credentialsFileVersion is the format of the credentials file.
const credentialsFileVersion = 1

// CredentialsFile keeps credentials in one plain-text JSON file, for when
// no OS keyring answers. The file has mode 0600 in a 0700 directory and is
// replaced atomically on every change; it is refused, with the chmod that
// fixes it, when group or others can read it or its directory.
type CredentialsFile struct {
	path string
	mu   sync.Mutex // serialises read-modify-write within this process
}

// credentialsFileData is the content of the credentials file.
type credentialsFileData struct {
	Version  int                         `json:"version"`
	Services map[string]credentialsEntry `json:"services"`
}

// credentialsEntry is what the file holds for one service.
type credentialsEntry struct {
	Credential   *credentialRecord `json:"credential,omitempty"`
	ClientSecret string            `json:"client_secret,omitempty"`
}

// NewCredentialsFile returns the credential store in the file at path
// (usually Paths.CredentialsFile). Nothing is read or created yet.
func NewCredentialsFile(path string) *CredentialsFile {
	return &CredentialsFile{path: path}
}

// Location says where the credentials are kept.
func (f *CredentialsFile) Location() string { return f.path + " (plain text)" }

// Get returns the credential stored for service.
func (f *CredentialsFile) Get(ctx context.Context, service string) (Credential, error) {
	var c Credential
	err := f.view(ctx, service, func(key string, e credentialsEntry) error {
		if e.Credential == nil {
			return api.Errorf("credentials for %s: %w", key, ErrNotFound)
		}
		c = Credential(*e.Credential)
		return nil
	})
	return c, err
}

// Set stores c for service, replacing what was there.
func (f *CredentialsFile) Set(ctx context.Context, service string, c Credential) error {
	if err := c.check(); err != nil {
		return api.Errorf("credentials: %w", err)
	}
	rec := credentialRecord(c)
	return f.update(ctx, service, func(_ string, e *credentialsEntry) error {
		e.Credential = &rec
		return nil
	})
}

// Delete removes the credential of service and keeps its client secret.
func (f *CredentialsFile) Delete(ctx context.Context, service string) error {
	return f.update(ctx, service, func(key string, e *credentialsEntry) error {
		if e.Credential == nil {
			return api.Errorf("credentials for %s: %w", key, ErrNotFound)
		}
		e.Credential = nil
		return nil
	})
}

// ClientSecret returns the OAuth client secret stored for service.
func (f *CredentialsFile) ClientSecret(ctx context.Context, service string) (Secret, error) {
	var s Secret
	err := f.view(ctx, service, func(key string, e credentialsEntry) error {
		if e.ClientSecret == "" {
			return api.Errorf("client secret for %s: %w", key, ErrNotFound)
		}
		s = Secret(e.ClientSecret)
		return nil
	})
	return s, err
}

// SetClientSecret stores the OAuth client secret of service; an empty
// secret removes it.
func (f *CredentialsFile) SetClientSecret(ctx context.Context, service string, secret Secret) error {
	return f.update(ctx, service, func(_ string, e *credentialsEntry) error {
		e.ClientSecret = secret.Reveal()
		return nil
	})
}

// view reads the entry of service and hands it to read.
func (f *CredentialsFile) view(ctx context.Context, service string, read func(key string, e credentialsEntry) error) error {
	return f.locked(ctx, service, func(key string, data credentialsFileData) error {
		return read(key, data.Services[key])
	})
}

// update reads the entry of service, lets change edit it and writes the
// file back, dropping entries left empty.
func (f *CredentialsFile) update(ctx context.Context, service string, change func(key string, e *credentialsEntry) error) error {
	return f.locked(ctx, service, func(key string, data credentialsFileData) error {
		entry := data.Services[key]
		if err := change(key, &entry); err != nil {
			return err
		}
		if entry == (credentialsEntry{}) {
			delete(data.Services, key)
		} else {
			data.Services[key] = entry
		}
		return f.save(data)
	})
}

// locked hands the file's content and the key of service to use, holding
// the file's lock: view and update open the same way.
func (f *CredentialsFile) locked(ctx context.Context, service string, use func(key string, data credentialsFileData) error) error {
	key, err := ServiceKey(service)
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	data, err := f.load()
	if err != nil {
		return err
	}
	return use(key, data)
}

// load reads the file; a missing file holds no credentials.
func (f *CredentialsFile) load() (credentialsFileData, error) {
	data := credentialsFileData{Version: credentialsFileVersion, Services: map[string]credentialsEntry{}}
	if err := checkPrivate(filepath.Dir(f.path), true); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return data, err
	}
	if err := checkPrivate(f.path, false); errors.Is(err, fs.ErrNotExist) {
		return data, nil
	} else if err != nil {
		return data, err
	}
	raw, err := os.ReadFile(f.path)
	if err != nil {
		return data, api.Errorf("credentials file: %w", err)
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		return data, api.Errorf("credentials file %s: %w", f.path, errUnreadable)
	}
	if data.Version != credentialsFileVersion {
		return data, api.Errorf("credentials file %s has format %d, which this triage does not know; upgrade triage", f.path, data.Version)
	}
	if data.Services == nil {
		data.Services = map[string]credentialsEntry{}
	}
	return data, nil
}

// save writes the file atomically, creating its private directory.
func (f *CredentialsFile) save(data credentialsFileData) error {
	dir := filepath.Dir(f.path)
	if err := os.MkdirAll(dir, dirMode); err != nil {
		return api.Errorf("credentials directory: %w", err)
	}
	if err := checkPrivate(dir, true); err != nil {
		return err
	}
	raw, err := json.MarshalIndent(data, "", "  ")
	if err != nil {
		return api.Errorf("credentials file %s: %w", f.path, err)
	}
	if err := writeFileAtomic(f.path, raw); err != nil {
		return api.Errorf("credentials file: %w", err)
	}
	return nil
}

// checkPrivate refuses a file or directory that group or others can use,
// naming the chmod that fixes it. Windows has no such mode bits.
func checkPrivate(path string, isDir bool) error {
	info, err := os.Stat(path)
	if err != nil {
		return api.Errorf("credentials: %w", err)
	}
	if runtime.GOOS == "windows" || info.Mode().Perm()&0o077 == 0 {
		return nil
	}
	what, fix := "file", "600"
	if isDir {
		what, fix = "directory", "700"
	}
	return api.Errorf("credentials %s %s has mode %04o: %w; run: chmod %s %s",
		what, path, info.Mode().Perm(), ErrInsecurePermissions, fix, path)
}
