package sandbox

import (
	"fmt"
	"net/http"
	"strings"

	"triage/api"
)

// The priority rollout, per workspace and kind:
//
//   - phase 1 (no custom priority for the kind): the legacy map of the api
//     package converts both ways. A legacy priority written or filtered on
//     becomes its label; a label written fills the legacy code. Items carry
//     both ("priority":"4","priority_label":"High").
//   - custom priorities configured for the kind: priority_label takes only the
//     configured values, priority returns the label, legacy codes are refused.
//   - legacy-only items (label empty, legacy code set) are returned as they
//     are; a write in phase 1 fills their label from the legacy map.

// phaseOneColors are the colours of the legacy labels in get_fields_info.
var phaseOneColors = map[string]string{
	"High": "#FF6770", "Middle": "#FFA940", "Low": "#73D13D", "Nice To Have": "#8C8C8C",
	"urgent": "#FF4D4F", "high": "#FF7A45", "medium": "#FFC53D", "low": "#52C41A", "insignificant": "#BFBFBF",
}

// priorityRule is how a workspace treats the priority of one kind.
type priorityRule struct {
	ws     *Workspace
	kind   api.Kind
	custom []PriorityValue // nil in phase 1
}

func ruleFor(ws *Workspace, k api.Kind) priorityRule {
	return priorityRule{ws: ws, kind: k, custom: ws.CustomPriorities[k.String()]}
}

// allowed lists the values priority_label takes, in the configured order.
func (r priorityRule) allowed() []string {
	if r.custom != nil {
		out := make([]string, len(r.custom))
		for i, p := range r.custom {
			out[i] = p.Value
		}
		return out
	}
	legacy := api.LegacyPriorities(r.kind)
	out := make([]string, len(legacy))
	for i, p := range legacy {
		out[i] = p.Label
	}
	return out
}

func (r priorityRule) isCustom(v string) bool {
	for _, p := range r.custom {
		if p.Value == v {
			return true
		}
	}
	return false
}

// effectivePriority is the priority an item has for filtering: its label, else its
// legacy code through the legacy map, else the legacy code as it is.
func effectivePriority(it *api.Item) string {
	return api.DisplayPriority(it.Kind, it.PriorityLabel, it.Priority)
}

// filterLabels turns the alternatives of a priority filter into the
// effective priorities they select. param is "priority" or "priority_label".
func (r priorityRule) filterLabels(param string, alts []string) []string {
	out := make([]string, 0, len(alts))
	for _, a := range alts {
		a = api.NormalizePriority(a)
		if param == "priority" && r.custom == nil {
			if l, ok := api.LegacyLabel(r.kind, a); ok {
				a = l
			}
		}
		out = append(out, a)
	}
	return out
}

// write applies the priority fields of a write to it. hasLabel and hasLegacy
// say whether the form sent priority_label and priority; the label wins when
// both are sent. An empty value clears the priority.
func (r priorityRule) write(it *api.Item, label string, hasLabel bool, legacy string, hasLegacy bool) *httpError {
	switch {
	case hasLabel:
		return r.writeLabel(it, api.NormalizePriority(label))
	case hasLegacy:
		return r.writeLegacy(it, api.NormalizePriority(legacy))
	}
	r.migrate(it)
	return nil
}

func (r priorityRule) writeLabel(it *api.Item, v string) *httpError {
	if v == "" {
		it.PriorityLabel, it.Priority = "", ""
		return nil
	}
	if r.custom != nil {
		if !r.isCustom(v) {
			return r.refuse("priority_label", v)
		}
		it.PriorityLabel, it.Priority = v, v
		return nil
	}
	code, ok := api.LegacyCode(r.kind, v)
	if !ok {
		return r.refuse("priority_label", v)
	}
	it.PriorityLabel, it.Priority = v, code
	return nil
}

func (r priorityRule) writeLegacy(it *api.Item, v string) *httpError {
	if v == "" {
		it.PriorityLabel, it.Priority = "", ""
		return nil
	}
	if r.custom != nil {
		if r.isCustom(v) {
			it.PriorityLabel, it.Priority = v, v
			return nil
		}
		if _, legacy := api.LegacyLabel(r.kind, v); legacy {
			return &httpError{Status: http.StatusUnprocessableEntity, Info: fmt.Sprintf(
				"priority %s is a legacy code, which workspace %d no longer takes for %s: send priority_label with one of: %s",
				quoteShort(v), r.ws.ID, r.kind.Path(), strings.Join(r.allowed(), ", "))}
		}
		return r.refuse("priority", v)
	}
	if label, ok := api.LegacyLabel(r.kind, v); ok {
		it.PriorityLabel, it.Priority = label, v
		return nil
	}
	if code, ok := api.LegacyCode(r.kind, v); ok {
		it.PriorityLabel, it.Priority = v, code
		return nil
	}
	return r.refuse("priority", v)
}

// migrate fills the label of a legacy-only item in phase 1, as the service's
// migration does for any item that is written.
func (r priorityRule) migrate(it *api.Item) {
	if r.custom != nil || it.PriorityLabel != "" || it.Priority == "" {
		return
	}
	if label, ok := api.LegacyLabel(r.kind, it.Priority); ok {
		it.PriorityLabel = label
	}
}

// refuse is the 422 for a value the kind does not take, naming the allowed ones.
func (r priorityRule) refuse(param, v string) *httpError {
	allowed := r.allowed()
	if r.custom == nil && param == "priority" {
		allowed = allowed[:0:0]
		for _, p := range api.LegacyPriorities(r.kind) {
			if p.Code == p.Label {
				allowed = append(allowed, p.Code)
			} else {
				allowed = append(allowed, p.Code+" ("+p.Label+")")
			}
		}
	}
	return &httpError{Status: http.StatusUnprocessableEntity, Info: fmt.Sprintf(
		"%s %s is not allowed for %s in workspace %d; allowed: %s",
		param, quoteShort(v), r.kind.Path(), r.ws.ID, strings.Join(allowed, ", "))}
}

// priorityOptions are the options of priority_label in a workspace, with
// their colours, or (legacy) those of the legacy priority: the legacy codes
// in phase 1, the configured labels once custom priorities are set.
func priorityOptions(ws *Workspace, k api.Kind, legacy bool) (api.Options, []api.ColorOption) {
	var pairs []api.Option
	var colors []api.ColorOption
	if custom := ruleFor(ws, k).custom; custom != nil {
		for _, p := range custom {
			pairs = append(pairs, api.Option{Value: p.Value, Label: p.Label})
			colors = append(colors, api.ColorOption{Value: p.Value, Label: p.Label, Color: p.Color})
		}
		return api.Options{Pairs: pairs}, colors
	}
	for _, p := range api.LegacyPriorities(k) {
		shown := p.Label
		if k == api.Bug {
			shown = api.BugDisplayName(p.Label)
		}
		value := p.Label
		if legacy {
			value = p.Code
		}
		pairs = append(pairs, api.Option{Value: value, Label: shown})
		colors = append(colors, api.ColorOption{Value: p.Label, Label: shown, Color: phaseOneColors[p.Label]})
	}
	return api.Options{Pairs: pairs}, colors
}

// quoteShort quotes a value for a message, cut to 40 runes.
func quoteShort(v string) string {
	r := []rune(v)
	if len(r) > 40 {
		v = string(r[:40]) + "…"
	}
	return fmt.Sprintf("%q", v)
}
