package editor

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func story() *api.Item {
	return &api.Item{Kind: api.Story, ID: "1010022001000000042", WorkspaceID: "10022001", Title: "Export the board as CSV",
		PriorityLabel: "Middle", Priority: "3", Status: "planning", Owner: "anyechen;"}
}

func options(k api.Kind) []api.PriorityOption { return uitest.PriorityFields(k).PriorityOptions() }

func open(item *api.Item, kind api.Kind) common.OpenEditorMsg {
	return common.OpenEditorMsg{Kind: kind, Item: item, Options: options(kind)}
}

func newEditor(t *testing.T, msg common.OpenEditorMsg) (*Model, *uitest.Driver) {
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 22)
	ctx.Workspace = api.Workspace{ID: "10022001", Name: "Triage Demo"}
	m := New(ctx, msg)
	return m, uitest.NewViewDriver(t, m)
}

// closedView stands for the editor closing with nothing to send.
type closedView struct{}

func TestEditorUpdate(t *testing.T) {
	legacy := story()
	legacy.PriorityLabel = ""
	legacy.Priority = "4"
	unknown := story()
	unknown.PriorityLabel = "非常高"
	tests := []struct {
		name    string
		open    common.OpenEditorMsg
		keys    []string
		want    tea.Msg // the last message emitted; nil: none
		confirm bool
		screen  string
	}{
		{"rename", open(story(), api.Story), []string{"ctrl+w", "JSON", "ctrl+s"},
			common.SaveItemMsg{Kind: api.Story, ID: "1010022001000000042", Title: "Export the board as JSON", PriorityLabel: "Middle", Original: *story()}, false, ""},
		{"new priority", open(story(), api.Story), []string{"tab", "enter", "up", "enter", "ctrl+s"},
			common.SaveItemMsg{Kind: api.Story, ID: "1010022001000000042", Title: "Export the board as CSV", PriorityLabel: "High", Original: *story()}, false, ""},
		{"the picker types into its filter", open(story(), api.Story), []string{"enter", "enter", "nice", "enter", "ctrl+s"},
			common.SaveItemMsg{Kind: api.Story, ID: "1010022001000000042", Title: "Export the board as CSV", PriorityLabel: "Nice To Have", Original: *story()}, false, ""},
		{"picker esc keeps the priority", open(story(), api.Story), []string{"tab", "enter", "esc", "ctrl+s"}, closedView{}, false, ""},
		{"nothing changed", open(story(), api.Story), []string{"ctrl+s"}, closedView{}, false, ""},
		{"esc without changes", open(story(), api.Story), []string{"esc"}, closedView{}, false, ""},
		{"esc with changes asks", open(story(), api.Story), []string{"!", "esc"}, nil, true, "Discard changes? y/n"},
		{"n keeps editing", open(story(), api.Story), []string{"!", "esc", "n"}, nil, false, "Export the board as CSV!"},
		{"y discards", open(story(), api.Story), []string{"!", "esc", "y"}, closedView{}, false, ""},
		{"q in the title is text", open(story(), api.Story), []string{"q"}, nil, false, "CSVq"},
		{"empty title", open(story(), api.Story), []string{"ctrl+u", "ctrl+s"}, nil, false, "The title is empty"},
		{"blank title", open(story(), api.Story), []string{"ctrl+u", "space", "ctrl+s"}, nil, false, "The title is empty"},
		{"legacy priority untouched", open(legacy, api.Story), []string{"!", "ctrl+s"},
			common.SaveItemMsg{Kind: api.Story, ID: "1010022001000000042", Title: "Export the board as CSV!", PriorityLabel: "", Original: *legacy}, false, ""},
		{"unknown priority is shown", open(unknown, api.Story), nil, nil, false, "? 非常高 not in this workspace's options"},
		{"unknown priority is offered first", open(unknown, api.Story), []string{"tab", "enter"}, nil, false, "▶ ? 非常高 (current)"},
		{"bug labels", open(&api.Item{Kind: api.Bug, ID: "1110022001000000007", Title: "Crash", PriorityLabel: "high"}, api.Bug),
			nil, nil, false, "高 (high)"},
		{"create", open(nil, api.Bug), []string{"Login fails", "ctrl+s"},
			common.CreateItemMsg{New: api.NewItem{Kind: api.Bug, WorkspaceID: 10022001, Title: "Login fails", Creator: "anyechen"}}, false, ""},
		{"create with a priority", open(nil, api.Bug), []string{"Login fails", "enter", "enter", "down", "enter", "ctrl+s"},
			common.CreateItemMsg{New: api.NewItem{Kind: api.Bug, WorkspaceID: 10022001, Title: "Login fails", PriorityLabel: "high", Creator: "anyechen"}}, false, ""},
		{"create without a title", open(nil, api.Task), []string{"ctrl+s"}, nil, false, "The title is empty"},
		{"create heading", open(nil, api.Task), nil, nil, false, "New task in Triage Demo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, d := newEditor(t, tt.open)
			d.Press(tt.keys...)
			d.Settle()
			var last tea.Msg
			for _, msg := range d.Seen {
				switch msg.(type) {
				case common.SaveItemMsg, common.CreateItemMsg:
					last = msg
				}
			}
			if last == nil && m.Closed() {
				last = closedView{}
			}
			if !equal(last, tt.want) {
				t.Errorf("emitted %#v\nwant      %#v", last, tt.want)
			}
			if m.confirm != tt.confirm {
				t.Errorf("confirm = %v, want %v", m.confirm, tt.confirm)
			}
			if tt.screen != "" {
				if s := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(s, tt.screen) {
					t.Errorf("screen lacks %q:\n%s", tt.screen, ansi.Strip(m.View()))
				}
			}
		})
	}
}

// equal compares messages; items hold maps, so by their printed form.
func equal(a, b tea.Msg) bool {
	return fmt.Sprintf("%#v", a) == fmt.Sprintf("%#v", b)
}

func TestEditorScreens(t *testing.T) {
	uitest.Goldens(t,
		editorCase("edit", open(story(), api.Story), []string{"!"}, "CSV!"),
		editorCase("priority picker", open(unknownBug(), api.Bug), []string{"tab", "enter"}, "(current)"),
		editorCase("discard", open(story(), api.Story), []string{"tab", "enter", "up", "enter", "esc"}, "Discard"),
		editorCase("create empty title", open(nil, api.Bug), []string{"ctrl+s"}, "empty"),
	)
}

// unknownBug is a bug whose priority the workspace does not list.
func unknownBug() *api.Item {
	return &api.Item{Kind: api.Bug, ID: "1110022001000000007", WorkspaceID: "10022001", Title: "Crash when the token expires",
		PriorityLabel: "非常高", Status: "new", Owner: "anyechen;"}
}

// editorCase is a golden screen of the editor opened by msg in workspace
// Triage Demo, the keys pressed once it runs, drawn when it shows ready.
func editorCase(name string, msg common.OpenEditorMsg, keys []string, ready string) uitest.Case {
	return uitest.Case{Name: name, Screen: uitest.Screen{
		Build: func(ctx *common.Context) tea.Model {
			ctx.Workspace = api.Workspace{ID: "10022001", Name: "Triage Demo"}
			return uitest.NewHost(New(ctx, msg))
		},
		Drive: func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(keys...)...) },
		Ready: uitest.Showing(ready),
	}}
}
