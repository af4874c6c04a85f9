package open

import (
	"context"
	"strings"
	"testing"

	"triage/ui/cli/internal/clitest"
)

// TestRunNeedsATerminal: the board, run in process without a terminal,
// says what to use instead and opens nothing.
func TestRunNeedsATerminal(t *testing.T) {
	clitest.Home(t)
	var out, errOut strings.Builder
	err := NewCmd(nil)(clitest.Factory(nil, &out, &errOut), context.Background(), []string{"--workspace", "10022001"})
	if err == nil || err.Error() != "the board needs a terminal; for scripts use 'triage status' or 'triage log'" || out.Len() > 0 {
		t.Errorf("error %v, printed %q", err, out.String())
	}
}
