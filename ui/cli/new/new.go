package new

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// `triage new --kind KIND --title TEXT [--priority LABEL] [--field
// NAME=VALUE]...` makes an item as the board's n does: the fields the
// workspace's creation step requires must be given (the owner defaults to
// who creates it), the item goes through the outbox (made once, however
// often it is sent), and the new item's id and address are printed, or the
// item as JSON. Exit 0: made; 1: refused (a required field missing, a value
// the workspace does not have, the service's refusal); 2: usage; 3: the
// service could not be reached (nothing kept).

// Flags are the flags of `triage new`.
type Flags struct {
	kindName, title, priority string
	fields                    fieldValues
	asJSON                    bool
}

// fieldValues are the --field NAME=VALUE flags, in the order given.
type fieldValues struct {
	names  []string
	values map[string]string
}

func (v *fieldValues) String() string { return strings.Join(v.names, ",") }

// Set takes one NAME=VALUE; a name given again takes the last value.
func (v *fieldValues) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || value == "" {
		return api.Errorf("want NAME=VALUE, as severity=serious, not %q", s)
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

func (f *Flags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.kindName, "kind", "", "`KIND` of the new item: story, bug or task")
	fs.StringVar(&f.title, "title", "", "the new item's title `TEXT`")
	fs.StringVar(&f.priority, "priority", "", "its priority: a `LABEL` or value of the workspace's options (default: none)")
	fs.Var(&f.fields, "field", "a field of the new item as `NAME=VALUE` (severity=serious, owner=alice, a custom field by name or label); repeat it for more")
	fs.BoolVar(&f.asJSON, "json", false, "print the new item as JSON on stdout")
}

// Options are what `triage new` runs with.
type Options struct {
	IO     *wiring.Factory
	Global wiring.GlobalFlags
	Flags  Flags
	Kind   api.Kind
}

// NewCmd is `triage new`: it reads the flags into Options, refusing what
// cannot be meant, and calls runF with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("new", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		o.Global.Register(fs)
		o.Flags.register(fs)
		return o
	}, func(o *Options, args []string) error {
		switch {
		case len(args) > 0:
			return api.Errorf("%w: new takes no arguments (got %q): give the title as --title TEXT", wiring.ErrUsage, args[0])
		case o.Flags.kindName == "":
			return api.Errorf("%w: new needs --kind story, bug or task", wiring.ErrUsage)
		case strings.TrimSpace(o.Flags.title) == "":
			return api.Errorf("%w: new needs a title: --title TEXT", wiring.ErrUsage)
		}
		k, err := api.ParseKind(o.Flags.kindName)
		if err != nil {
			return api.Errorf("%w: --kind: %w", wiring.ErrUsage, err)
		}
		o.Kind = k
		return nil
	}, runF)
}

// Run makes the item: it reads the kind's fields and what its creation
// step requires, checks the values given, and sends the create through the
// outbox.
func Run(ctx context.Context, o *Options) error {
	t, err := o.IO.OpenScript(ctx, &o.Global)
	if err != nil {
		return err
	}
	defer t.Close()
	ws, err := t.Workspace()
	if err != nil {
		return err
	}
	names, err := itemref.ReadNames(ctx, t, ws, o.Kind)
	if err != nil {
		return o.IO.Unreachable(err)
	}
	create, err := t.Client.CreateFields(ctx, ws, o.Kind)
	if err != nil {
		return o.IO.Unreachable(err)
	}
	user, err := creator(ctx, t)
	if err != nil {
		return o.IO.Unreachable(err)
	}
	n := api.NewItem{Kind: o.Kind, WorkspaceID: ws, Title: strings.TrimSpace(o.Flags.title), Creator: user}
	if n.PriorityLabel, err = priorityOf(names.Priorities, o.Flags.priority); err != nil {
		return err
	}
	if n.Fields, err = fieldsOf(o.Kind, names.Fields, o.Flags.fields, readOnce(ctx, t, ws, o.Kind)); err != nil {
		return err
	}
	if missing, ok := firstMissing(o.Kind, create, n.Fields, user); !ok {
		return refuseMissing(ctx, t, ws, o.Kind, names.Fields, missing)
	} else if missing != "" {
		n.Fields = withField(n.Fields, missing, store.JoinOwners([]string{user}))
	}
	it, err := send(ctx, o.IO, t, n)
	if err != nil {
		return err
	}
	if o.Flags.asJSON {
		b, _ := it.MarshalJSON()
		_, err := fmt.Fprintf(o.IO.Stdout, "%s\n", b)
		return err
	}
	_, err = fmt.Fprintf(o.IO.Stdout, "%s\n%s\n", i18n.Tf("created %s #%s %s: %s", i18n.T(o.Kind.String()), it.ShortID(), it.ID, itemref.Printable(it.Title)), it.WebURL(t.Setup.Config.WebURL))
	return err
}

