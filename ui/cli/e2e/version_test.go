package e2e

import (
	"os/exec"
	"strings"
	"testing"
)

// TestVersionFromBuildInfo: without -ldflags the version comes from the
// module's build information, never a made-up "dev".
func TestVersionFromBuildInfo(t *testing.T) {
	out, err := exec.Command(triageBinary(t), "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(string(out)); !strings.HasPrefix(got, "triage (devel)") && !strings.HasPrefix(got, "triage v") {
		t.Errorf("version printed %q", got)
	}
	ld := exec.Command("go", "run", "-ldflags", "-X main.version=v1.2.3", ".", "version")
	ld.Dir = moduleRoot(t)
	if out, err := ld.Output(); err != nil || strings.TrimSpace(string(out)) != "triage v1.2.3" {
		t.Errorf("with ldflags: %q, %v", out, err)
	}
}
