package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/zalando/go-keyring"

	"triage/api"
)

// keyringService is the service name of triage's entries in the OS keyring;
// the entry's user is the service key (ServiceKey) of a credential.
const keyringService = "triage"

// clientSecretPrefix marks the keyring entry of a service's client secret.
const clientSecretPrefix = "client_secret "

// probeUser is the keyring entry read to learn whether the keyring answers.
const probeUser = "probe"

// DefaultKeyringTimeout bounds every keyring call: a locked keyring can
// block for minutes waiting for the user.
const DefaultKeyringTimeout = 3 * time.Second

// ErrKeyringTimeout reports a keyring that did not answer in time, which
// usually means it is locked and waiting for a password prompt.
var ErrKeyringTimeout = api.Errorf("the system keyring did not answer in time (is it locked?)")

// keyringBackend is the part of an OS keyring that Keyring uses; tests
// stand in a hanging one.
type keyringBackend interface {
	Get(service, user string) (string, error)
	Set(service, user, password string) error
	Delete(service, user string) error
}

// osKeyring is the keyring of the operating system, through go-keyring.
type osKeyring struct{}

func (osKeyring) Get(service, user string) (string, error) { return keyring.Get(service, user) }
func (osKeyring) Set(service, user, value string) error    { return keyring.Set(service, user, value) }
func (osKeyring) Delete(service, user string) error        { return keyring.Delete(service, user) }

// Keyring keeps credentials in the OS keyring (Secret Service, macOS
// Keychain, Windows Credential Manager) as JSON, one entry per service.
type Keyring struct {
	// Timeout bounds each keyring call; zero means DefaultKeyringTimeout.
	// A call that times out may still complete later in the background.
	Timeout time.Duration
	// Profile keeps a named profile's entries apart (Paths.Profile).
	Profile string
	backend keyringBackend
}

// entry is the keyring service name of the entries: "triage", or
// "triage profile NAME" for a named profile.
func (k *Keyring) entry() string {
	if k.Profile == "" {
		return keyringService
	}
	return keyringService + " profile " + k.Profile
}

// NewKeyring returns the OS keyring with the default timeout.
func NewKeyring() *Keyring {
	return &Keyring{Timeout: DefaultKeyringTimeout, backend: osKeyring{}}
}

// Location says where the credentials are kept.
func (k *Keyring) Location() string { return "the system keyring" }

// Get returns the credential stored for service.
func (k *Keyring) Get(ctx context.Context, service string) (Credential, error) {
	key, err := ServiceKey(service)
	if err != nil {
		return Credential{}, err
	}
	value, err := k.call(ctx, func() (string, error) { return k.backend.Get(k.entry(), key) })
	if err != nil {
		return Credential{}, api.Errorf("credentials for %s: %w", key, err)
	}
	var rec credentialRecord
	if err := json.Unmarshal([]byte(value), &rec); err != nil {
		return Credential{}, api.Errorf("credentials for %s in the system keyring: %w", key, errUnreadable)
	}
	return Credential(rec), nil
}

// Set stores c for service, replacing what was there.
func (k *Keyring) Set(ctx context.Context, service string, c Credential) error {
	key, err := ServiceKey(service)
	if err != nil {
		return err
	}
	if err := c.check(); err != nil {
		return api.Errorf("credentials for %s: %w", key, err)
	}
	value, err := json.Marshal(credentialRecord(c))
	if err != nil {
		return api.Errorf("credentials for %s: %w", key, err)
	}
	_, err = k.call(ctx, func() (string, error) { return "", k.backend.Set(k.entry(), key, string(value)) })
	if err != nil {
		return api.Errorf("save credentials for %s: %w", key, err)
	}
	return nil
}

// Delete removes the credential of service.
func (k *Keyring) Delete(ctx context.Context, service string) error {
	key, err := ServiceKey(service)
	if err != nil {
		return err
	}
	if _, err := k.call(ctx, func() (string, error) { return "", k.backend.Delete(k.entry(), key) }); err != nil {
		return api.Errorf("delete credentials for %s: %w", key, err)
	}
	return nil
}

// ClientSecret returns the OAuth client secret stored for service.
func (k *Keyring) ClientSecret(ctx context.Context, service string) (Secret, error) {
	key, err := ServiceKey(service)
	if err != nil {
		return "", err
	}
	value, err := k.call(ctx, func() (string, error) { return k.backend.Get(k.entry(), clientSecretPrefix+key) })
	if err != nil {
		return "", api.Errorf("client secret for %s: %w", key, err)
	}
	return Secret(value), nil
}

// SetClientSecret stores the OAuth client secret of service; an empty
// secret removes it.
func (k *Keyring) SetClientSecret(ctx context.Context, service string, secret Secret) error {
	key, err := ServiceKey(service)
	if err != nil {
		return err
	}
	user := clientSecretPrefix + key
	_, err = k.call(ctx, func() (string, error) {
		if secret == "" {
			return "", k.backend.Delete(k.entry(), user)
		}
		return "", k.backend.Set(k.entry(), user, secret.Reveal())
	})
	if err != nil && !(secret == "" && errors.Is(err, ErrNotFound)) {
		return api.Errorf("save client secret for %s: %w", key, err)
	}
	return nil
}

// probe reports whether the keyring answers, with one bounded read.
func (k *Keyring) probe(ctx context.Context) error {
	_, err := k.call(ctx, func() (string, error) { return k.backend.Get(k.entry(), probeUser) })
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	return err
}

// call runs op on the keyring and gives up after the timeout or when ctx
// ends. op keeps running in the background after giving up: a keyring call
// cannot be interrupted. go-keyring's not-found becomes ErrNotFound.
func (k *Keyring) call(ctx context.Context, op func() (string, error)) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	timeout := k.Timeout
	if timeout <= 0 {
		timeout = DefaultKeyringTimeout
	}
	type result struct {
		value string
		err   error
	}
	done := make(chan result, 1)
	go func() {
		value, err := op()
		done <- result{value, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		switch {
		case errors.Is(r.err, keyring.ErrNotFound):
			return "", ErrNotFound
		case r.err != nil:
			return "", api.Errorf("system keyring: %w", r.err)
		}
		return r.value, nil
	case <-timer.C:
		return "", api.Errorf("%w: gave up after %s", ErrKeyringTimeout, timeout)
	case <-ctx.Done():
		return "", ctx.Err()
	}
}
