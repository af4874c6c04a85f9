package store

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// fmtVerbs are the ways a value can be printed; none may show a secret.
var fmtVerbs = []string{"%v", "%+v", "%#v", "%s", "%q", "%d", "%x", "%X", "%10.3s", "%+q"}

// assertNoSecret fails if any of the secrets appears in text.
func assertNoSecret(t *testing.T, what, text string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		if s != "" && strings.Contains(text, s) {
			t.Errorf("%s shows the secret %q: %s", what, s, text)
		}
	}
}

func TestSecretNeverPrints(t *testing.T) {
	const value = "s3cr3t-value"
	s := Secret(value)
	for _, verb := range fmtVerbs {
		got := fmt.Sprintf(verb, s)
		assertNoSecret(t, verb, got, value, fmt.Sprintf("%x", value))
		if !strings.Contains(got, redacted) {
			t.Errorf("%s gives %q, want it to say %s", verb, got, redacted)
		}
	}
	j, err := json.Marshal(map[string]Secret{"k": s})
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "json", string(j), value)
	y, err := yaml.Marshal(map[string]Secret{"k": s})
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "yaml", string(y), value)
	if s.Reveal() != value {
		t.Errorf("Reveal = %q, want %q", s.Reveal(), value)
	}
}

func TestEmptySecretPrintsEmpty(t *testing.T) {
	if got := fmt.Sprint(Secret("")); got != "" {
		t.Errorf("empty secret prints %q, want nothing", got)
	}
}

func TestConfigNeverPrintsSecrets(t *testing.T) {
	cfg := Config{
		Settings:     defaultSettings(),
		APIUser:      "bot",
		Token:        "tok-1234567890",
		APIPassword:  "pw-1234567890",
		ClientSecret: "cs-1234567890",
	}
	secrets := []string{"tok-1234567890", "pw-1234567890", "cs-1234567890"}
	for _, verb := range fmtVerbs {
		assertNoSecret(t, verb, fmt.Sprintf(verb, cfg), secrets...)
		assertNoSecret(t, verb+" pointer", fmt.Sprintf(verb, &cfg), secrets...)
	}
	j, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "json", string(j), secrets...)
}
