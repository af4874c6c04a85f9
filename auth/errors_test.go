package auth

import (
	"errors"
	"fmt"
	"testing"
)

func TestScrubError(t *testing.T) {
	if scrubError(nil, "x") != nil {
		t.Fatal("nil error scrubbed into something")
	}
	plain := fmt.Errorf("nothing secret: %w", ErrCodeExpired)
	if scrubError(plain, fakeClientSecret) != plain {
		t.Fatal("an error without secrets was rewrapped")
	}
	leaky := fmt.Errorf("code %s, secret %s: %w", testCode, fakeClientSecret, ErrCodeExpired)
	got := scrubError(leaky, fakeClientSecret, testCode, "")
	assertNoSecret(t, got.Error(), testCode)
	if !errors.Is(got, ErrCodeExpired) {
		t.Fatal("the scrubbed error lost what it wraps")
	}
}
