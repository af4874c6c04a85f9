package status

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
	"triage/api"

	"triage/auth"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// Options are what `triage status` runs with: its streams, the global
// flags, --offline and --json.
type Options struct {
	IO      *wiring.Factory
	Global  wiring.GlobalFlags
	Offline bool
	JSON    bool
}

// NewCmd is `triage status`: it reads the flags into Options and calls runF
// with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("status", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		o.Global.Register(fs)
		fs.BoolVar(&o.Offline, "offline", false, "show what is stored without asking the service")
		fs.BoolVar(&o.JSON, "json", false, "print the state of every profile as one JSON object")
		return o
	}, nil, runF)
}

// Run asks the service whether the credential in use is good and whose
// it is, and prints the service, the user, the login method, the workspace
// and the expiry. Exit 0: logged in; 1: not logged in, or the credential is
// refused or expired (the reason is printed); 3 (wiring.ErrNotChecked): the service
// could not say. --offline shows what is stored without asking. It never prompts.
func Run(ctx context.Context, o *Options) error {
	c, g := o.IO, &o.Global
	s, err := c.Load(ctx, g)
	if err != nil {
		return err
	}
	reports, err := profileReports(c, ctx, s, g, o.Offline)
	if err != nil {
		return err
	}
	if o.JSON {
		return writeStatusJSON(c.Stdout, s.Config.ProfileName, reports)
	}
	for i, r := range reports {
		if len(reports) > 1 {
			if i > 0 {
				fmt.Fprintln(c.Stdout)
			}
			r.writeProfile(c.Stdout, r.profile == s.Config.ProfileName)
			continue
		}
		r.write(c.Stdout)
	}
	for _, r := range reports {
		if r.profile == s.Config.ProfileName {
			return r.outcome
		}
	}
	return nil
}

// checkStatus asks the service whether the credential in use is good and
// whose it is (unless offline), and says what to do when it is not.
func checkStatus(ctx context.Context, s *wiring.Setup, offline bool) (statusReport, error) {
	sess, err := s.Session(ctx)
	if errors.Is(err, wiring.ErrNotLoggedIn) {
		return statusReport{sess: auth.Session{Service: s.Config.BaseURL}, notLoggedIn: true,
			status: i18n.T("✗ Not logged in: no credential is stored for this service, nor set in the environment"),
			advice: i18n.Tf("Run: %s", loginCommand(s.Config.ProfileName)), outcome: wiring.ErrSilent}, nil
	}
	if err != nil {
		return statusReport{}, err
	}
	r := statusReport{sess: sess, source: s.Source(sess), inUse: s.InUse(ctx, sess), fromEnv: s.FromEnv(sess), now: time.Now()}
	r.budget = readBudget(s, sess, r.now)
	switch {
	case sess.Expired(r.now):
		r.status = i18n.Tf("✗ Not logged in: %s expired at %s", i18n.T(loginName(sess.Method)), r.expiry())
		r.advice, r.outcome = r.renew(), wiring.ErrSilent
		return r, nil
	case offline:
		r.status = i18n.T("Not checked (--offline): this is what is stored")
		return r, nil
	}
	checked, err := auth.Check(ctx, sess, nil)
	var ce *auth.CheckError
	switch {
	case err == nil:
		r.sess, r.confirmed = checked, true
		r.status = i18n.Tf("✓ Logged in: the service confirmed %s", i18n.T(auth.CredentialName(sess.Method)))
	case errors.As(err, &ce) && errors.Is(err, auth.ErrUnchecked):
		r.status = i18n.Tf("! Not checked: %s", api.ErrorIn(ce.Err, i18n.T))
		r.advice = i18n.T("The credential may be good. `triage status --offline` shows what is stored without asking the service.")
		r.outcome = wiring.ErrNotChecked
	case errors.As(err, &ce):
		r.status = i18n.Tf("✗ Not logged in: %s", api.ErrorIn(err, i18n.T))
		r.advice, r.outcome = r.renew(), wiring.ErrSilent
	default:
		return statusReport{}, err
	}
	return r, nil
}

// statusReport is what `triage status` prints.
type statusReport struct {
	sess      auth.Session
	source    string // where the credential comes from
	inUse     string // which credential is used, and why that one
	fromEnv   bool   // the environment holds it
	now       time.Time
	confirmed bool   // the service confirmed it (the user is the service's)
	status    string // the verdict
	advice    string // what to do, when something is wrong
	// notLoggedIn: no credential at all, so only the service is shown.
	notLoggedIn bool
	// outcome is the command's error for this verdict: nil, wiring.ErrSilent (exit
	// 1) or wiring.ErrNotChecked (exit 3).
	outcome error
	profile string        // "" for the file's settings
	budget  *budgetReport // the account's rate budget; nil: not logged in
}

// write prints the report, one labelled line each, then the advice.
func (r statusReport) write(w io.Writer) {
	s := r.sess
	fmt.Fprintf(w, "%s%s\n%s%s\n", label("Service:"), s.Service, label("Status:"), r.status)
	if r.notLoggedIn {
		fmt.Fprintln(w, r.advice)
		return
	}
	if user := wiring.Who(s); user != "" {
		if !r.confirmed {
			user = i18n.Tf("%s, not confirmed", user)
		}
		fmt.Fprintf(w, "%s%s\n", label("User:"), user)
	}
	fmt.Fprintf(w, "%s%s\n", label("Method:"), wiring.MethodName(s.Method))
	if s.WorkspaceID != 0 {
		fmt.Fprintf(w, "%s%s\n", label("Workspace:"), i18n.Tf("%d (granted)", s.WorkspaceID))
	}
	if s.Scope != "" {
		fmt.Fprintf(w, "%s%s\n", label("Scope:"), s.Scope)
	}
	switch {
	case s.ExpiresAt.IsZero():
		fmt.Fprintln(w, label("Expires:")+i18n.T("never"))
	case s.Expired(r.now):
		fmt.Fprintln(w, label("Expires:")+i18n.Tf("expired at %s", r.expiry()))
	default:
		fmt.Fprintln(w, label("Expires:")+i18n.Tf("%s (in %s)", r.expiry(), strings.TrimSuffix(s.Remaining(r.now).Round(time.Minute).String(), "0s")))
	}
	fmt.Fprintf(w, "%s%s\n", label("Stored in:"), r.source)
	fmt.Fprintf(w, "%s%s\n", label("In use:"), r.inUse)
	if r.budget != nil {
		for _, line := range r.budget.lines() {
			fmt.Fprintln(w, line)
		}
	}
	if r.advice != "" {
		fmt.Fprintln(w, r.advice)
	}
}

// expiry is when the session stops being used (wiring.ExpiryOf).
func (r statusReport) expiry() string { return wiring.ExpiryOf(r.sess) }

// renew says how to get a credential the service takes.
func (r statusReport) renew() string { return wiring.Renew(r.sess, r.fromEnv) }

// loginName names a session's kind of login, for its expiry.
func loginName(m auth.Method) string {
	if m == auth.MethodOAuth {
		return "the browser login"
	}
	return "the login"
}
