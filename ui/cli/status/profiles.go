package status

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// Every profile's state, as `gh auth status` lists every account: the
// active profile is marked, and the exit code is its own.

// profileReports checks the credential of every profile: of the settings
// in use alone when the config has no profiles.
func profileReports(c *wiring.Factory, ctx context.Context, s *wiring.Setup, g *wiring.GlobalFlags, offline bool) ([]statusReport, error) {
	names := s.Config.ProfileNames()
	if len(names) == 0 {
		r, err := checkStatus(ctx, s, offline)
		return []statusReport{r}, err
	}
	if !slices.Contains(names, store.DefaultProfile) {
		names = append([]string{store.DefaultProfile}, names...)
	}
	reports := make([]statusReport, 0, len(names))
	for _, name := range names {
		ps := s
		if wiring.ProfileOf(name) != s.Config.ProfileName {
			pg := *g
			pg.Profile = name
			var err error
			if ps, err = c.Load(ctx, &pg); err != nil {
				return nil, fmt.Errorf("profile %s: %w", name, err)
			}
		}
		r, err := checkStatus(ctx, ps, offline)
		if err != nil {
			return nil, fmt.Errorf("profile %s: %w", name, err)
		}
		r.profile = ps.Config.ProfileName
		reports = append(reports, r)
	}
	return reports, nil
}

// profileLabel names a profile in a report.
func profileLabel(name string) string {
	if name == "" {
		return store.DefaultProfile
	}
	return name
}

// loginCommand is how to log in to a profile.
func loginCommand(profile string) string {
	if profile == "" {
		return "triage login"
	}
	return "triage login --profile " + profile
}

// writeProfile prints one profile's report under its name, indented.
func (r statusReport) writeProfile(w io.Writer, active bool) {
	mark := ""
	if active {
		mark = i18n.T(" (active)")
	}
	fmt.Fprintf(w, "%s%s\n", profileLabel(r.profile), mark)
	var b strings.Builder
	r.write(&b)
	for _, line := range strings.SplitAfter(strings.TrimSuffix(b.String(), "\n"), "\n") {
		fmt.Fprint(w, "  "+line)
	}
	fmt.Fprintln(w)
}

// statusJSON is one profile's state in `triage status --json`.
type statusJSON struct {
	Profile   string      `json:"profile"`
	Active    bool        `json:"active"`
	Service   string      `json:"service"`
	State     string      `json:"state"` // logged_in, not_logged_in, not_checked, stored
	Status    string      `json:"status"`
	Advice    string      `json:"advice,omitempty"`
	User      string      `json:"user,omitempty"`
	Confirmed bool        `json:"confirmed"`
	Method    string      `json:"method,omitempty"`
	Workspace int64       `json:"workspace_id,omitempty"`
	Scope     string      `json:"scope,omitempty"`
	ExpiresAt string      `json:"expires_at,omitempty"` // RFC 3339, when the credential stops being used
	StoredIn  string      `json:"stored_in,omitempty"`
	InUse     string      `json:"in_use,omitempty"`     // which credential is used, and why that one
	RateLimit *budgetJSON `json:"rate_limit,omitempty"` // the account's rate budget
}

// writeStatusJSON prints every profile's state as one object.
func writeStatusJSON(w io.Writer, active string, reports []statusReport) error {
	out := struct {
		Active   string       `json:"active"`
		Profiles []statusJSON `json:"profiles"`
	}{Active: profileLabel(active)}
	for _, r := range reports {
		j := statusJSON{Profile: profileLabel(r.profile), Active: r.profile == active, Service: r.sess.Service,
			Status: r.status, Advice: r.advice, Confirmed: r.confirmed}
		switch {
		case r.outcome == wiring.ErrSilent:
			j.State = "not_logged_in"
		case r.outcome == wiring.ErrNotChecked:
			j.State = "not_checked"
		case r.confirmed:
			j.State = "logged_in"
		default:
			j.State = "stored"
		}
		if !r.notLoggedIn {
			j.User, j.Method, j.Workspace, j.Scope, j.StoredIn, j.InUse = wiring.Who(r.sess), string(r.sess.Method), r.sess.WorkspaceID, r.sess.Scope, r.source, r.inUse
			if r.budget != nil {
				j.RateLimit = r.budget.json()
			}
			if !r.sess.ExpiresAt.IsZero() {
				j.ExpiresAt = r.sess.ExpiresAt.Add(-r.sess.Margin()).UTC().Format(time.RFC3339)
			}
		}
		out.Profiles = append(out.Profiles, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
