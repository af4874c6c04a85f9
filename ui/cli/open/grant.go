package open

import (
	"context"
	"fmt"
	"strings"
	"triage/api"

	"triage/auth"
	"triage/ui/cli/login"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// grantedWorkspace handles `triage --workspace W` with a browser login that
// was granted another workspace: its token reaches only that one. It says
// so and offers to authorize W in the browser; declined, the granted
// workspace opens. It returns the session to open the board with.
func grantedWorkspace(c *wiring.Factory, ctx context.Context, s *wiring.Setup, sess auth.Session) (auth.Session, error) {
	want := s.Config.Workspace
	if sess.Method != auth.MethodOAuth || sess.WorkspaceID == 0 || want == 0 || want == sess.WorkspaceID {
		return sess, nil
	}
	fmt.Fprintln(c.Stderr, i18n.Tf("The browser login reaches only workspace %d (granted at login); workspace %d needs its own authorization.", sess.WorkspaceID, want))
	fmt.Fprint(c.Stderr, i18n.Tf("Authorize workspace %d in the browser now (choose it on the authorization page)? [y/N] ", want))
	line, err := login.ReadLine(c.Stdin)
	if err != nil || !strings.HasPrefix(strings.ToLower(strings.TrimSpace(line)), "y") {
		fmt.Fprintln(c.Stderr, i18n.Tf("Opening workspace %d. To open %d later: triage login --web, and choose it.", sess.WorkspaceID, want))
		return sess, nil
	}
	noPaste := *c // the board reads the terminal next: nothing else may
	noPaste.IsTerminal = false
	granted, err := login.Web(&noPaste, ctx, s)
	if err != nil {
		return auth.Session{}, api.Errorf("authorizing workspace %d: %w", want, err)
	}
	if err := s.Remember(ctx, granted); err != nil {
		return auth.Session{}, err
	}
	if granted.WorkspaceID != want {
		fmt.Fprintln(c.Stderr, i18n.Tf("The service granted workspace %d, not %d; opening %d.", granted.WorkspaceID, want, granted.WorkspaceID))
	}
	return granted, nil
}
