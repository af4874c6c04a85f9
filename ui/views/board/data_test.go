package board

import (
	"fmt"
	"slices"
	"testing"

	"triage/api"
	"triage/ui/views/board/sortkey"
)

func testOptions() []api.PriorityOption {
	return []api.PriorityOption{
		{Value: "紧急", Label: "紧急", Color: "#FF6770"},
		{Value: "高", Label: "高", Color: "#FFA940"},
		{Value: "中", Label: "中"},
		{Value: "低", Label: "低", Color: "#8C8C8C"},
	}
}

func testItem(n int, label, legacy string) api.Item {
	return api.Item{
		Kind: api.Bug, ID: fmt.Sprintf("11100220%011d", n), WorkspaceID: "10022",
		Title: fmt.Sprintf("Bug %d", n), PriorityLabel: label, Priority: legacy,
		Status: "new", Owner: "anyechen;", Modified: fmt.Sprintf("2026-01-06 10:%02d:00", n%60),
	}
}

// columnIDs lists the item ids of every column, by column label.
func columnIDs(d *dataset) map[string][]string {
	out := make(map[string][]string)
	for c := range d.cols {
		var ids []string
		for _, i := range d.visible(c) {
			ids = append(ids, d.items[i].ShortID())
		}
		out[d.cols[c].label] = ids
	}
	return out
}

