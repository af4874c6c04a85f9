package store

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"

	"triage/api"
)

// appName names triage's directory under each XDG base directory.
const appName = "triage"

// dirMode is the mode of every directory triage creates: private to the user.
const dirMode os.FileMode = 0o700

// Paths says where triage keeps its files. Every function of this package
// takes the paths it needs explicitly, so a test or `triage demo` can point
// them at a directory of its own (PathsIn) and leave the user's files alone.
type Paths struct {
	ConfigFile      string // the YAML config file
	CredentialsFile string // the plain-text credential store, used without a keyring
	CacheDir        string // disposable data, such as cached items
	StateDir        string // data to keep, such as the outbox of edits
	LogDir          string // log files
	Profile         string // the profile these paths are of; "" = the default (profile.go)
}

// DefaultPaths returns the user's XDG locations:
//
//	$XDG_CONFIG_HOME/triage/config.yaml
//	$XDG_DATA_HOME/triage/credentials
//	$XDG_CACHE_HOME/triage
//	$XDG_STATE_HOME/triage
//	$XDG_STATE_HOME/triage/log
//
// It creates nothing; call Ensure before writing.
func DefaultPaths() (Paths, error) {
	return pathsFrom(xdg.ConfigHome, xdg.DataHome, xdg.CacheHome, xdg.StateHome)
}

// pathsFrom lays out triage's paths under the given XDG base directories,
// which must be absolute.
func pathsFrom(configHome, dataHome, cacheHome, stateHome string) (Paths, error) {
	for _, base := range []string{configHome, dataHome, cacheHome, stateHome} {
		if !filepath.IsAbs(base) {
			return Paths{}, api.Errorf("XDG base directory %q is not absolute: set HOME or the XDG_*_HOME variables to absolute paths", base)
		}
	}
	state := filepath.Join(stateHome, appName)
	return Paths{
		ConfigFile:      filepath.Join(configHome, appName, "config.yaml"),
		CredentialsFile: filepath.Join(dataHome, appName, "credentials"),
		CacheDir:        filepath.Join(cacheHome, appName),
		StateDir:        state,
		LogDir:          filepath.Join(state, "log"),
	}, nil
}

// PathsIn lays out triage's paths under one root directory, for tests and
// `triage demo`: root/config/config.yaml, root/data/credentials, root/cache,
// root/state and root/state/log.
func PathsIn(root string) Paths {
	state := filepath.Join(root, "state")
	return Paths{
		ConfigFile:      filepath.Join(root, "config", "config.yaml"),
		CredentialsFile: filepath.Join(root, "data", "credentials"),
		CacheDir:        filepath.Join(root, "cache"),
		StateDir:        state,
		LogDir:          filepath.Join(state, "log"),
	}
}

// Ensure creates the directories of every path, private to the user (0700).
// Directories that already exist keep their mode.
func (p Paths) Ensure() error {
	dirs := []string{
		filepath.Dir(p.ConfigFile),
		filepath.Dir(p.CredentialsFile),
		p.CacheDir,
		p.StateDir,
		p.LogDir,
	}
	var errs []error
	for _, dir := range dirs {
		if err := os.MkdirAll(dir, dirMode); err != nil {
			errs = append(errs, api.Errorf("create directory %s: %w", dir, err))
		}
	}
	return errors.Join(errs...)
}
