package e2e

import (
	"regexp"
	"strings"
	"testing"
)

// TestAnItemNameNamesOneItem: a short id or a full id that a story, a bug
// and a task share is an error listing them (exit 2) and changes nothing;
// --kind, bug/6 and the item's address (on TAPD or the service) name one.
// A name is looked up in one request per kind, and names of one kind
// together in one.
func TestAnItemNameNamesOneItem(t *testing.T) {
	f := newFrontDoor(t)
	home := t.TempDir()
	f.login(home)
	env := f.env(home)
	f.requests()

	for _, name := range []string{"6", "#6", "1110022001000000006"} {
		out, errOut, code := runBinary(t, env, "", "view", name)
		if code != 2 || out != "" || !strings.Contains(errOut, name+" names 3 items: name one as story/6, bug/6 or task/6, or pass --kind") ||
			!strings.Contains(errOut, "\n  bug/6        ") {
			t.Errorf("view %s: exit %d\n%s%s", name, code, out, errOut)
		}
		if reqs := f.requests(); len(reqs) != 3 || count(reqs, "GET /stories?") != 1 || count(reqs, "GET /bugs?") != 1 || count(reqs, "GET /tasks?") != 1 {
			t.Errorf("view %s asked %d requests, want one per kind:\n%s", name, len(reqs), strings.Join(reqs, "\n"))
		}
	}

	views := []struct{ args []string }{
		{[]string{"view", "bug/6"}},
		{[]string{"view", "6", "--kind", "bug"}},
		{[]string{"view", "1110022001000000006", "--kind", "bug"}},
		{[]string{"view", "https://www.tapd.cn/10022001/bugtrace/bugs/view/1110022001000000006"}},
		{[]string{"view", f.URL() + "/10022001/bugtrace/bugs/view/1110022001000000006"}},
	}
	for _, v := range views {
		out, errOut, code := runBinary(t, env, "", v.args...)
		if code != 0 || !strings.Contains(out, "#6 Checkout: loses unsaved changes on Safari 17") || !viewsKind(out, "bug") {
			t.Errorf("%v: exit %d\n%s%s", v.args, code, out, errOut)
		}
		if reqs := f.requests(); count(reqs, "GET /bugs?") != 1 || count(reqs, "GET /stories?") != 0 || count(reqs, "GET /tasks?") != 0 {
			t.Errorf("%v looked the bug up in %d requests:\n%s", v.args, len(reqs), strings.Join(reqs, "\n"))
		}
	}
	out, errOut, code := runBinary(t, env, "", "view", "https://www.tapd.cn/10022001/prong/tasks/view/1110022001000000006")
	if code != 0 || !viewsKind(out, "task") {
		t.Errorf("a task's address: exit %d\n%s%s", code, out, errOut)
	}
	f.requests()

	_, errOut, code = runBinary(t, env, "", "set", "6", "--priority", "High")
	if code != 2 || !strings.Contains(errOut, "6 names 3 items") {
		t.Errorf("set 6: exit %d\n%s", code, errOut)
	}
	if n := count(f.requests(), "POST"); n != 0 {
		t.Errorf("set of an ambiguous name wrote %d times", n)
	}
	_, errOut, code = runBinary(t, env, "", "set", "story/6", "bug/6", "--kind", "bug", "--priority", "High")
	if code != 2 || !strings.Contains(errOut, `"story/6" names a story, and --kind a bug`) {
		t.Errorf("a kind that --kind contradicts: exit %d\n%s", code, errOut)
	}

	names := []string{"story/1", "story/2", "3", "bug/4", "task/5"}
	out, errOut, code = runBinary(t, env, "", append([]string{"set", "--dry-run", "--priority", "High"}, names...)...)
	if code != 2 || !strings.Contains(errOut, "3 names 3 items") {
		t.Errorf("five names, one of them ambiguous: exit %d\n%s%s", code, out, errOut)
	}
	f.requests()
	names[2] = "story/3"
	out, errOut, code = runBinary(t, env, "", append([]string{"set", "--dry-run", "--priority", "High"}, names...)...)
	reqs := f.requests()
	if code != 0 || strings.Count(out, "\n") != 5 {
		t.Errorf("five names: exit %d\n%s%s", code, out, errOut)
	}
	if count(reqs, "GET /stories?") != 1 || count(reqs, "GET /bugs?") != 1 || count(reqs, "GET /tasks?") != 1 {
		t.Errorf("five names of three kinds were looked up in more than one request a kind:\n%s", strings.Join(reqs, "\n"))
	}
}

// viewsKind reports whether triage view's output names the item's kind on
// its Kind line, whatever the width its names are padded to.
func viewsKind(out, kind string) bool {
	return regexp.MustCompile(`(?m)^Kind +` + kind + `$`).MatchString(out)
}
