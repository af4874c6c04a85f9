package i18n

import (
	"regexp"
	"slices"
	"sort"
	"testing"
)

// TestEveryMessageIsInBothCatalogues fails when a message exists in one
// language only.
func TestEveryMessageIsInBothCatalogues(t *testing.T) {
	if len(englishParts) != len(chineseParts) {
		t.Fatalf("%d English parts, %d Chinese ones: a part is in one language only", len(englishParts), len(chineseParts))
	}
	seen := map[string]bool{}
	for i, part := range englishParts {
		for _, msg := range part {
			if seen[msg] {
				t.Errorf("the English catalogue lists %q twice", msg)
			}
			seen[msg] = true
			if _, ok := chineseParts[i][msg]; !ok {
				t.Errorf("%q is in the English catalogue only: add it to the Chinese file of its part", msg)
			}
		}
	}
	inChinese := map[string]bool{}
	for i, part := range chineseParts {
		for msg := range part {
			if inChinese[msg] {
				t.Errorf("two Chinese parts hold %q: keep it in one", msg)
			}
			inChinese[msg] = true
			if !slices.Contains(englishParts[i], msg) {
				t.Errorf("%q is in a Chinese part but not in the English file of the same part", msg)
			}
		}
	}
	for msg, zh := range chinese() {
		if !seen[msg] {
			t.Errorf("%q (%s) is in the Chinese catalogue only: add it to the English file of its part", msg, zh)
		}
		if zh == "" {
			t.Errorf("%q has an empty Chinese text", msg)
		}
	}
}

// verb is one formatting verb, with its explicit index if any.
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

// TestChineseFormatsTakeTheSameValues fails when a Chinese format takes
// other values than its English one: more, fewer, or of another verb.
func TestChineseFormatsTakeTheSameValues(t *testing.T) {
	for msg, zh := range chinese() {
		if got, want := verbsOf(zh), verbsOf(msg); !equal(got, want) {
			t.Errorf("%q takes %v, its Chinese %q takes %v", msg, want, zh, got)
		}
	}
}

// verbsOf lists the letters of a format's verbs in the order of the values
// they take (explicit indexes put them in place).
func verbsOf(format string) []string {
	type taken struct {
		arg    int
		letter string
	}
	var list []taken
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		letter := m[0][len(m[0])-1:]
		if letter == "%" {
			continue
		}
		arg := next
		if m[1] != "" {
			arg = 0
			for _, c := range m[1][1 : len(m[1])-1] {
				arg = arg*10 + int(c-'0')
			}
		}
		list = append(list, taken{arg, letter})
		next = arg + 1
	}
	sort.SliceStable(list, func(i, j int) bool { return list[i].arg < list[j].arg })
	out := make([]string, len(list))
	for i, v := range list {
		out[i] = v.letter
	}
	return out
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestTranslateFollowsTheLanguageInUse(t *testing.T) {
	defer Use(Current())
	Use(English)
	if got := Tf("%s of %s %s", "3", "180", T("bugs")); got != "3 of 180 bugs" {
		t.Errorf("English: %q", got)
	}
	Use(Chinese)
	if got := Tf("%s of %s %s", "3", "180", T("bugs")); got != "缺陷 3 / 180" {
		t.Errorf("Chinese: %q", got)
	}
	if got := T("a title from the service"); got != "a title from the service" {
		t.Errorf("data not in the catalogue became %q", got)
	}
	if got := Missing("Stories"); len(got) != 0 {
		t.Errorf("Missing(Stories) = %v", got)
	}
	if got := Missing("not a message"); len(got) != 2 {
		t.Errorf("Missing(not a message) = %v, want both languages", got)
	}
}
