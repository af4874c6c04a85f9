package engine

import "testing"

// TestFieldWordsNameEditedFieldsAndKeepOthers: the fields the user edits
// are named in the language in use, one value and many; the description
// and a custom field keep their names.
func TestFieldWordsNameEditedFieldsAndKeepOthers(t *testing.T) {
	if one, many, known := FieldWords("iteration"); one != "iteration" || many != "iterations" || !known {
		t.Errorf("FieldWords(iteration) in English = %q, %q, %v; want iteration, iterations, true", one, many, known)
	}
	inChinese(t)
	for _, c := range []struct{ name, one, many string }{
		{"priority", "优先级", "优先级"},
		{"status", "状态", "状态"},
		{"owner", "处理人", "处理人"},
		{"severity", "严重程度", "严重程度"},
	} {
		one, many, known := FieldWords(c.name)
		if one != c.one || many != c.many || !known {
			t.Errorf("FieldWords(%q) = %q, %q, %v; want %q, %q, true", c.name, one, many, known, c.one, c.many)
		}
	}
	for _, name := range []string{"description", "客户"} {
		if one, many, known := FieldWords(name); one != name || many != name || known {
			t.Errorf("FieldWords(%q) = %q, %q, %v; want the name as it is, not known", name, one, many, known)
		}
	}
}
