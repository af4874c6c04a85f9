package store

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"triage/api"
)

// configHeader opens a config file that triage writes from scratch.
const configHeader = "# triage settings. Secrets never go here: use `triage login` or the\n# TRIAGE_TOKEN, TRIAGE_API_PASSWORD and TRIAGE_CLIENT_SECRET variables.\n"

// secretEnv maps a key that people may try to put in the config file to the
// environment variable that holds it instead.
func secretEnv(key string) (string, bool) {
	switch key {
	case "token", "access_token":
		return EnvToken, true
	case "api_password", "password":
		return EnvAPIPassword, true
	case "client_secret":
		return EnvClientSecret, true
	}
	return "", false
}

// SaveConfig writes s as the config file at path, atomically and with mode
// 0600, creating its directory (0700) if needed. Settings holds no secret,
// so none can be written. It replaces any comment in the file; UpdateConfig
// keeps them.
func SaveConfig(path string, s Settings) error {
	var root yaml.Node
	if err := root.Encode(s); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	root.HeadComment = configHeader
	return writeConfig(path, &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{&root}})
}

// UpdateConfig changes settings in the config file at path, for instance to
// remember the last workspace: change receives what the file holds (not
// defaults, environment or flags, which are never written back). Only the
// keys whose values changed are rewritten; comments and the order of the
// other keys are kept. A missing file is created; a malformed one is
// reported and left as it is.
func UpdateConfig(path string, change func(*Settings)) error {
	doc, err := readConfigDoc(path, false)
	if err != nil {
		return err
	}
	var before Settings
	if err := decodeSettings(doc, &before, &Sections{}); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	after := before
	change(&after)
	if doc.Kind == 0 || doc.Content[0].Kind != yaml.MappingNode {
		doc = &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{
			{Kind: yaml.MappingNode, Tag: "!!map", HeadComment: configHeader},
		}}
	}
	if err := patchSettings(doc.Content[0], before, after); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	return writeConfig(path, doc)
}

// readConfigFile applies the settings of the file at path over s. A missing
// file changes nothing unless mustExist.
func readConfigFile(path string, mustExist bool, s *Settings, sec *Sections) error {
	doc, err := readConfigDoc(path, mustExist)
	if err != nil {
		return err
	}
	if err := decodeSettings(doc, s, sec); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	return nil
}

// readConfigDoc parses the file at path; a missing file is an empty
// document unless mustExist.
func readConfigDoc(path string, mustExist bool) (*yaml.Node, error) {
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !mustExist:
		return &yaml.Node{}, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, api.Errorf("config %s (named by %s) does not exist: create it or correct the name: %w", path, EnvConfig, fs.ErrNotExist)
	case err != nil:
		return nil, api.Errorf("config %s: %w", path, err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, api.Errorf("config %s: %s", path, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	return &doc, nil
}

// Sections are the parts of the config file of more than one value.
type Sections struct {
	Profiles []Profile    // profiles:, in the file's order
	Keys     []KeyBinding // keys:
	Commands []Command    // commands:
	Views    []SavedView  // views: (Config.Views offers DefaultViews without it)
	// ViewsWritten says the file has views: (an empty list is no views).
	ViewsWritten bool
}

// empty reports a file without any of them.
func (s *Sections) empty() bool {
	return len(s.Profiles) == 0 && len(s.Keys) == 0 && len(s.Commands) == 0 && !s.ViewsWritten
}

// decodeSettings applies the settings of a parsed config file over s. Its
// errors start with "line N:" and never repeat a value.
func decodeSettings(doc *yaml.Node, s *Settings, sec *Sections) error {
	if doc.Kind == 0 {
		return nil
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return nil
	}
	if root.Kind != yaml.MappingNode {
		return api.Errorf("line %d: want settings as `key: value` lines", root.Line)
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		if v.Kind == yaml.AliasNode {
			v = v.Alias
		}
		if err := decodeSetting(k, v, seen, s, sec); err != nil {
			return err
		}
	}
	return nil
}

func decodeSetting(k, v *yaml.Node, seen map[string]int, s *Settings, sec *Sections) error {
	if k.Kind != yaml.ScalarNode {
		return api.Errorf("line %d: want a setting name", k.Line)
	}
	key := k.Value
	if first, dup := seen[key]; dup {
		return api.Errorf("line %d: %s is set twice (first on line %d)", k.Line, key, first)
	}
	seen[key] = k.Line
	if env, secret := secretEnv(key); secret {
		return api.Errorf("line %d: %s is a secret and does not belong in the config file; remove it and use `triage login` or %s", k.Line, key, env)
	}
	switch key {
	case keyProfiles:
		return decodeProfiles(v, &sec.Profiles)
	case keyKeys:
		return decodeKeys(v, &sec.Keys)
	case keyCommands:
		return decodeCommands(v, &sec.Commands)
	case keyViews:
		sec.ViewsWritten = true
		return decodeViews(v, &sec.Views)
	}
	if v.Kind != yaml.ScalarNode {
		return api.Errorf("line %d: %s: want a single value", v.Line, key)
	}
	if v.Tag == "!!null" {
		return nil
	}
	err := s.set(key, v.Value)
	if errors.Is(err, errUnknownKey) {
		return api.Errorf("line %d: unknown setting %q; the settings are %s", k.Line, key, strings.Join(append(settingKeys(), keyProfiles, keyKeys, keyCommands, keyViews), ", "))
	}
	if err != nil {
		return api.Errorf("line %d: %s: %w", v.Line, key, err)
	}
	return nil
}

// settingKeys lists the keys of the config file in their usual order.
func settingKeys() []string {
	return []string{keyBaseURL, keyAuthURL, keyWebURL, keyClientID, keyRedirectPort, keyScopes, keyWorkspace, keyTheme, keyLanguage, keyRateLimit, keyProfile}
}

// patchSettings rewrites, appends or removes in the mapping root the keys
// whose values differ between before and after.
func patchSettings(root *yaml.Node, before, after Settings) error {
	old, err := settingValues(before)
	if err != nil {
		return err
	}
	updated, err := settingValues(after)
	if err != nil {
		return err
	}
	for _, key := range settingKeys() {
		o, n := old[key], updated[key]
		switch {
		case n == nil && o != nil:
			removeKey(root, key)
		case n != nil && (o == nil || o.Value != n.Value):
			setKey(root, key, n)
		}
	}
	return nil
}

// settingValues encodes s and returns its value nodes by key; empty
// settings are absent.
func settingValues(s Settings) (map[string]*yaml.Node, error) {
	var m yaml.Node
	if err := m.Encode(s); err != nil {
		return nil, err
	}
	values := map[string]*yaml.Node{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		values[m.Content[i].Value] = m.Content[i+1]
	}
	return values, nil
}

func setKey(root *yaml.Node, key string, value *yaml.Node) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == key {
			value.LineComment = root.Content[i+1].LineComment
			root.Content[i+1] = value
			return
		}
	}
	root.Content = append(root.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, value)
}

func removeKey(root *yaml.Node, key string) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == key {
			root.Content = append(root.Content[:i], root.Content[i+2:]...)
			return
		}
	}
}

// writeConfig encodes doc and writes it atomically at path.
func writeConfig(path string, doc *yaml.Node) error {
	if err := os.MkdirAll(filepath.Dir(path), dirMode); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	if err := enc.Close(); err != nil {
		return api.Errorf("config %s: %w", path, err)
	}
	return writeFileAtomic(path, buf.Bytes())
}
