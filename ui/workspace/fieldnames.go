package workspace

import (
	"fmt"
	"strings"

	"triage/api"
	"triage/store"
)

// FieldLabel names a value of a field as the service's field information
// names it: a status code's name ("Developing"), an iteration's name, a
// severity's label; owners as "alice, bob"; "none" for no value.
func (g *Engine) FieldLabel(k api.Kind, f Field, v string) string {
	switch f {
	case Priority:
		return g.PriorityLabel(k, v)
	case Title:
		return v
	case Description:
		return fmt.Sprintf("%d characters", len([]rune(v)))
	case Owner:
		nicks := store.Owners(v)
		if len(nicks) == 0 {
			return NoneWord
		}
		return strings.Join(nicks, ", ")
	case Iteration:
		v = store.NoIteration(v)
	}
	if strings.TrimSpace(v) == "" {
		return NoneWord
	}
	label := g.fields[k].OptionLabel(string(f), v)
	if name := g.ref.names[k][v]; f == Status && label == v && name != "" {
		return name // a story type's own status, named by status_map
	}
	return label
}

// FieldOf is the field an edit writes; a comment or a create writes none
// (the priority is answered).
func FieldOf(e store.Edit) Field { return fieldOf(e.Op) }