// creator is who the item is made by, as the app names them: the nick, or
// the API account, which has none.
func creator(ctx context.Context, t *wiring.Target) (string, error) {
	if t.Session.APIUser != "" && t.Session.Nick == "" {
		return t.Session.APIUser, nil
	}
	return t.Me(ctx)
}

// send queues the create in the outbox and sends it, as the app does; one
// the service could not be reached for is withdrawn.
func send(ctx context.Context, c *wiring.Factory, t *wiring.Target, n api.NewItem) (api.Item, error) {
	outbox, err := store.OpenOutbox(filepath.Join(t.Setup.Paths.StateDir, store.OutboxFile))
	if errors.Is(err, store.ErrOutboxLocked) {
		return api.Item{}, api.Errorf("another triage is running for this profile and holds its outbox, which every edit goes through: make the item there (n), or close it and run this again")
	}
	if err != nil {
		return api.Item{}, err
	}
	defer outbox.Close()
	session := store.NewSessionID(time.Now())
	sender := store.NewSender(outbox, t.Client, store.SenderConfig{Service: t.Setup.Config.BaseURL, Session: session, Parallel: 1})
	e, err := sender.Add(store.Edit{Session: session, Service: t.Setup.Config.BaseURL, User: n.Creator, WorkspaceID: n.WorkspaceID,
		Kind: n.Kind, Op: store.OpCreate, Title: n.Title, To: n.PriorityLabel, Fields: n.Fields})
	if err != nil {
		return api.Item{}, err
	}
	results, err := sender.SendAll(ctx, []store.Edit{e})
	if len(results) == 0 {
		return api.Item{}, c.Unreachable(err)
	}
	res := results[0]
	switch res.Outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		return res.Item, nil
	case store.OutcomeFailed:
		return api.Item{}, api.Errorf("the service refused the new %s: %s", n.Kind, res.Edit.LastError)
	}
	reason := "no answer"
	if res.Err != nil {
		reason = res.Err.Error()
	}
	if _, err := outbox.Withdraw(res.Edit.Seq, "not sent: "+reason); errors.Is(err, store.ErrEditState) {
		fmt.Fprintln(c.Stderr, i18n.Tf("triage: the create may have reached the service; it is kept in the outbox and looked for before it is sent again: %s", reason))
		return api.Item{}, wiring.ErrNotChecked
	}
	fmt.Fprintln(c.Stderr, i18n.Tf("triage: the %s was not made, and nothing is kept: %s", i18n.T(n.Kind.String()), reason))
	return api.Item{}, wiring.ErrNotChecked
}

// readOnce reads the kind's enabled custom fields and the workspace's
// members from the service at most once each.
func readOnce(ctx context.Context, t *wiring.Target, ws int64, k api.Kind) customReader {
	return customReader{
		fields: sync.OnceValues(func() ([]api.CustomField, error) {
			all, err := t.Client.CustomFields(ctx, ws, k)
			return api.EnabledCustomFields(all), err
		}),
		members: sync.OnceValues(func() ([]api.Member, error) { return t.Client.Members(ctx, ws) }),
	}
}
