package set

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
)

// `triage set ID... --priority LABEL --title TEXT --status S --owner NICKS
// --iteration IT --severity S --comment TEXT` changes items through
// the app's own path: each change is an edit in the outbox, sent by the
// store's Sender, which reads the item just before writing and writes only
// when the field still has the value the caller saw (--if-priority, or the
// value read when the command started). Exit 0: all applied; 1: any
// refused or changed meanwhile (nothing written for it); 3: the service
// could not be reached (nothing kept unless --queue).

// Flags are the flags of `triage set`: the changes and how to make them.
type Flags struct {
	priority, title, ifPriority optionalString
	status, owner, iteration    optionalString
	severity, comment           optionalString
	fields                      transitionValues
	kindName                    string
	dryRun, queue, asJSON       bool
}

// optionalString is a string flag that knows whether it was given.
type optionalString struct {
	value string
	set   bool
}

func (o *optionalString) String() string     { return o.value }
func (o *optionalString) Set(s string) error { o.value, o.set = s, true; return nil }

// transitionValues are the --field NAME=VALUE flags, in the order given.
type transitionValues struct {
	names  []string
	values map[string]string
}

func (v *transitionValues) String() string { return strings.Join(v.names, ",") }

// Set takes one NAME=VALUE; a name given again takes the last value.
func (v *transitionValues) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" {
		return api.Errorf("want NAME=VALUE, as resolution=duplicated, not %q", s)
	}
	if v.values == nil {
		v.values = map[string]string{}
	}
	if _, seen := v.values[name]; !seen {
		v.names = append(v.names, name)
	}
	v.values[name] = value
	return nil
}

// register adds the flags of set.
func (f *Flags) register(fs *flag.FlagSet) {
	fs.Var(&f.priority, "priority", "new priority: a `LABEL` or value of the workspace's options, or none")
	fs.Var(&f.title, "title", "new title `TEXT`")
	fs.Var(&f.status, "status", "new status: a `STATUS` code or name of the kind, one step along its workflow from the item's")
	fs.Var(&f.owner, "owner", "new owners: `NICKS` of workspace members, as a;b or a,b; none clears them")
	fs.Var(&f.iteration, "iteration", "new iteration: an `ITERATION` id or name of the workspace, or none to unplan")
	fs.Var(&f.severity, "severity", "new severity of bugs: a `SEVERITY` value or label of the workspace's options")
	fs.Var(&f.fields, "field", "a custom field by its name (来源渠道=客户反馈), or a field the status move asks for (resolution=duplicated), as `NAME=VALUE`; repeat it for more")
	fs.Var(&f.comment, "comment", "add a comment `TEXT` after the other changes")
	fs.Var(&f.ifPriority, "if-priority", "write only if the priority is still `LABEL` (the value you saw; default: the value read just before)")
	fs.StringVar(&f.kindName, "kind", "", "`KIND` of the items: story, bug or task (default: each; an id several kinds share is an error that lists them)")
	fs.BoolVar(&f.dryRun, "dry-run", false, "print what would change, and change nothing")
	fs.BoolVar(&f.queue, "queue", false, "when the service cannot be reached, keep the edits in the outbox, sent when triage next opens this profile")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON array of results on stdout instead of lines on stderr")
}

// changes reports whether any change was asked for.
func (f *Flags) changes() bool {
	for _, o := range []optionalString{f.priority, f.title, f.status, f.owner, f.iteration, f.severity, f.comment} {
		if o.set {
			return true
		}
	}
	return len(f.fields.names) > 0 // a custom field's (custom.go)
}

// Options are what `triage set` runs with: its streams, the global flags,
// the changes and the items they go to.
type Options struct {
	IO     *wiring.Factory
	Global wiring.GlobalFlags
	Flags  Flags
	Refs   []itemref.Ref
}

// NewCmd is `triage set`: it reads the flags and the items' names into
// Options, refusing what cannot be meant, and calls runF with them, Run
// when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("set", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		o.Global.Register(fs)
		o.Flags.register(fs)
		return o
	}, func(o *Options, ids []string) (err error) {
		o.Refs, err = o.Flags.refs(ids)
		return err
	}, runF)
}

// refs checks that the flags ask for a change that can be meant, and reads
// the names of the items it goes to.
func (f *Flags) refs(ids []string) ([]itemref.Ref, error) {
	var kind *api.Kind
	switch {
	case len(ids) == 0:
		return nil, api.Errorf("%w: set takes the items to change: short ids (12 or #12), full ids or web addresses; see 'triage set --help'", wiring.ErrUsage)
	case !f.changes():
		return nil, api.Errorf("%w: set needs a change: --priority, --title, --status, --owner, --iteration, --severity, --field or --comment", wiring.ErrUsage)
	case f.ifPriority.set && !f.priority.set:
		return nil, api.Errorf("%w: --if-priority states the priority you saw, for a --priority change", wiring.ErrUsage)
	case f.title.set && strings.TrimSpace(f.title.value) == "":
		return nil, api.Errorf("%w: --title: a title cannot be empty", wiring.ErrUsage)
	case f.comment.set && strings.TrimSpace(f.comment.value) == "":
		return nil, api.Errorf("%w: --comment: a comment cannot be empty", wiring.ErrUsage)
	case f.status.set && strings.TrimSpace(f.status.value) == "":
		return nil, api.Errorf("%w: --status: name the status to move to", wiring.ErrUsage)
	case f.kindName != "":
		k, err := api.ParseKind(f.kindName)
		if err != nil {
			return nil, api.Errorf("%w: --kind: %w", wiring.ErrUsage, err)
		}
		kind = &k
	}
	refs := make([]itemref.Ref, len(ids))
	for i, id := range ids {
		var err error
		if refs[i], err = itemref.Parse(id, kind); err != nil {
			return nil, err
		}
	}
	return refs, nil
}

