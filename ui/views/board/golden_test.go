package board

import (
	"regexp"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// loadingHost runs the board as a program that loads the workspace first.
type loadingHost struct {
	*uitest.Host
	load tea.Cmd
}

func (h loadingHost) Init() tea.Cmd { return h.load }

// boardScreen is a golden screen of the board: it opens the Bugs tab, waits
// for the bugs, then presses keys. The screen is taken once ready shows, or
// once the card or row with that short id is selected when ready is "#id".
func boardScreen(t *testing.T, ready string, keys ...string) uitest.Screen {
	if strings.HasPrefix(ready, "#") {
		id := ready
		ready = ""
		return withReady(boardScreenRaw(t, keys), func(screen string) bool {
			// a card's detail line, or the selected row of the list
			return strings.Contains(screen, id+" ·") || regexp.MustCompile(`[▶▌]\s*`+regexp.QuoteMeta(id)).MatchString(screen)
		})
	}
	if strings.HasPrefix(ready, "(?m)") {
		re := regexp.MustCompile(ready)
		return withReady(boardScreenRaw(t, keys), re.MatchString)
	}
	return withReady(boardScreenRaw(t, keys), func(screen string) bool { return strings.Contains(screen, ready) })
}

func withReady(sc uitest.Screen, ready func(string) bool) uitest.Screen {
	sc.Ready = ready
	return sc
}

// boardScreenRaw is boardScreen without its Ready: the Bugs tab is
// awaited until its 11 bugs and their cards show.
func boardScreenRaw(t *testing.T, keys []string) uitest.Screen {
	return boardScreenLoaded(t, func(screen string) bool {
		// "缺陷 11" in Chinese, which the tab says too: the cards are awaited as well
		return strings.Contains(screen, i18n.Tf("%s %s", "11", i18n.T("bugs"))) && strings.Contains(screen, "#10")
	}, keys)
}

// boardScreenLoaded is a board that opens the Bugs tab, waits until loaded
// says the bugs are in, then presses keys.
func boardScreenLoaded(t *testing.T, loaded func(screen string) bool, keys []string) uitest.Screen {
	var host *uitest.Host
	return uitest.Screen{
		Build: func(ctx *common.Context) tea.Model {
			ctx.Edits = uitest.NewEdits(t, ctx.Service.(*fakeService), ctx.ServiceURL)
			m := newBoard(ctx)
			host = uitest.NewHost(m)
			host.Engine = m.eng
			return loadingHost{Host: host, load: m.openWorkspace(testWS)}
		},
		Drive: func(tm *teatest.TestModel) {
			tm.Send(uitest.Key("tab"))
			teatest.WaitFor(t, tm.Output(), func([]byte) bool {
				return loaded(ansi.Strip(host.Last()))
			}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
			uitest.Send(tm, uitest.Keys(keys...)...)
		},
	}
}

func TestBoardScreens(t *testing.T) {
	refused := &api.Error{Kind: api.ErrValidation, Op: "update bug", HTTPStatus: 422, Info: "not allowed"}
	tests := []struct {
		name  string
		svc   func() *fakeService
		ready string
		keys  []string
	}{
		{"columns", newFakeService, "#1003", []string{"l", "l", "j"}},
		{"list", newFakeService, "#1001", []string{"v", "s", "s", "s", "s", "s", "S", "g", "j", "j"}},
		{"list columns", listColumnsService, "#1008", []string{"v"}},
		{"filtered", newFakeService, "/ 王", []string{"/", "王"}},
		{"failed_edit", func() *fakeService {
			s := newFakeService()
			s.writeErrs = []error{refused}
			return s
		}, "(?m)^.{0,3}✗Typo in", []string{"]"}}, // the refused card back in its first column
		{"priority_picker", newFakeService, "Priority of #1008", []string{"p"}},
		{"unknown_column", newFakeService, "#1007", []string{"G", "l", "l", "l", "l", "l", "l"}},
		{"bulk_preview", newFakeService, "y/enter confirms", []string{"space", "j", "space", "l", "space", "3"}},
		{"preview_pane", newFakeService, "no description", []string{"P"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service { return tt.svc() }, boardScreen(t, tt.ready, tt.keys...))
		})
	}
}
