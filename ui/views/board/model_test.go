package board

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// selectedCard returns the short id and column label of the selected item.
func (h *harness) selectedCard() (string, string) {
	i, ok := h.m.selected()
	if !ok {
		return "", ""
	}
	d := h.m.cur()
	return d.items[i].ShortID(), d.cols[d.col[i]].label
}

// columnOf returns the label of the column holding the item with a short id.
func (h *harness) columnOf(kind api.Kind, short string) string {
	d := h.m.sets[kind]
	for i := range d.items {
		if d.items[i].ShortID() == short {
			return d.cols[d.col[i]].label
		}
	}
	return ""
}

// marked is how the board draws the card of item short with mark in its
// state cell: the mark, then the start of the title.
func (h *harness) marked(kind api.Kind, short, mark string) string {
	d := h.m.sets[kind]
	for i := range d.items {
		if d.items[i].ShortID() == short {
			r := []rune(d.items[i].Title)
			return mark + string(r[:min(8, len(r))])
		}
	}
	h.t.Fatalf("no %s #%s on the board", kind, short)
	return ""
}

// screen is the board drawn without escape sequences.
func (h *harness) screen() string { return ansi.Strip(h.m.View()) }

// statuses returns the status messages meant for the root.
func statuses(out []tea.Msg) []common.StatusMsg {
	var st []common.StatusMsg
	for _, m := range out {
		if s, ok := m.(common.StatusMsg); ok {
			st = append(st, s)
		}
	}
	return st
}

func TestLoadFillsColumns(t *testing.T) {
	h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab")
	tests := []struct {
		kind  api.Kind
		short string
		want  string
	}{
		{api.Bug, "1001", "紧急"},
		{api.Bug, "1006", "紧急"}, // legacy-only "urgent"
		{api.Bug, "1007", "? 非常高"},
		{api.Bug, "1008", noPriority},
		{api.Bug, "1009", "无关紧要"},
		{api.Story, "2004", "Middle"}, // legacy-only "3"
		{api.Story, "2005", "Nice To Have"},
	}
	for _, tt := range tests {
		if got := h.columnOf(tt.kind, tt.short); got != tt.want {
			t.Errorf("%s #%s in column %q, want %q", tt.kind, tt.short, got, tt.want)
		}
	}
	if !h.ctx.Tasks.Idle() {
		t.Errorf("tasks still running after load: %v", h.ctx.Tasks.Busy())
	}
	d := h.m.sets[api.Bug]
	var labels []string
	for _, c := range d.cols {
		labels = append(labels, c.label)
	}
	want := []string{noPriority, "紧急", "高", "中", "低", "无关紧要", "? 非常高"}
	if !slices.Equal(labels, want) {
		t.Errorf("columns %v, want %v", labels, want)
	}
	h.keys("l", "l", "l", "l", "l", "l")
	if !strings.Contains(h.screen(), "? 非常高 1") || !strings.Contains(h.screen(), "‹ columns 6–7 of 7") {
		t.Errorf("unknown column not marked:\n%s", h.screen())
	}
}

func TestKeysMoveCursor(t *testing.T) {
	tests := []struct {
		name   string
		keys   []string
		id     string
		column string
	}{
		{"starts on no priority", nil, "1008", noPriority},
		{"down", []string{"j"}, "1011", noPriority},
		{"down stops at the end", []string{"j", "j", "j"}, "1011", noPriority},
		{"right", []string{"l"}, "1001", "紧急"},
		{"arrows", []string{"right", "right", "down"}, "1003", "高"},
		{"left stops at the first column", []string{"h", "left"}, "1008", noPriority},
		{"right stops at the last column", []string{"l", "l", "l", "l", "l", "l", "l", "l"}, "1007", "? 非常高"},
		{"bottom and top", []string{"l", "l", "G"}, "1003", "高"},
		{"top", []string{"l", "l", "G", "g"}, "1002", "高"},
		{"page down", []string{"pgdown"}, "1011", noPriority},
		{"list mode rows", []string{"v", "j", "j"}, "1001", "紧急"},
		{"list mode keeps the item", []string{"l", "v"}, "1001", "紧急"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab")
			h.keys(tt.keys...)
			id, col := h.selectedCard()
			if id != tt.id || col != tt.column {
				t.Errorf("selected #%s in %q, want #%s in %q", id, col, tt.id, tt.column)
			}
		})
	}
}

