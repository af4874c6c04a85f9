package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestCreatedYesterdayOnTheBoardAndInList against `triage serve` (1,000
// stories, made over the last 180 days): `triage list created:yesterday`
// prints exactly the stories the service says were created on the
// service's yesterday, and the board filtered by the same term shows as
// many; T then lists them newest first with their Created column.
func TestCreatedYesterdayOnTheBoardAndInList(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--items", "760")
	env := append(appHomeEnv(t.TempDir(), s), "TZ=UTC")
	day := time.Now().In(api.ServiceZone).AddDate(0, 0, -1).Format(time.DateOnly)

	out := runScript(t, env, false, "list", "--json", "--columns", "id,created")
	var all []struct{ ID, Created string }
	if err := json.Unmarshal([]byte(scriptStdout(t, out)), &all); err != nil || len(all) != 1000 {
		t.Fatalf("list --json: %d stories (%v):\n%s", len(all), err, out)
	}
	var want []string
	for _, it := range all {
		if strings.HasPrefix(it.Created, day+" ") {
			want = append(want, it.ID)
		}
	}
	out = runScript(t, env, false, "list", "--columns", "full_id,id,created", "created:yesterday")
	t.Logf("triage list created:yesterday:\n%s", out)
	var got, short []string
	for _, line := range strings.Split(strings.TrimSpace(scriptStdout(t, out)), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 3 {
			got, short = append(got, f[0]), append(short, f[1])
		}
	}
	if now := time.Now().In(api.ServiceZone).AddDate(0, 0, -1).Format(time.DateOnly); now != day {
		t.Skipf("the service's day turned during the test (%s, then %s)", day, now)
	}
	if len(want) == 0 || !slices.Equal(got, want) {
		t.Fatalf("created:yesterday (%s) lists %v, want the %d stories created then: %v", day, got, len(want), want)
	}

	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 1,000")
	term.Send("/")
	term.Type("created:yesterday")
	screen := term.WaitFor(10*time.Second, "/ created:yesterday", fmt.Sprintf("%d of 1,000 stories", len(want)))
	t.Logf("the board, created:yesterday:\n%s", firstScreenLines(screen, 8))
	if strings.Contains(screen, "✗") {
		t.Errorf("created:yesterday gives a problem:\n%s", firstScreenLines(screen, 3))
	}
	term.Send("Enter", "T")
	screen = term.WaitFor(10*time.Second, "sorted by Created ▼", "Created ▼")
	t.Logf("T:\n%s", firstScreenLines(screen, 3+len(want)))
	rows := strings.Split(screen, "\n")[3:]
	for k, id := range slices.Backward(short) {
		if !strings.Contains(rows[len(short)-1-k], "#"+id+" ") {
			t.Errorf("row %d of the list by created, newest first, is not #%s:\n%s", len(short)-1-k, id, firstScreenLines(screen, 3+len(want)))
		}
	}
	term.Send("/")
	term.Type(" created:someday")
	term.WaitFor(10*time.Second, "✗ created:someday is not a time: use today, yesterday")
	term.Send("q")
}

// scriptStdout is what a runScript transcript's command printed on stdout.
func scriptStdout(t *testing.T, transcript string) string {
	t.Helper()
	start, end := strings.Index(transcript, "# stdout\n"), strings.Index(transcript, "# stderr\n")
	if !strings.Contains(transcript, "# exit 0") || start < 0 || end < start {
		t.Fatalf("the command failed:\n%s", transcript)
	}
	return transcript[start+len("# stdout\n") : end]
}
