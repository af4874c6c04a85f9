package profile

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"triage/api"

	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// Options are what `triage profile` runs with: its streams, and either
// List or the profile to Use.
type Options struct {
	IO   *wiring.Factory
	List bool
	Use  string
}

// NewCmd is `triage profile use NAME` (switch, like gh auth switch) and
// `triage profile list`: it reads the arguments into Options and calls
// runF with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("profile", func(c *wiring.Factory, _ *flag.FlagSet) *Options {
		return &Options{IO: c}
	}, func(o *Options, args []string) error {
		switch {
		case len(args) == 1 && args[0] == "list":
			o.List = true
			return nil
		case len(args) == 2 && args[0] == "use":
			o.Use = args[1]
			return nil
		}
		return api.Errorf("%w: want 'triage profile use NAME' or 'triage profile list'", wiring.ErrUsage)
	}, runF)
}

// Run lists the config's profiles, the one in use marked, or switches the
// profile the config file names.
func Run(_ context.Context, o *Options) error {
	c := o.IO
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
	if o.List {
		if !slices.Contains(names, store.DefaultProfile) {
			names = append([]string{store.DefaultProfile}, names...)
		}
		for _, n := range names {
			mark := "  "
			if wiring.ProfileOf(n) == cfg.ProfileName {
				mark = "* "
			}
			fmt.Fprintln(c.Stdout, mark+n)
		}
		return nil
	}
	name := o.Use
	if name != store.DefaultProfile && !slices.Contains(names, name) {
		return api.Errorf("%w: no profile %q in %s; its profiles are %v (and default, the settings at the top)", wiring.ErrUsage, name, cfg.Path, names)
	}
	if err := store.UpdateConfig(cfg.Path, func(s *store.Settings) { s.Profile = wiring.ProfileOf(name) }); err != nil {
		return err
	}
	fmt.Fprintln(c.Stderr, i18n.Tf("Now using profile %s.", name))
	if env := c.Env(store.EnvProfile); env != "" && env != name {
		fmt.Fprintln(c.Stderr, i18n.Tf("Note: TRIAGE_PROFILE=%s in the environment still wins; unset it to use %s.", env, name))
	}
	return nil
}
