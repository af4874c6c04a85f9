package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// itemPageURL is the address of an item's page on the local service,
// TAPD's shape: /{workspace}/prong/stories/view/{full id}.
var itemPageURL = regexp.MustCompile(`^http://127\.0\.0\.1:\d+/10022001/prong/stories/view/111002200100000\d{4}$`)

// TestItemPageFromTheApp: `triage view 1 --web` and `o` on the board open
// the item's page that `triage serve` serves, at TAPD's address; in a real
// browser it asks to sign in once, then shows the title, priority, status,
// owners and description.
func TestItemPageFromTheApp(t *testing.T) {
	requireChromium(t)
	requireTmux(t)
	s := startServe(t)
	urls := newURLCatcher(t)
	home := t.TempDir()
	env := append(appHomeEnv(home, s), "TRIAGE_BROWSER="+urls.program)

	_, errOut, code := runBinary(t, env, "", "view", "story/1", "--web")
	viewURL := urls.nth(1, 10*time.Second, func() string { return errOut })
	if code != 0 || !itemPageURL.MatchString(viewURL) || !strings.HasSuffix(viewURL, "/1110022001000000001") {
		t.Fatalf("triage view 1 --web (exit %d, %q) opened %q, not story 1's page on the service", code, errOut, viewURL)
	}
	c := startChrome(t, t.TempDir())
	c.do("open "+viewURL, chromedp.Navigate(viewURL))
	c.waitText("Sign in to the sandbox's web app", 10*time.Second)
	c.do("sign in",
		chromedp.SendKeys(chromedp.CSS("#nick"), demoNick),
		chromedp.SendKeys(chromedp.CSS("#password"), demoPassword),
		chromedp.Click(chromedp.CSS(`form[action="/cloud_logins/login"] button[type="submit"]`)),
	)
	text := c.waitText("Story #1 · Atlas Web", 10*time.Second)
	t.Logf("story 1's page:\n%s", text)
	for _, want := range []string{"Localise team invitations", "Priority\n", "Status\n", "Owners\n", "Description"} {
		if !strings.Contains(text, want) {
			t.Errorf("story 1's page lacks %q:\n%s", want, text)
		}
	}
	if c.url() != viewURL {
		t.Errorf("after signing in the browser is at %s, not back at %s", c.url(), viewURL)
	}

	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	screen := term.WaitFor(60*time.Second, "Stories 240", "demo (token)")
	card := selectedCard.FindStringSubmatch(screen)
	if card == nil {
		t.Fatalf("no card is selected:\n%s", screen)
	}
	term.Send("o")
	oURL := urls.nth(2, 20*time.Second, term.Screen)
	if !itemPageURL.MatchString(oURL) {
		t.Fatalf("o opened %q, not an item's page on the service", oURL)
	}
	c.do("open "+oURL, chromedp.Navigate(oURL))
	text = c.waitText("· Atlas Web · read-only", 10*time.Second)
	if !strings.Contains(text, "Story #"+card[2]+" ") {
		t.Errorf("o on card #%s opened another story's page:\n%s", card[2], text)
	}
	term.Send("q")
}