func TestDatasetColumns(t *testing.T) {
	tests := []struct {
		name  string
		items []api.Item
		want  map[string][]string
	}{
		{
			name:  "labels go to their option",
			items: []api.Item{testItem(1, "高", ""), testItem(2, "紧急", ""), testItem(3, "高", "")},
			want:  map[string][]string{noPriority: nil, "紧急": {"2"}, "高": {"1", "3"}, "中": nil, "低": nil},
		},
		{
			name:  "values missing from the options get unknown columns",
			items: []api.Item{testItem(1, "非常高", ""), testItem(2, "中", ""), testItem(3, "非常高", "")},
			want:  map[string][]string{noPriority: nil, "紧急": nil, "高": nil, "中": {"2"}, "低": nil, "? 非常高": {"1", "3"}},
		},
		{
			name:  "legacy-only items show under their legacy label",
			items: []api.Item{testItem(1, "", "urgent"), testItem(2, "", ""), testItem(3, "  ", "")},
			want:  map[string][]string{noPriority: {"2", "3"}, "紧急": nil, "高": nil, "中": nil, "低": nil, "? urgent": {"1"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDataset(api.Bug, testOptions(), 0)
			d.addPage(1, tt.items)
			got := columnIDs(d)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("columns = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestDatasetLegacyBugOptions(t *testing.T) {
	opts := []api.PriorityOption{{Value: "urgent", Label: "紧急"}, {Value: "high", Label: "高"}}
	d := newDataset(api.Bug, opts, 0)
	d.addPage(1, []api.Item{testItem(1, "", "urgent"), testItem(2, "high", "high"), testItem(3, "紧急", "")})
	got := columnIDs(d)
	want := map[string][]string{noPriority: nil, "紧急": {"1", "3"}, "高": {"2"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("columns = %v, want %v", got, want)
	}
}

func TestDatasetPagesOutOfOrder(t *testing.T) {
	d := newDataset(api.Bug, testOptions(), 0)
	d.addPage(2, []api.Item{testItem(4, "高", ""), testItem(5, "高", "")})
	d.addPage(1, []api.Item{testItem(1, "高", ""), testItem(2, "低", ""), testItem(3, "高", "")})
	got := columnIDs(d)
	want := map[string][]string{noPriority: nil, "紧急": nil, "高": {"1", "3", "4", "5"}, "中": nil, "低": {"2"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("columns = %v, want %v", got, want)
	}
}

func TestDatasetFilterAndMove(t *testing.T) {
	d := newDataset(api.Bug, testOptions(), 0)
	items := []api.Item{testItem(1, "高", ""), testItem(2, "高", ""), testItem(3, "低", "")}
	items[0].Title = "登录页面 Crash"
	items[1].Owner = "Zhang;"
	d.addPage(1, items)
	for _, tt := range []struct {
		query string
		want  []string
	}{
		{"crash", []string{"1"}},
		{"登录", []string{"1"}},
		{"ZHANG", []string{"2"}},
		{"00000000003", []string{"3"}},
		{"bug", []string{"2", "3"}},
		{"", []string{"1", "2", "3"}},
	} {
		d.setQuery(tt.query, "anyechen")
		var got []string
		for _, i := range d.rows() {
			got = append(got, d.items[i].ShortID())
		}
		slices.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("query %q: rows %v, want %v", tt.query, got, tt.want)
		}
	}
	d.setQuery("bug", "anyechen")
	it := d.items[1]
	it.PriorityLabel = "低"
	d.replace(1, it)
	got := columnIDs(d)
	want := map[string][]string{noPriority: nil, "紧急": nil, "高": nil, "中": nil, "低": {"2", "3"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after move: %v, want %v", got, want)
	}
	d.setQuery("", "anyechen")
	got = columnIDs(d)
	want = map[string][]string{noPriority: nil, "紧急": nil, "高": {"1"}, "中": nil, "低": {"2", "3"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after clearing: %v, want %v", got, want)
	}
}

func TestDatasetListSort(t *testing.T) {
	d := newDataset(api.Bug, testOptions(), 0)
	items := []api.Item{testItem(1, "低", ""), testItem(2, "紧急", ""), testItem(3, "", ""), testItem(10, "高", "")}
	items[0].Title, items[1].Title, items[2].Title, items[3].Title = "b", "c", "a", "d"
	items[0].Modified, items[1].Modified, items[2].Modified, items[3].Modified = "2026-01-02", "2026-01-04", "2026-01-01", "2026-01-03"
	d.addPage(1, items)
	tests := []struct {
		sort sortkey.Sort
		want []string
	}{
		{sortkey.Sort{Key: sortkey.Priority}, []string{"3", "2", "10", "1"}},
		{sortkey.Sort{Key: sortkey.Priority, Desc: true}, []string{"1", "10", "2", "3"}},
		{sortkey.Sort{Key: sortkey.ID}, []string{"1", "2", "3", "10"}},
		{sortkey.Sort{Key: sortkey.Title}, []string{"3", "1", "2", "10"}},
		{sortkey.Sort{Key: sortkey.Modified, Desc: true}, []string{"2", "10", "1", "3"}},
	}
	for _, tt := range tests {
		d.setSort(tt.sort)
		var got []string
		for _, i := range d.rows() {
			got = append(got, d.items[i].ShortID())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("sort %v: %v, want %v", tt.sort, got, tt.want)
		}
	}
	d.setSort(sortkey.Sort{Key: sortkey.Priority})
	d.rows()
	it := d.items[0]
	it.PriorityLabel = "紧急"
	d.replace(0, it)
	var got []string
	for _, i := range d.rows() {
		got = append(got, d.items[i].ShortID())
	}
	if want := []string{"3", "1", "2", "10"}; !slices.Equal(got, want) {
		t.Errorf("after move: %v, want %v", got, want)
	}
}

func TestNextOption(t *testing.T) {
	tests := []struct {
		name   string
		option int
		step   int
		want   int
		ok     bool
	}{
		{"next from an option", 1, 1, 2, true},
		{"previous from an option", 1, -1, 0, true},
		{"past the last", 3, 1, 0, false},
		{"before the first", 0, -1, 0, false},
		{"next from no priority or unknown", -1, 1, 0, true},
		{"previous from no priority or unknown", -1, -1, 3, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := nextOption(column{option: tt.option}, 4, tt.step)
			if got != tt.want || ok != tt.ok {
				t.Errorf("nextOption = %d, %v; want %d, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}
