package e2e

import (
	"os"
	"strings"
	"testing"
)

// TestLoginMessages: each login message says what happened and what to do,
// and the plain-text storage note comes from login only.
func TestLoginMessages(t *testing.T) {
	r := newStatusRun(t)
	const note = "credentials are stored in plain text at "

	_, errOut, code := r.run(badToken+"\n", nil, "login", "--token")
	if code != 1 || !strings.Contains(errOut, "the service refused the personal access token (422: The access token provided is invalid)") {
		t.Errorf("a wrong token: exit %d, said:\n%s", code, errOut)
	}
	if strings.Contains(errOut, "triage login") {
		t.Errorf("a wrong token tells to run the login that was run:\n%s", errOut)
	}

	out, errOut, code := r.run(r.s.env["TRIAGE_TOKEN"]+"\n", nil, "login", "--token")
	if code != 0 || !strings.Contains(errOut, note+credentialsPath(r.home)) {
		t.Errorf("login storing in the file: exit %d, stderr:\n%s\nwant the note %q", code, errOut, note)
	}
	if strings.Count(out+errOut, note) != 1 {
		t.Errorf("login gives the storage note %d times:\n%s%s", strings.Count(out+errOut, note), out, errOut)
	}
	for _, args := range [][]string{{"status"}, {"status", "--offline"}, {"log"}, {"logout"}} {
		if out, errOut, _ := r.run("", nil, args...); strings.Contains(out+errOut, note) {
			t.Errorf("triage %s gives the storage note:\n%s%s", strings.Join(args, " "), out, errOut)
		}
	}

	if err := r.s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	_, errOut, code = r.run(r.s.env["TRIAGE_TOKEN"]+"\n", nil, "login", "--token")
	for _, want := range []string{"nothing was stored", "the personal access token could not be checked", "cannot reach the service"} {
		if code != 1 || !strings.Contains(errOut, want) {
			t.Errorf("login with the service stopped: exit %d, said:\n%s\nwant %q", code, errOut, want)
		}
	}
	for _, deny := range []string{"not accepted", "refused the", note} {
		if strings.Contains(errOut, deny) {
			t.Errorf("login with the service stopped says %q:\n%s", deny, errOut)
		}
	}
	if _, err := os.Stat(credentialsPath(r.home)); err == nil {
		if _, err := r.stored(); err == nil {
			t.Error("a login that could not check its token stored it")
		}
	}
}
