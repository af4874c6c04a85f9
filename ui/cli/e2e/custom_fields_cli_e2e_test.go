package e2e

import (
	"strings"
	"testing"
)

// TestCustomFieldsOnTheCommandLine: against `triage serve`, `triage set
// --field NAME=VALUE` writes a custom field named as the workspace names it
// (客户 of 星河移动's stories, a select), refuses a value that is not one of
// its options by listing them, and `triage list --columns` shows the field
// by its name, filtered by it as the board filters.
func TestCustomFieldsOnTheCommandLine(t *testing.T) {
	r := newStatusRun(t)
	r.loginToken()
	ws := []string{"TRIAGE_WORKSPACE=10022002"}

	_, errOut, code := r.run("", ws, "set", "story/3", "--field", "客户=火星")
	if code != 1 || !strings.Contains(errOut, `refused: "火星" is not an option of 客户; choose 华东大区, 华南大区, 海外, 内部, none`) {
		t.Errorf("a value not among the options: exit %d\n%s", code, errOut)
	}
	if out, errOut, code := r.run("", ws, "set", "story/3", "--field", "客户=海外", "--dry-run"); code != 0 ||
		!strings.Contains(out, "would change story/3 (story 1110022002000000003) 客户") || !strings.Contains(out, "→ 海外") {
		t.Errorf("a --dry-run: exit %d\n%s%s", code, out, errOut)
	}
	_, errOut, code = r.run("", ws, "set", "story/3", "--field", "客户=海外")
	if code != 0 || !strings.Contains(errOut, "→ 海外") {
		t.Fatalf("set 客户=海外: exit %d\n%s", code, errOut)
	}
	if got := fieldOf(r, ws, "story/3", "custom_field_one"); got != "海外" {
		t.Errorf("story 3's 客户 is %q, want 海外", got)
	}

	out, errOut, code := r.run("", ws, "list", "--columns", "id,客户,预估人天", "客户:海外")
	if code != 0 {
		t.Fatalf("list --columns id,客户,预估人天 客户:海外: exit %d\n%s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	found := false
	for _, l := range lines {
		cells := strings.Split(l, "\t")
		if len(cells) != 3 || cells[1] != "海外" {
			t.Errorf("a line %q, want id, 海外 and an estimate", l)
		}
		found = found || cells[0] == "3"
	}
	if !found {
		t.Errorf("story 3 is not among the stories whose 客户 is 海外:\n%s", out)
	}
	out, _, code = r.run("", ws, "list", "--columns", "id,客户", "cf:客户:海外", "--json")
	if code != 0 || !strings.Contains(out, `"custom_field_one":"海外"`) {
		t.Errorf("list --json by cf:客户:海外: exit %d\n%s", code, out)
	}
	_, errOut, code = r.run("", ws, "list", "--columns", "id,团队")
	if code != 2 || !strings.Contains(errOut, `"团队" is not a column`) || !strings.Contains(errOut, "客户, 预估人天") {
		t.Errorf("a column no field is named: exit %d\n%s", code, errOut)
	}
}
