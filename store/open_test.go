package store

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

func TestOpenCredentialsChoosesAStore(t *testing.T) {
	tests := []struct {
		name     string
		keyring  func(t *testing.T) *Keyring
		insecure bool
		wantFile bool
		wantWarn string
	}{
		{
			name:    "working keyring",
			keyring: func(*testing.T) *Keyring { keyring.MockInit(); return NewKeyring() },
		},
		{
			name: "keyring with an error",
			keyring: func(*testing.T) *Keyring {
				keyring.MockInitWithError(errors.New("The name org.freedesktop.secrets was not provided"))
				return NewKeyring()
			},
			wantFile: true,
			wantWarn: "no system keyring",
		},
		{
			name:     "hanging keyring",
			keyring:  func(t *testing.T) *Keyring { return hangingKeyring(t, time.Millisecond) },
			wantFile: true,
			wantWarn: "did not answer",
		},
		{
			name:     "insecure storage asked for",
			keyring:  func(t *testing.T) *Keyring { return hangingKeyring(t, time.Hour) },
			insecure: true,
			wantFile: true,
			wantWarn: "as asked",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paths := PathsIn(t.TempDir())
			var warn bytes.Buffer
			creds, err := openCredentials(context.Background(), paths, tt.insecure, &warn, tt.keyring(t))
			if err != nil {
				t.Fatal(err)
			}
			_, isFile := creds.(*CredentialsFile)
			if isFile != tt.wantFile {
				t.Fatalf("chose %s, want the file: %v", creds.Location(), tt.wantFile)
			}
			if tt.wantWarn == "" {
				if warn.Len() != 0 {
					t.Errorf("unexpected warning %q", warn.String())
				}
				return
			}
			text := warn.String()
			if strings.Count(text, "\n") != 1 || !strings.Contains(text, tt.wantWarn) ||
				!strings.Contains(text, "plain text at "+paths.CredentialsFile) {
				t.Errorf("warning %q: want one line saying %q and naming %s", text, tt.wantWarn, paths.CredentialsFile)
			}
			if err := creds.Set(context.Background(), realURL, sampleCredentials()[1]); err != nil {
				t.Errorf("chosen store does not work: %v", err)
			}
		})
	}
}

func TestOpenCredentialsFallsBackOnBrokenKeyring(t *testing.T) {
	keyring.MockInitWithError(errors.New("no secret service"))
	paths := PathsIn(t.TempDir())
	creds, err := OpenCredentials(context.Background(), paths, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := creds.(*CredentialsFile); !ok {
		t.Errorf("chose %s, want the file", creds.Location())
	}
}

func TestOpenCredentialsStopsWhenContextEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var warn bytes.Buffer
	_, err := openCredentials(ctx, PathsIn(t.TempDir()), false, &warn, hangingKeyring(t, time.Hour))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if warn.Len() != 0 {
		t.Errorf("warned %q while giving up", warn.String())
	}
}
