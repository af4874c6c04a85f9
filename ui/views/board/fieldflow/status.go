package fieldflow

import (
	"slices"

	"triage/api"
)

// StatusTargets are the statuses items may go to, in the workflow's order
// (order, the status codes), named by label: those a step of some item's
// workflow reaches (steps gives an item's next steps, and whether its
// workflow is known), each naming what its transition asks for and the
// items that cannot go there; every status but the items' own when no
// workflow is known (the service decides).
func StatusTargets(items []api.Item, order []string, label func(string) string, steps func(api.Item) ([]api.Transition, bool)) []StatusTarget {
	next := make([][]api.Transition, len(items))
	known := make([]bool, len(items))
	for k, it := range items {
		next[k], known[k] = steps(it)
	}
	var out []StatusTarget
	for _, code := range order {
		t := StatusTarget{Code: code, Label: label(code)}
		reach := 0
		for k, it := range items {
			at := slices.IndexFunc(next[k], func(tr api.Transition) bool { return tr.To == code })
			switch {
			case it.Status == code:
			case !known[k]:
				t.Free = true
				reach++
			case at >= 0:
				reach++
				for _, name := range next[k][at].Required() {
					if !slices.Contains(t.Asks, name) {
						t.Asks = append(t.Asks, name)
					}
				}
			default:
				t.Cannot = append(t.Cannot, "#"+it.ShortID())
			}
		}
		if reach > 0 {
			out = append(out, t)
		}
	}
	return out
}
