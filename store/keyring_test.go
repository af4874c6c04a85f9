package store

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"
)

// hangingBackend is a keyring that never answers until the test ends, like
// a locked keyring waiting for its password prompt.
type hangingBackend struct{ release <-chan struct{} }

func (h hangingBackend) Get(string, string) (string, error) {
	<-h.release
	return "", keyring.ErrNotFound
}

func (h hangingBackend) Set(string, string, string) error {
	<-h.release
	return nil
}

func (h hangingBackend) Delete(string, string) error {
	<-h.release
	return nil
}

// hangingKeyring returns a Keyring over a hanging backend with a short
// timeout; the backend is released when the test ends.
func hangingKeyring(t *testing.T, timeout time.Duration) *Keyring {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	return &Keyring{Timeout: timeout, backend: hangingBackend{release: release}}
}

func TestKeyringGivesUpOnAHangingKeyring(t *testing.T) {
	ctx := context.Background()
	k := hangingKeyring(t, time.Millisecond)
	cred := Credential{Method: MethodToken, Token: "tok-hang-123"}
	ops := map[string]func() error{
		"get":               func() error { _, err := k.Get(ctx, realURL); return err },
		"set":               func() error { return k.Set(ctx, realURL, cred) },
		"delete":            func() error { return k.Delete(ctx, realURL) },
		"client secret":     func() error { _, err := k.ClientSecret(ctx, realURL); return err },
		"set client secret": func() error { return k.SetClientSecret(ctx, realURL, "cs-hang-456") },
		"probe":             func() error { return k.probe(ctx) },
	}
	for name, op := range ops {
		t.Run(name, func(t *testing.T) {
			err := op()
			if !errors.Is(err, ErrKeyringTimeout) {
				t.Fatalf("err = %v, want ErrKeyringTimeout", err)
			}
			assertNoSecret(t, "error", err.Error(), "tok-hang-123", "cs-hang-456")
		})
	}
}

func TestKeyringStopsWhenContextEnds(t *testing.T) {
	k := hangingKeyring(t, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := k.Get(ctx, realURL)
		errc <- err
	}()
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestKeyringZeroTimeoutMeansDefault(t *testing.T) {
	keyring.MockInit()
	k := &Keyring{backend: osKeyring{}}
	if err := k.probe(context.Background()); err != nil {
		t.Errorf("probe with zero timeout: %v", err)
	}
}

func TestKeyringReportsBackendErrors(t *testing.T) {
	ctx := context.Background()
	keyring.MockInitWithError(errors.New("dbus: org.freedesktop.secrets was not provided"))
	k := NewKeyring()
	_, err := k.Get(ctx, realURL)
	if err == nil || errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "system keyring") {
		t.Errorf("Get: err = %v, want a system keyring error", err)
	}
	const token = "tok-unsaved-789"
	err = k.Set(ctx, realURL, Credential{Method: MethodToken, Token: token})
	if err == nil {
		t.Fatal("Set on a broken keyring succeeded")
	}
	assertNoSecret(t, "error", err.Error(), token)
}

func TestKeyringRefusesAnUnreadableEntry(t *testing.T) {
	keyring.MockInit()
	const garbage = `{"method":"token","token":"tok-partial`
	if err := keyring.Set(keyringService, realURL, garbage); err != nil {
		t.Fatal(err)
	}
	_, err := NewKeyring().Get(context.Background(), realURL)
	if !errors.Is(err, errUnreadable) {
		t.Fatalf("err = %v, want errUnreadable", err)
	}
	assertNoSecret(t, "error", err.Error(), "tok-partial")
}

func TestKeyringLayout(t *testing.T) {
	keyring.MockInit()
	ctx := context.Background()
	k := NewKeyring()
	if !strings.Contains(k.Location(), "keyring") {
		t.Errorf("Location = %q, want it to name the keyring", k.Location())
	}
	if err := k.Set(ctx, "HTTP://127.0.0.1:8080/", Credential{Method: MethodToken, Token: "t"}); err != nil {
		t.Fatal(err)
	}
	if err := k.SetClientSecret(ctx, sandboxURL, "cs"); err != nil {
		t.Fatal(err)
	}
	value, err := keyring.Get("triage", sandboxURL)
	if err != nil || !strings.Contains(value, `"token":"t"`) {
		t.Errorf("entry (triage, %s) = %q, %v; want the credential as JSON", sandboxURL, value, err)
	}
	if value, err := keyring.Get("triage", clientSecretPrefix+sandboxURL); err != nil || value != "cs" {
		t.Errorf("client secret entry = %q, %v", value, err)
	}
}
