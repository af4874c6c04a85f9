package api

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"time"
)

// budgetFileVersion heads the state file; a file of another version (or
// damaged) is read as an empty budget.
const budgetFileVersion = 1

// maxBudgetEntries bounds the requests a state file remembers.
const maxBudgetEntries = 100_000

// budgetFile is a budget's state shared by processes: a small binary file
// (version, hold until, hold reason, the send times of the last window),
// read and rewritten under an exclusive lock of the OS.
type budgetFile struct {
	f *os.File
}

func openBudgetFile(path string) (*budgetFile, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, Errorf("the rate budget's directory: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, Errorf("the rate budget's file: %w", err)
	}
	return &budgetFile{f: f}, nil
}

func (bf *budgetFile) close() error { return bf.f.Close() }

// update locks the file, reads the state, runs fn and writes the state back.
func (bf *budgetFile) update(fn func(*budgetState)) error {
	if err := lockFile(bf.f); err != nil {
		return Errorf("lock the rate budget's file: %w", err)
	}
	defer func() { _ = unlockFile(bf.f) }()
	s := bf.read()
	fn(&s)
	if err := bf.write(s); err != nil {
		return Errorf("write the rate budget's file: %w", err)
	}
	return nil
}

func (bf *budgetFile) read() budgetState {
	var s budgetState
	data, err := io.ReadAll(io.NewSectionReader(bf.f, 0, 8*(maxBudgetEntries+4)))
	if err != nil || len(data) < 24 || binary.LittleEndian.Uint64(data) != budgetFileVersion {
		return s
	}
	if hold := int64(binary.LittleEndian.Uint64(data[8:])); hold != 0 {
		s.holdUntil = time.Unix(0, hold)
	}
	s.holdReason = WaitReason(binary.LittleEndian.Uint64(data[16:]))
	for rest := data[24:]; len(rest) >= 8; rest = rest[8:] {
		s.sent = append(s.sent, time.Unix(0, int64(binary.LittleEndian.Uint64(rest))))
	}
	return s
}

func (bf *budgetFile) write(s budgetState) error {
	sent := s.sent[max(len(s.sent)-maxBudgetEntries, 0):]
	data := make([]byte, 24, 24+8*len(sent))
	binary.LittleEndian.PutUint64(data, budgetFileVersion)
	if !s.holdUntil.IsZero() {
		binary.LittleEndian.PutUint64(data[8:], uint64(s.holdUntil.UnixNano()))
	}
	binary.LittleEndian.PutUint64(data[16:], uint64(s.holdReason))
	for _, t := range sent {
		data = binary.LittleEndian.AppendUint64(data, uint64(t.UnixNano()))
	}
	if _, err := bf.f.WriteAt(data, 0); err != nil {
		return err
	}
	return bf.f.Truncate(int64(len(data)))
}
