package cli

import (
	"context"
	"fmt"
	"slices"

	"triage/store"
	"triage/ui/cli/wiring"
)

// cmdProfile is `triage profile use NAME` (switch, like gh auth switch) and
// `triage profile list`.
func cmdProfile(c *wiring.Factory, ctx context.Context, args []string) error {
	fs := wiring.NewFlags("profile")
	args, err := c.ParseArgs(fs, args)
	if err != nil {
		return err
	}
	paths, err := store.DefaultPaths()
	if err != nil {
		return err
	}
	cfg, err := store.LoadConfig(paths, func(name string) string {
		if name == store.EnvProfile {
			return "" // the file's choice, which this command changes
		}
		return c.Env(name)
	})
	if err != nil {
		return err
	}
	names := cfg.ProfileNames()
	switch {
	case len(args) == 1 && args[0] == "list":
		if !slices.Contains(names, store.DefaultProfile) {
			names = append([]string{store.DefaultProfile}, names...)
		}
		for _, n := range names {
			mark := "  "
			if profileOf(n) == cfg.ProfileName {
				mark = "* "
			}
			fmt.Fprintln(c.Stdout, mark+n)
		}
		return nil
	case len(args) == 2 && args[0] == "use":
		name := args[1]
		if name != store.DefaultProfile && !slices.Contains(names, name) {
			return fmt.Errorf("%w: no profile %q in %s; its profiles are %v (and default, the settings at the top)", wiring.ErrUsage, name, cfg.Path, names)
		}
		if err := store.UpdateConfig(cfg.Path, func(s *store.Settings) { s.Profile = profileOf(name) }); err != nil {
			return err
		}
		fmt.Fprintf(c.Stderr, "Now using profile %s.\n", name)
		if env := c.Env(store.EnvProfile); env != "" && env != name {
			fmt.Fprintf(c.Stderr, "Note: TRIAGE_PROFILE=%s in the environment still wins; unset it to use %s.\n", env, name)
		}
		return nil
	}
	return fmt.Errorf("%w: want 'triage profile use NAME' or 'triage profile list'", wiring.ErrUsage)
}
