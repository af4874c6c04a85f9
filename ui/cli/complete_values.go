package cli

import (
	"context"
	"fmt"
	"slices"

	"triage/api"
	"triage/store"
	"triage/ui/cli/wiring"
)

// Shell completion of values only the config or the service knows: the
// scripts run `triage __complete profiles|priorities` when a flag takes one.
// It is not listed in the help; it prints one value a line and nothing on
// any error, as a completion must never fail loudly.

// completeCommand is the hidden command the completion scripts run.
var completeCommand = command{name: "__complete", synopsis: "profiles|priorities|kinds", summary: "values for shell completion", run: cmdComplete}

// valueSources are the flags whose values the scripts ask for, and what to
// ask: a flag --NAME takes the values of `triage __complete SOURCE`.
var valueSources = map[string]string{"profile": "profiles", "priority": "priorities", "if-priority": "priorities", "kind": "kinds"}

// cmdComplete prints the values of a source.
func cmdComplete(c *wiring.Factory, _ context.Context, args []string) error {
	if len(args) == 0 {
		return nil
	}
	var g wiring.GlobalFlags
	for i := 1; i+1 < len(args); i++ {
		if args[i] == "--profile" {
			g.Profile = args[i+1]
		}
	}
	paths, err := store.DefaultPaths()
	if err != nil {
		return nil
	}
	cfg, err := store.LoadConfig(paths, g.Env(c.Env))
	if err != nil {
		return nil
	}
	var words []string
	switch args[0] {
	case "kinds":
		for _, k := range api.Kinds {
			words = append(words, k.String())
		}
	case "profiles":
		words = cfg.ProfileNames()
		if !slices.Contains(words, store.DefaultProfile) {
			words = append(words, store.DefaultProfile)
		}
	case "priorities":
		service, err := store.ServiceKey(cfg.BaseURL)
		if err != nil {
			return nil
		}
		words, _ = store.Labels(paths.ForProfile(cfg.ProfileName).CacheDir, service)
	}
	for _, w := range words {
		fmt.Fprintln(c.Stdout, w)
	}
	return nil
}
