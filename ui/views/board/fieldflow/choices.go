package fieldflow

import (
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/ui/components/picker"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// The choices of the board's field pickers, built from what the engine
// read: the board keeps which items they act on and what a choice does.

// NoneTitle is the choice of no value: no priority, no iteration.
const NoneTitle = "none"

// DoneValue is the owner picker's choice that sets the owners chosen.
const DoneValue = "\x00done"

// PriorityChoices are a kind's priority options, each with its digit key,
// then none: the service clears the priority where it allows an empty one.
func PriorityChoices(opts []api.PriorityOption) []picker.Item {
	items := make([]picker.Item, len(opts), len(opts)+1)
	for k, o := range opts {
		items[k] = picker.Item{Title: o.Label, Detail: DigitKey(k), Value: o.Value, Color: o.Color, Key: DigitKey(k)}
	}
	return append(items, picker.Item{Title: i18n.T(NoneTitle), Detail: i18n.T("clear the priority"), Value: ""})
}

// DigitKey is the digit key that sets the kth option, or "" past 9.
func DigitKey(k int) string {
	if k >= 9 {
		return ""
	}
	return string(rune('1' + k))
}

// StatusTarget is a status the item (or the marked items) may go to.
type StatusTarget struct {
	Code, Label string
	Asks        []string // the fields its transition requires
	Cannot      []string // marked items whose workflow has no step there ("#12")
	Free        bool     // the workflow is not known: the service decides
}

// StatusChoices offer the statuses targets name, saying what each asks for,
// which marked items cannot go there, or that the service decides.
func StatusChoices(targets []StatusTarget) []picker.Item {
	items := make([]picker.Item, 0, len(targets))
	for _, t := range targets {
		var detail string
		switch {
		case len(t.Cannot) > 0:
			detail = i18n.Tf("%s cannot go here", strings.Join(t.Cannot, ", "))
		case t.Free:
			detail = i18n.T("the service decides")
		case len(t.Asks) > 0:
			detail = i18n.Tf("asks for %s", strings.Join(t.Asks, ", "))
		}
		items = append(items, picker.Item{Title: t.Label, Detail: detail, Value: t.Code})
	}
	return items
}

// RequiredChoices are the values offered for a field a transition requires:
// its options in the field information, else TAPD's defaults.
func RequiredChoices(pairs []api.Option, name string) []picker.Item {
	return OptionChoices(engine.RequiredValues(pairs, name))
}

// OwnerChoices are "done" (set the owners chosen), then the workspace's
// members, the chosen ones ticked, then chosen owners who are not members.
func OwnerChoices(members []api.Member, chosen []string) []picker.Item {
	items := []picker.Item{{Title: i18n.T("done"), Detail: i18n.Tf("set %s", OwnersText(chosen)), Value: DoneValue}}
	listed := map[string]bool{}
	for _, mb := range members {
		items = append(items, ownerItem(mb.Nick, mb.Name, slices.Contains(chosen, mb.Nick)))
		listed[mb.Nick] = true
	}
	for _, nick := range chosen {
		if !listed[nick] {
			items = append(items, ownerItem(nick, i18n.T("not a member"), true))
		}
	}
	return items
}

func ownerItem(nick, name string, chosen bool) picker.Item {
	mark := "  "
	if chosen {
		mark = "✓ "
	}
	return picker.Item{Title: mark + nick, Detail: name, Value: nick}
}

// OwnersText names owners: "alice, bob", or "no owner".
func OwnersText(nicks []string) string {
	if len(nicks) == 0 {
		return i18n.T("no owner")
	}
	return strings.Join(nicks, ", ")
}

// Toggle adds v to chosen, or takes it out.
func Toggle(chosen []string, v string) []string {
	if at := slices.Index(chosen, v); at >= 0 {
		return slices.Delete(chosen, at, at+1)
	}
	return append(chosen, v)
}

// IterationChoices are none (unplan), then the open iterations, the current
// one (holding today, YYYY-MM-DD) marked, then the done ones; planned is
// the iteration the item is in ("" none, or several items).
func IterationChoices(its []api.Iteration, today, planned string) []picker.Item {
	items := []picker.Item{{Title: i18n.T(NoneTitle), Detail: i18n.T("unplan"), Value: ""}}
	for _, open := range []bool{true, false} {
		for _, x := range IterationsByStart(its) {
			if (x.Status != "done") != open {
				continue
			}
			detail := x.StartDate + " – " + x.EndDate
			switch {
			case x.Status == "done":
				detail += i18n.T(" · done")
			case x.StartDate <= today && today <= x.EndDate:
				detail += i18n.T(" · current iteration")
			}
			if planned != "" && x.ID == planned {
				detail += i18n.T(" · planned here")
			}
			items = append(items, picker.Item{Title: x.Name, Detail: detail, Value: x.ID})
		}
	}
	return items
}

// Today is the day of now in the service's zone, as iterations write it.
func Today(now time.Time) string { return now.In(api.ServiceZone).Format(time.DateOnly) }

// IterationsByStart sorts iterations by start date, oldest first.
func IterationsByStart(its []api.Iteration) []api.Iteration {
	out := slices.Clone(its)
	slices.SortStableFunc(out, func(a, b api.Iteration) int { return strings.Compare(a.StartDate, b.StartDate) })
	return out
}

// OptionChoices are a field's options (a bug's severities).
func OptionChoices(pairs []api.Option) []picker.Item {
	items := make([]picker.Item, 0, len(pairs))
	for _, o := range pairs {
		items = append(items, picker.Item{Title: o.Label, Value: o.Value})
	}
	return items
}
