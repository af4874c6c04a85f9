package itemref

import (
	"maps"
	"slices"
	"testing"

	"triage/ui/i18n"
)

// TestHeadersAreCatalogued: the headers of list's table and the word for
// no priority, translated where they are drawn, are in both catalogues,
// and every column with a meaning of its own has a header.
func TestHeadersAreCatalogued(t *testing.T) {
	for _, msg := range append(slices.Collect(maps.Values(columnHeaders)), NoPriority) {
		if missing := i18n.Missing(msg); len(missing) > 0 {
			t.Errorf("%q is missing from the %v catalogue", msg, missing)
		}
	}
	for _, col := range ColumnNames {
		if _, ok := columnHeaders[col]; !ok {
			t.Errorf("column %s has no header", col)
		}
	}
}

// TestHeadersInChinese: a table on a terminal heads its columns in the
// language in use, a custom field by its name and another field by its
// wire name; its kinds and no priority are said so too.
func TestHeadersInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	cols := []string{"id", "kind", "title", "priority", "来源渠道", "custom_field_one"}
	if got, want := ColumnHeaders(cols), []string{"ID", "类型", "标题", "优先级", "来源渠道", "CUSTOM FIELD ONE"}; !slices.Equal(got, want) {
		t.Errorf("ColumnHeaders = %q, want %q", got, want)
	}
	if got, want := ShownRow([]string{"12", "bug", "none", "none", "none", ""}, cols), []string{"12", "缺陷", "none", "无", "none", ""}; !slices.Equal(got, want) {
		t.Errorf("ShownRow = %q, want %q", got, want)
	}
	i18n.Use(i18n.English)
	if got, want := ColumnHeaders(cols), []string{"ID", "KIND", "TITLE", "PRIORITY", "来源渠道", "CUSTOM FIELD ONE"}; !slices.Equal(got, want) {
		t.Errorf("in English ColumnHeaders = %q, want %q", got, want)
	}
}
