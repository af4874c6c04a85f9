package status

import (
	"context"
	"strings"
	"testing"

	"triage/ui/cli/internal/clitest"
)

// TestRunChecksWithTheService: status, run in process with a token in the
// environment, asks the service who it is and says where it comes from.
func TestRunChecksWithTheService(t *testing.T) {
	clitest.Home(t)
	env := clitest.Service(t)
	var out, errOut strings.Builder
	o := &Options{IO: clitest.Factory(env, &out, &errOut)}
	o.Global.InsecureStorage = true
	if err := Run(context.Background(), o); err != nil {
		t.Fatalf("%v\n%s", err, errOut.String())
	}
	for _, want := range []string{"✓ Logged in", "User:       demo", "the environment (TRIAGE_TOKEN)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("status lacks %q:\n%s", want, out.String())
		}
	}
}