// Run changes the items through the outbox: each read just before its
// write, written only if the field still has the value seen.
func Run(ctx context.Context, o *Options) error {
	t, err := o.IO.OpenScript(ctx, &o.Global)
	if err != nil {
		return err
	}
	defer t.Close()
	run := &setRun{cli: o.IO, t: t, flags: o.Flags, names: map[api.Kind]itemref.Names{}, kept: map[api.Kind]bool{}, ref: setReference{
		moves: map[workflowKey][]api.Transition{}, members: map[int64][]api.Member{}, iterations: map[int64][]api.Iteration{}}}
	return run.do(ctx, o.Refs)
}

// setRun is one run of `triage set`.
type setRun struct {
	cli     *wiring.Factory
	t       *wiring.Target
	flags   Flags
	names   map[api.Kind]itemref.Names // read once per kind
	kept    map[api.Kind]bool          // names taken from the field information kept (fieldinfo.go)
	ref     setReference
	user    string
	results []Result
	custom  map[customKey][]api.CustomField // read once per workspace and kind (custom.go)
}

// do reads the items, checks the values, then sends the edits (or, with
// --dry-run, says what they would change).
func (r *setRun) do(ctx context.Context, refs []itemref.Ref) error {
	plans, err := r.plan(ctx, refs)
	if api.Temporary(err) {
		return r.unreachable(refs, err)
	}
	if err != nil {
		return err
	}
	if r.flags.dryRun {
		for _, p := range plans {
			r.results = append(r.results, p.dryRun())
		}
		return r.report()
	}
	if len(plans) > 0 {
		if err := r.send(ctx, plans); err != nil {
			return err
		}
	}
	return r.report()
}

// send queues the planned edits in the outbox and sends them with the
// Sender, as the app does; what could not be sent is withdrawn unless
// --queue keeps it. An item that already has its new value is told so and
// queues nothing, so no edit of it reaches the outbox or `triage log`.
func (r *setRun) send(ctx context.Context, plans []setPlan) error {
	outbox, err := openOutbox(r.t.Setup.Paths)
	if err != nil {
		return err
	}
	defer outbox.Close()
	session := store.NewSessionID(time.Now())
	sender := store.NewSender(outbox, r.t.Client, store.SenderConfig{Service: r.t.Setup.Config.BaseURL, Session: session, Parallel: api.DefaultMaxInFlight})
	edits, queued := make([]store.Edit, 0, len(plans)), make([]int, 0, len(plans))
	done := make([]*Result, len(plans))
	for i, p := range plans {
		if p.alreadyDone() {
			unchanged := p.result(ResultUnchanged, itemref.Reason{})
			done[i] = &unchanged
			continue
		}
		e, err := sender.Add(p.edit(r.t.Setup.Config.BaseURL, session, r.user))
		if err != nil {
			return err
		}
		edits, queued = append(edits, e), append(queued, i)
	}
	if len(edits) > 0 {
		results, err := sender.SendAll(ctx, edits)
		if err != nil && len(results) == 0 {
			return err
		}
		for j, res := range results {
			out := plans[queued[j]].outcome(outbox, res, r.flags.queue)
			done[queued[j]] = &out
		}
	}
	for _, res := range done {
		if res != nil {
			r.results = append(r.results, *res)
		}
	}
	return nil
}

// openOutbox opens the outbox of a profile, shared with a board open on it
// (store/shared.go).
func openOutbox(paths store.Paths) (*store.Outbox, error) {
	return store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile))
}

// report prints the results, per item on stderr or as JSON, and gives the
// exit code: 0 all applied, 1 any refused or conflicted, 3 unreachable.
func (r *setRun) report() error {
	if r.flags.asJSON {
		if err := writeSetJSON(r.cli.Stdout, r.results); err != nil {
			return err
		}
	} else {
		out := r.cli.Stderr
		if r.flags.dryRun {
			out = r.cli.Stdout
		}
		for _, res := range r.results {
			fmt.Fprintln(out, res.line())
		}
	}
	worst := error(nil)
	for _, res := range r.results {
		switch res.Result {
		case ResultUnreachable, ResultQueued, ResultMaybeApplied:
			return wiring.ErrNotChecked
		case ResultConflict, ResultRefused, ResultNotFound:
			worst = wiring.ErrSilent
		}
	}
	return worst
}