func TestPriorityKeys(t *testing.T) {
	// A move leaves the cursor in the source column, on the next card; the
	// moved card (moved, short id) lands in the column to.
	tests := []struct {
		name      string
		keys      []string
		id        string
		column    string
		moved, to string
		writes    []string
		note      string
	}{
		{"] from no priority goes to the first option", []string{"]"}, "1011", noPriority, "1008", "紧急",
			[]string{"priority 1110022001000001008=urgent"}, ""},
		{"[ from no priority goes to the last option", []string{"["}, "1011", noPriority, "1008", "无关紧要",
			[]string{"priority 1110022001000001008=insignificant"}, ""},
		{"] then ] moves the next card", []string{"]", "]"}, "", "", "1011", "紧急",
			[]string{"priority 1110022001000001008=urgent", "priority 1110022001000001011=urgent"}, ""},
		{"[ from an option", []string{"l", "l", "["}, "1003", "高", "1002", "紧急",
			[]string{"priority 1110022001000001002=urgent"}, ""},
		{"] from an unknown value goes to the first option", []string{"G", "l", "l", "l", "l", "l", "l", "]"}, "", "", "1007", "紧急",
			[]string{"priority 1110022001000001007=urgent"}, ""},
		{"[ at the first option stays", []string{"l", "["}, "1001", "紧急", "", "", nil, "#1001 already has the first priority"},
		{"] at the last option stays", []string{"l", "l", "l", "l", "l", "]"}, "1009", "无关紧要", "", "", nil, "#1009 already has the last priority"},
		{"digit sets the nth option", []string{"3"}, "1011", noPriority, "1008", "中",
			[]string{"priority 1110022001000001008=medium"}, ""},
		{"digit past the options", []string{"9"}, "1008", noPriority, "", "", nil, "Bugs have 5 priorities"},
		{"picker opens on the current priority", []string{"p", "up", "up", "up", "enter"}, "1011", noPriority, "1008", "中",
			[]string{"priority 1110022001000001008=medium"}, ""},
		{"picker clears a priority", []string{"l", "p", "down", "down", "down", "down", "down", "enter"}, "1006", "紧急", "1001", noPriority,
			[]string{"priority 1110022001000001001="}, ""},
		{"picker cancelled", []string{"p", "down", "esc"}, "1008", noPriority, "", "", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			h := newHarness(t, svc, false, 80, 23).load().keys("tab")
			h.takeOut()
			h.keys(tt.keys...)
			id, col := h.selectedCard()
			if id != tt.id || col != tt.column {
				t.Errorf("selected #%s in %q, want #%s in %q", id, col, tt.id, tt.column)
			}
			if tt.moved != "" {
				if got := h.columnOf(api.Bug, tt.moved); got != tt.to {
					t.Errorf("#%s is in %q, want %q", tt.moved, got, tt.to)
				}
			}
			if !slices.Equal(svc.writes, tt.writes) {
				t.Errorf("writes %q, want %q", svc.writes, tt.writes)
			}
			if tt.note != "" {
				st := statuses(h.takeOut())
				if len(st) == 0 || st[len(st)-1].Text != tt.note {
					t.Errorf("status %v, want %q", st, tt.note)
				}
			}
			if h.m.eng.Editing() {
				t.Errorf("edits left after the service confirmed: %v", h.m.eng.Editing())
			}
		})
	}
}

func TestExpiryDuringLoad(t *testing.T) {
	svc := newFakeService()
	svc.listErr = &api.Error{Kind: api.ErrTokenExpired, Op: "list stories", HTTPStatus: 422}
	h := newHarness(t, svc, false, 80, 23).load()
	var retry tea.Cmd
	for _, m := range h.takeOut() {
		if e, ok := m.(common.AuthExpiredMsg); ok {
			retry = e.Retry
		}
	}
	if retry == nil {
		t.Fatal("no AuthExpiredMsg after the list failed")
	}
	svc.listErr = nil
	h.run(retry)
	if n := len(h.m.sets[api.Story].items); n != 5 {
		t.Errorf("after the retry %d stories, want 5", n)
	}
}

func TestStaleAnswersDropped(t *testing.T) {
	h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab")
	stale := api.Item{Kind: api.Bug, ID: "1110022001000009999", Title: "from an old request", PriorityLabel: "high"}
	oldAnswers := h.staleLoad(stale)
	h.keys("r")
	if len(oldAnswers) == 0 {
		t.Fatal("the first load sent nothing")
	}
	h.send(oldAnswers...)
	d := h.m.sets[api.Bug]
	if _, ok := d.find(stale.ID); ok || len(d.items) != 11 {
		t.Errorf("stale page applied: %d items", len(d.items))
	}
	if len(d.opts) != 5 {
		t.Errorf("stale field information applied: %v", d.opts)
	}
	oldAnswers = h.staleLoad(stale)
	h.run(h.m.openWorkspace(10022002))
	h.send(oldAnswers...)
	if _, ok := h.m.sets[api.Bug].find(stale.ID); ok {
		t.Error("page of the previous workspace applied")
	}
}

// staleLoad starts a whole load of the bugs while the service lists one
// more and other priorities, and returns its answers, not given: a later
// load overtakes them.
func (h *harness) staleLoad(extra api.Item) []tea.Msg {
	h.svc.mu.Lock()
	items, fields := h.svc.items[api.Bug], h.svc.fields[api.Bug]
	h.svc.items[api.Bug] = append(slices.Clip(items), extra)
	h.svc.fields[api.Bug] = api.FieldInfo{"priority_label": api.Field{Name: "priority_label", Options: api.Options{Pairs: []api.Option{{Value: "x", Label: "x"}}}}}
	h.svc.mu.Unlock()
	h.m.eng.Items(api.Bug).Synced = "" // no sync point: r lists the bugs whole
	_, cmd := h.m.Update(uitest.Key("r"))
	answers := h.collect(cmd)
	h.svc.mu.Lock()
	h.svc.items[api.Bug], h.svc.fields[api.Bug] = items, fields
	h.svc.mu.Unlock()
	return answers
}

