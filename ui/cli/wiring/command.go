package wiring

import (
	"context"
	"flag"
)

// Command is an entry of the command table: it runs with the command
// line's streams, the context and the arguments after the command's name.
type Command func(*Factory, context.Context, []string) error

// NewCommand is the command named name ("triage" for the board): define
// makes its options with their flags on fs; args, when not nil, takes the
// arguments besides the flags (in any order with them), else the command
// takes none; run runs with the options.
func NewCommand[O any](name string, define func(*Factory, *flag.FlagSet) *O, args func(*O, []string) error, run func(context.Context, *O) error) Command {
	return func(c *Factory, ctx context.Context, argv []string) error {
		fs := NewFlags(name)
		o := define(c, fs)
		if args == nil {
			if err := c.Parse(fs, argv); err != nil {
				return err
			}
			return run(ctx, o)
		}
		rest, err := c.ParseArgs(fs, argv)
		if err != nil {
			return err
		}
		if err := args(o, rest); err != nil {
			return err
		}
		return run(ctx, o)
	}
}
