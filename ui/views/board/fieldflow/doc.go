// Package fieldflow is what the board offers when a field is changed over
// the picker: the choices of each field (priorities with their digits,
// statuses a transition reaches and what it asks for, owners to tick,
// iterations open then done, a bug's severities) and the flows that walk
// one choice step by step (a status, then each field its transition
// requires; owners until done). The board keeps which items a value goes
// to; the picker (ui/components/picker) is only the list.
package fieldflow
