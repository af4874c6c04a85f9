package api

import "strings"

// LegacyPriority is one entry of a kind's legacy priority map: the code the
// legacy priority field stores, and the label it converts to.
type LegacyPriority struct {
	Code  string
	Label string
}

// legacyDigits is the legacy map of stories and tasks, highest first.
var legacyDigits = [...]LegacyPriority{
	{"4", "High"},
	{"3", "Middle"},
	{"2", "Low"},
	{"1", "Nice To Have"},
}

// legacyWords is the legacy map of bugs, highest first: the codes are the labels.
var legacyWords = [...]LegacyPriority{
	{"urgent", "urgent"},
	{"high", "high"},
	{"medium", "medium"},
	{"low", "low"},
	{"insignificant", "insignificant"},
}

// bugDisplayNames are the names the service shows for the legacy bug labels.
var bugDisplayNames = map[string]string{
	"urgent":        "紧急",
	"high":          "高",
	"medium":        "中",
	"low":           "低",
	"insignificant": "无关紧要",
}

// LegacyPriorities returns the legacy map of a kind, highest first. It is for
// reading old data and for the service's phase-1 conversion; a client writes
// priority_label and never converts a label to a code.
func LegacyPriorities(k Kind) []LegacyPriority {
	if k == Bug {
		return legacyWords[:]
	}
	return legacyDigits[:]
}

// LegacyLabel converts a legacy code of a kind to its label.
func LegacyLabel(k Kind, code string) (string, bool) {
	code = NormalizePriority(code)
	for _, p := range LegacyPriorities(k) {
		if p.Code == code {
			return p.Label, true
		}
	}
	return "", false
}

// LegacyCode converts a label of a kind's legacy map back to its code; the
// service uses it to fill the legacy field in phase 1.
func LegacyCode(k Kind, label string) (string, bool) {
	label = NormalizePriority(label)
	for _, p := range LegacyPriorities(k) {
		if p.Label == label {
			return p.Code, true
		}
	}
	return "", false
}

// BugDisplayName is the name the service shows for a legacy bug label
// (urgent → 紧急); other strings are returned as they are.
func BugDisplayName(label string) string {
	if n, ok := bugDisplayNames[label]; ok {
		return n
	}
	return label
}

// NormalizePriority trims the white space around a priority value. It never
// changes case or maps one value to another: labels are free text.
func NormalizePriority(s string) string {
	return strings.TrimSpace(s)
}

// DisplayPriority is the priority to show for an item of kind k: the label if
// set, else the legacy map, else the raw legacy string (any string is shown).
func DisplayPriority(k Kind, label, legacy string) string {
	if l := NormalizePriority(label); l != "" {
		return l
	}
	legacy = NormalizePriority(legacy)
	if l, ok := LegacyLabel(k, legacy); ok {
		return l
	}
	return legacy
}
