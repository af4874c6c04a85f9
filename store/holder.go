package store

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"triage/api"
)

// A holder is one process that has the outbox open for writing. Each
// holder keeps a file of its own under the outbox's holders directory
// (outbox.db.holders/ID), locked with flock for as long as it has the
// outbox open; the kernel lets go of the lock when the process ends,
// however it ends (kill -9 included). An edit records the holder that
// added or claimed it (Edit.Holder); other processes leave it alone while
// that holder lives, and take it up once the holder is gone.
//
// The file of a holder exists only while locked: it is created under a
// temporary name, locked, then renamed to its id, and it is removed only by
// a process holding its lock (its holder at Close, or a process that found
// the holder gone). So "the file is missing, or its lock can be taken"
// means the holder ended and will never again change the outbox: it is
// safe to take its edits up.

// holdersSuffix names the directory of the holders' files, beside the outbox.
const holdersSuffix = ".holders"

// holder is this process's claim on the outbox: its id and its locked file.
type holder struct {
	id   string
	path string
	f    *os.File
}

// takeHolder creates and locks the file of a new holder in dir.
func takeHolder(dir string) (*holder, error) {
	if err := os.MkdirAll(dir, dirMode); err != nil {
		return nil, api.Errorf("create directory %s: %w", dir, err)
	}
	raw := make([]byte, 8)
	if _, err := rand.Read(raw); err != nil {
		return nil, api.Errorf("name this process's hold on the outbox: %w", err)
	}
	id := hex.EncodeToString(raw)
	tmp := filepath.Join(dir, id+".new")
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_EXCL|os.O_RDWR, fileMode)
	if err != nil {
		return nil, api.Errorf("create %s: %w", tmp, err)
	}
	h := &holder{id: id, path: filepath.Join(dir, id), f: f}
	if err := lockHolder(f); err != nil {
		_ = f.Close()
		_ = os.Remove(tmp)
		return nil, api.Errorf("lock %s: %w", tmp, err)
	}
	if err := os.Rename(tmp, h.path); err != nil {
		_ = f.Close()
		_ = os.Remove(tmp)
		return nil, api.Errorf("name %s: %w", h.path, err)
	}
	return h, nil
}

// sweepHolders removes the files of the holders of dir that ended without
// leaving an edit to take up (a killed `triage list` beside the board). A
// file still under its temporary name is left for a minute: its process may
// be about to lock it.
func sweepHolders(dir string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, ent := range entries {
		name := ent.Name()
		if !strings.HasSuffix(name, ".new") {
			holderGone(dir, name)
			continue
		}
		if info, err := ent.Info(); err == nil && now.Sub(info.ModTime()) > time.Minute {
			holderGone(dir, name)
		}
	}
}

// release removes the holder's file, then lets go of its lock.
func (h *holder) release() error {
	err := os.Remove(h.path)
	if errors.Is(err, fs.ErrNotExist) {
		err = nil
	}
	return errors.Join(err, h.f.Close())
}

// holderGone reports whether the holder id of dir ended: its file is
// missing, or its lock can be taken (then the file is removed, under the
// lock). A file that cannot be read counts as a holder alive: its edits wait.
func holderGone(dir, id string) bool {
	if id == "" {
		return true // an edit of a version of triage before holders
	}
	path := filepath.Join(dir, id)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return true
	}
	if err != nil {
		return false
	}
	defer f.Close()
	if !tryLockHolder(f) {
		return false
	}
	_ = os.Remove(path)
	return true
}
