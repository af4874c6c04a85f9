package store

import (
	"context"
	"errors"
	"fmt"
	"io"
)

// OpenCredentials chooses where credentials live: the OS keyring when it
// answers a probe (one read, bounded by DefaultKeyringTimeout), else the
// file paths.CredentialsFile, with a one-line warning to warn that they are
// stored in plain text. insecureStorage chooses the file on purpose, with a
// one-line note. warn may be nil. The error is ctx's, when it ends first.
func OpenCredentials(ctx context.Context, paths Paths, insecureStorage bool, warn io.Writer) (Credentials, error) {
	return openCredentials(ctx, paths, insecureStorage, warn, NewKeyring())
}

func openCredentials(ctx context.Context, paths Paths, insecureStorage bool, warn io.Writer, kr *Keyring) (Credentials, error) {
	if warn == nil {
		warn = io.Discard
	}
	kr.Profile = paths.Profile
	file := NewCredentialsFile(paths.CredentialsFile)
	if insecureStorage {
		fmt.Fprintf(warn, "triage: credentials are stored in plain text at %s, as asked\n", paths.CredentialsFile)
		return file, nil
	}
	err := kr.probe(ctx)
	if err == nil {
		return kr, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, ctxErr
	}
	reason := "no system keyring is available"
	if errors.Is(err, ErrKeyringTimeout) {
		reason = "the system keyring did not answer (is it locked?)"
	}
	fmt.Fprintf(warn, "triage: %s; credentials are stored in plain text at %s\n", reason, paths.CredentialsFile)
	return file, nil
}
