package engine

import (
	"triage/store"
	"triage/ui/i18n"
)

// FieldWords names a field the user edits, by its name in store.Fields
// ("priority"), in the language in use: one of its values and its values
// together ("priority", "priorities"; 优先级). known is false for any other
// name (the description, a custom field), which it gives back as it is:
// `triage set` and the board's bulk moves name fields by it.
func FieldWords(name string) (one, many string, known bool) {
	switch store.EditOp(name) {
	case store.OpPriority:
		return i18n.T("priority"), i18n.T("priorities"), true
	case store.OpTitle:
		return i18n.T("title"), i18n.T("title"), true
	case store.OpStatus:
		return i18n.T("status"), i18n.T("statuses"), true
	case store.OpOwner:
		return i18n.T("owner"), i18n.T("owners"), true
	case store.OpIteration:
		return i18n.T("iteration"), i18n.T("iterations"), true
	case store.OpSeverity:
		return i18n.T("severity"), i18n.T("severity"), true
	}
	return name, name, false
}
