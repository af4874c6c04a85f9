package board

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// memberService is the fake service with members (GET /workspaces/users):
// zoe and yann take part in the workspace but own no item.
type memberService struct{ *fakeService }

func (memberService) Members(context.Context, int64) ([]api.Member, error) {
	return []api.Member{{Nick: "anyechen"}, {Nick: "yann", Name: "Yann Le Goff"}, {Nick: "zoe", Name: "Zoé Martin"}}, nil
}

// newMemberHarness is newHarness over a service that names its members.
func newMemberHarness(t *testing.T) *harness {
	t.Helper()
	svc := newFakeService()
	remote := memberService{svc}
	ctx := uitest.Context(remote, uitest.Theme{Dark: true, NoColor: true}, 200, 40)
	edits := uitest.NewEdits(t, remote, ctx.ServiceURL)
	ctx.Edits = edits
	eng := engine.New(ctx)
	eng.After = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	m := New(ctx, eng)
	m.SetSize(200, 40)
	return (&harness{t: t, ctx: ctx, svc: svc, edits: edits, m: m}).load()
}

// TestFilterOwnersAreTheMembers: the filter's owner values are the
// workspace's members, not only the owners seen on items: owner:zoe is no
// "matches no owner" but an empty result, and tab completes a member who
// owns nothing.
func TestFilterOwnersAreTheMembers(t *testing.T) {
	h := newMemberHarness(t).keys("tab", "/")
	h.m.filter.SetValue("owner:zoe")
	h.m.applyQuery("owner:zoe")
	if screen := h.screen(); strings.Contains(screen, "matches no owner") {
		t.Errorf("owner:zoe, a member, is called unknown:\n%s", firstLines(screen, 3))
	}
	h.m.filter.SetValue("owner:nobody")
	h.m.applyQuery("owner:nobody")
	if screen := h.screen(); !strings.Contains(screen, "✗ owner:nobody matches no owner here (anyechen, bob, lily, yann, zhao, zoe") {
		t.Errorf("owner:nobody does not name the members:\n%s", firstLines(screen, 3))
	}

	h = newMemberHarness(t).keys("/")
	for _, r := range "owner:y" {
		h.keys(string(r))
	}
	h.keys("tab")
	if got := h.m.filter.Value(); got != "owner:yann" {
		t.Errorf("owner:y and tab gives %q, want the member owner:yann", got)
	}
	h.m.filter.SetValue("owner:")
	h.keys("tab")
	if screen := h.screen(); !strings.Contains(screen, "tab: @me, anyechen, yann, zoe") {
		t.Errorf("owner: and tab does not list the members:\n%s", firstLines(screen, 3))
	}
}
