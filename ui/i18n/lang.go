package i18n

import (
	"strings"
	"sync/atomic"
)

// Lang is a language the app speaks.
type Lang string

// The languages, by the names the config's language: takes.
const (
	English Lang = "en"
	Chinese Lang = "zh-CN"
)

// Auto is the setting that follows the locale.
const Auto = "auto"

// EnvLang is the environment variable that names the language; it wins over
// the config file.
const EnvLang = "TRIAGE_LANG"

// current is the language in use; English until the command line chooses.
var current atomic.Value

// Use makes l the language of every message drawn from now on.
func Use(l Lang) { current.Store(l) }

// Current is the language in use.
func Current() Lang {
	if l, ok := current.Load().(Lang); ok {
		return l
	}
	return English
}

// Choose is the language of the app: the one TRIAGE_LANG names in env
// (os.Getenv), else the one the setting (the config's language:) names, and
// for auto, "" or anything else, the locale: the first of LC_ALL,
// LC_MESSAGES and LANG that is set, Chinese when it names zh (zh_CN.UTF-8,
// zh_TW, zh), else English.
func Choose(setting string, env func(string) string) Lang {
	for _, named := range [...]string{env(EnvLang), setting} {
		switch Lang(named) {
		case English, Chinese:
			return Lang(named)
		}
	}
	for _, name := range [...]string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale := env(name); locale != "" {
			if strings.HasPrefix(strings.ToLower(locale), "zh") {
				return Chinese
			}
			return English
		}
	}
	return English
}
