package store

import (
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"triage/api"
)

// Profiles are several services and accounts side by side (as gh's hosts
// and k9s's contexts): `profiles:` in the config file names each with its
// base_url, auth_url, web_url, client_id and workspace. A profile's
// credentials, cache and outbox are its own (Paths.ForProfile), so an edit
// waiting in one profile's outbox is never sent with another's credential.
// The active one is --profile, else TRIAGE_PROFILE, else `profile:` in the
// file (written by `triage profile use`); without one, the settings at the
// top of the file are used, as before profiles existed.

// EnvProfile names the profile to use; it wins over the file's `profile:`.
const EnvProfile = "TRIAGE_PROFILE"

// DefaultProfile names the settings at the top of the file, when no
// profile of the file has that name.
const DefaultProfile = "default"

// Profile is one entry of `profiles:`; empty fields take the file's settings.
type Profile struct {
	Name      string
	BaseURL   string
	AuthURL   string
	WebURL    string
	ClientID  string
	Workspace int64
	Line      int // where it is named in the config file
}

// profileDir holds the files of named profiles under each directory.
const profileDir = "profiles"

// profileName is what a profile may be called: it becomes a directory name.
var profileName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$`)

// ForProfile lays out the files of a named profile: its credentials, cache
// and state (the outbox) in directories of their own, and its keyring
// entries under a name of their own. The log stays shared. "" is the
// default profile, whose files are where they were before profiles.
func (p Paths) ForProfile(name string) Paths {
	if name == "" {
		return p
	}
	p.Profile = name
	p.CredentialsFile = filepath.Join(filepath.Dir(p.CredentialsFile), profileDir, name, filepath.Base(p.CredentialsFile))
	p.CacheDir = filepath.Join(p.CacheDir, profileDir, name)
	p.StateDir = filepath.Join(p.StateDir, profileDir, name)
	return p
}

// ProfileNames lists the profiles of the config, in the file's order.
func (c *Config) ProfileNames() []string {
	profiles := c.profiles()
	names := make([]string, len(profiles))
	for i, p := range profiles {
		names[i] = p.Name
	}
	return names
}

// profiles are the config file's profiles.
func (c *Config) profiles() []Profile {
	if c.Sections == nil {
		return nil
	}
	return c.Sections.Profiles
}

// UseProfile applies a profile's settings over the file's; "" (or
// DefaultProfile, when no profile has that name) keeps them.
func (c *Config) UseProfile(name string) error {
	profiles := c.profiles()
	i := slices.IndexFunc(profiles, func(p Profile) bool { return p.Name == name })
	if name == "" || (name == DefaultProfile && i < 0) {
		c.ProfileName = ""
		return nil
	}
	if i < 0 {
		if len(profiles) == 0 {
			return api.Errorf("unknown profile %q: %s has no profiles: section", name, c.Path)
		}
		return api.Errorf("unknown profile %q: the profiles of %s are %s", name, c.Path, strings.Join(c.ProfileNames(), ", "))
	}
	p := profiles[i]
	for _, v := range []*struct {
		dst *string
		src string
	}{
		{&c.BaseURL, p.BaseURL}, {&c.AuthURL, p.AuthURL}, {&c.WebURL, p.WebURL}, {&c.ClientID, p.ClientID},
	} {
		if v.src != "" {
			*v.dst = v.src
		}
	}
	if p.Workspace != 0 {
		c.Workspace = p.Workspace
	}
	c.ProfileName = name
	return nil
}

// decodeProfiles reads `profiles:`: a mapping of names to settings. Its
// errors start with "line N:".
func decodeProfiles(v *yaml.Node, list *[]Profile) error {
	if v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		return api.Errorf("line %d: profiles: want one `name:` per profile, each with its settings", v.Line)
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, body := v.Content[i], v.Content[i+1]
		if !profileName.MatchString(k.Value) {
			return api.Errorf("line %d: profile name %q: use letters, digits, '.', '_' and '-'", k.Line, k.Value)
		}
		if slices.ContainsFunc(*list, func(p Profile) bool { return p.Name == k.Value }) {
			return api.Errorf("line %d: profile %s is named twice", k.Line, k.Value)
		}
		p, err := decodeProfile(k, body)
		if err != nil {
			return err
		}
		*list = append(*list, p)
	}
	return nil
}

// decodeProfile reads the settings of one profile.
func decodeProfile(k, body *yaml.Node) (Profile, error) {
	p := Profile{Name: k.Value, Line: k.Line}
	if body.Tag == "!!null" {
		return p, nil
	}
	if body.Kind != yaml.MappingNode {
		return p, api.Errorf("line %d: profile %s: want its settings as `key: value` lines", body.Line, p.Name)
	}
	for i := 0; i+1 < len(body.Content); i += 2 {
		key, val := body.Content[i], body.Content[i+1]
		if env, secret := secretEnv(key.Value); secret {
			return p, api.Errorf("line %d: %s is a secret and does not belong in the config file; remove it and use `triage login --profile %s` or %s", key.Line, key.Value, p.Name, env)
		}
		if val.Kind != yaml.ScalarNode {
			return p, api.Errorf("line %d: profile %s: %s: want a single value", val.Line, p.Name, key.Value)
		}
		var st Settings
		switch key.Value {
		case keyBaseURL, keyAuthURL, keyWebURL, keyClientID, keyWorkspace:
			if err := st.set(key.Value, val.Value); err != nil {
				return p, api.Errorf("line %d: profile %s: %s: %w", val.Line, p.Name, key.Value, err)
			}
		default:
			return p, api.Errorf("line %d: profile %s: unknown setting %q; a profile has %s, %s, %s, %s and %s", key.Line, p.Name, key.Value, keyBaseURL, keyAuthURL, keyWebURL, keyClientID, keyWorkspace)
		}
		p.BaseURL, p.AuthURL, p.WebURL, p.ClientID = first(p.BaseURL, st.BaseURL), first(p.AuthURL, st.AuthURL), first(p.WebURL, st.WebURL), first(p.ClientID, st.ClientID)
		if st.Workspace != 0 {
			p.Workspace = st.Workspace
		}
	}
	return p, nil
}

// first is a if set, else b.
func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// RememberWorkspace keeps the workspace last opened for the next start: in
// the active profile's entry of `profiles:`, or at the top of the file
// without one. Comments and the other keys are kept.
func RememberWorkspace(cfg Config, id int64) error {
	if cfg.ProfileName == "" {
		return UpdateConfig(cfg.Path, func(s *Settings) { s.Workspace = id })
	}
	doc, err := readConfigDoc(cfg.Path, true)
	if err != nil {
		return err
	}
	entry := profileNode(doc, cfg.ProfileName)
	if entry == nil {
		return api.Errorf("config %s: profile %s is no longer in the file", cfg.Path, cfg.ProfileName)
	}
	setKey(entry, keyWorkspace, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(id, 10)})
	return writeConfig(cfg.Path, doc)
}

// profileNode is the mapping of a profile's settings in a parsed file, or nil.
func profileNode(doc *yaml.Node, name string) *yaml.Node {
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil
	}
	profiles := mappingValue(doc.Content[0], keyProfiles)
	if profiles == nil {
		return nil
	}
	entry := mappingValue(profiles, name)
	if entry != nil && entry.Kind != yaml.MappingNode {
		*entry = yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: entry.Line}
	}
	return entry
}

// mappingValue is the value of key in a mapping node, or nil.
func mappingValue(m *yaml.Node, key string) *yaml.Node {
	if m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}