func TestFilter(t *testing.T) {
	tests := []struct {
		name  string
		keys  []string
		shown []string
	}{
		{"by title, any case", []string{"/", "PAYMENT"}, []string{"1002"}},
		{"by Chinese title", []string{"/", "中文"}, []string{"1003"}},
		{"by owner", []string{"/", "王小明"}, []string{"1003", "1009"}},
		{"by id", []string{"/", "1005"}, []string{"1005"}},
		{"by short id as shown", []string{"/", "#1005"}, []string{"1005"}},
		{"typing on after enter", []string{"/", "crash", "enter", "j"}, []string{"1006"}},
		{"backspace widens", []string{"/", "crashx", "backspace"}, []string{"1006"}},
		{"words in order", []string{"/", "token exp"}, []string{"1006"}},
		{"esc clears", []string{"/", "crash", "esc"}, nil},
		{"priority filter", []string{"f", "down", "down", "enter"}, []string{"1002", "1003"}},
		{"both filters", []string{"f", "down", "down", "enter", "/", "payment"}, []string{"1002"}},
		{"esc clears both", []string{"f", "down", "enter", "/", "x", "enter", "esc"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab")
			h.keys(tt.keys...)
			var got []string
			d := h.m.cur()
			for _, i := range d.rows() {
				got = append(got, d.items[i].ShortID())
			}
			slices.Sort(got)
			want := tt.shown
			if want == nil {
				want = []string{"1001", "1002", "1003", "1004", "1005", "1006", "1007", "1008", "1009", "1010", "1011"}
			}
			if !slices.Equal(got, want) {
				t.Errorf("shown %v, want %v", got, want)
			}
		})
	}
}

func TestFilterCapturesKeys(t *testing.T) {
	h := newHarness(t, newFakeService(), false, 80, 23).load().keys("tab", "/")
	if !h.m.Capturing() {
		t.Fatal("not capturing while typing a filter")
	}
	h.keys("q", "]", "v")
	if h.m.cur().typed != "q]v" || h.m.mode != modeColumns || len(h.svc.writes) != 0 {
		t.Errorf("keys not typed into the filter: %q", h.m.cur().typed)
	}
	h.keys("enter")
	if h.m.Capturing() {
		t.Error("still capturing after enter")
	}
}

func TestListSorting(t *testing.T) {
	tests := []struct {
		name string
		keys []string
		sort string
		head []string
	}{
		{"priority first", []string{"v"}, "Priority ▲", []string{"1008", "1011", "1001", "1006"}},
		{"s sorts by id", []string{"v", "s"}, "ID ▲", []string{"1001", "1002", "1003", "1004"}},
		{"S reverses", []string{"v", "s", "S"}, "ID ▼", []string{"1011", "1010", "1009", "1008"}},
		{"title", []string{"v", "s", "s"}, "Title ▲", []string{"1006", "1004", "1002", "1010"}},
		{"modified, newest first", []string{"v", "s", "s", "s", "s", "s", "S"}, "Modified ▼", []string{"1006", "1011", "1001", "1007"}},
		{"created after modified", []string{"v", "s", "s", "s", "s", "s", "s"}, "Created ▲", []string{"1001", "1002", "1003", "1004"}},
		{"cycles back", []string{"v", "s", "s", "s", "s", "s", "s", "s"}, "Priority ▲", []string{"1008", "1011", "1001", "1006"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, newFakeService(), false, 100, 23).load().keys("tab")
			h.keys(tt.keys...)
			d := h.m.cur()
			var got []string
			for _, i := range d.rows()[:4] {
				got = append(got, d.items[i].ShortID())
			}
			if !slices.Equal(got, tt.head) {
				t.Errorf("first rows %v, want %v", got, tt.head)
			}
			if !strings.Contains(h.screen(), tt.sort) {
				t.Errorf("header does not say %q:\n%s", tt.sort, h.screen())
			}
		})
	}
}

func TestListMoveKeepsOrder(t *testing.T) {
	h := newHarness(t, newFakeService(), false, 100, 23).load().keys("tab", "v", "]")
	id, col := h.selectedCard()
	if id != "1008" || col != "紧急" {
		t.Errorf("selected #%s in %q, want #1008 in 紧急", id, col)
	}
	d := h.m.cur()
	if pos := slices.Index(d.rows(), must(d.find("1110022001000001008"))); pos != 3 || d.listSel != 3 {
		t.Errorf("moved row at %d (cursor %d), want 3: after #1011 (no priority), #1001 and #1006 (紧急, listed first)", pos, d.listSel)
	}
}

// must drops the found flag of a look-up.
func must(i int32, _ bool) int32 { return i }
