package store

import (
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"triage/api"
)

// KeyBinding is one entry of `keys:` in the config file: the keys of an
// action of a view, by the action's name as `?` help shows it
// (board: {next-priority: ["]", "L"]}). The file's shape is checked here;
// whether the view and the action exist is the app's to say, with Line.
type KeyBinding struct {
	View, Action string
	Keys         []string
	Line         int
}

// decodeKeys reads `keys:`: views, each a mapping of actions to a key or a
// list of keys. Its errors start with "line N:".
func decodeKeys(v *yaml.Node, list *[]KeyBinding) error {
	if v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		return api.Errorf("line %d: keys: want one `view:` per view (board, queue, editor, picker, ...), each with `action: [keys]`", v.Line)
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		view, actions := v.Content[i], v.Content[i+1]
		if actions.Kind != yaml.MappingNode {
			return api.Errorf("line %d: keys: %s: want `action: [keys]` lines", actions.Line, view.Value)
		}
		for j := 0; j+1 < len(actions.Content); j += 2 {
			action, keys := actions.Content[j], actions.Content[j+1]
			b := KeyBinding{View: view.Value, Action: action.Value, Line: action.Line}
			if slices.ContainsFunc(*list, func(o KeyBinding) bool { return o.View == b.View && o.Action == b.Action }) {
				return api.Errorf("line %d: keys: %s.%s is set twice", action.Line, b.View, b.Action)
			}
			switch keys.Kind {
			case yaml.ScalarNode:
				b.Keys = []string{keys.Value}
			case yaml.SequenceNode:
				for _, k := range keys.Content {
					if k.Kind != yaml.ScalarNode {
						return api.Errorf("line %d: keys: %s.%s: want keys such as \"]\" or \"ctrl+r\"", k.Line, b.View, b.Action)
					}
					b.Keys = append(b.Keys, k.Value)
				}
			default:
				return api.Errorf("line %d: keys: %s.%s: want a key or a list of keys", keys.Line, b.View, b.Action)
			}
			for _, k := range b.Keys {
				if strings.TrimSpace(k) == "" {
					return api.Errorf("line %d: keys: %s.%s: a key cannot be empty", keys.Line, b.View, b.Action)
				}
			}
			if len(b.Keys) == 0 {
				return api.Errorf("line %d: keys: %s.%s: give at least one key", keys.Line, b.View, b.Action)
			}
			*list = append(*list, b)
		}
	}
	return nil
}
