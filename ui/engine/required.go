package engine

import "triage/api"

// RequiredValues are the values offered for a field a status's transition
// requires (TAPD's Appendfield): its options in the field information, else
// TAPD's defaults. The board's status flow and `triage set` offer the same.
func RequiredValues(opts []api.Option, name string) []api.Option {
	if len(opts) > 0 {
		return opts
	}
	var out []api.Option
	for _, v := range defaultsOf(name) {
		out = append(out, api.Option{Value: v, Label: v})
	}
	return out
}

// defaultsOf are TAPD's default values of a field a transition may
// require, for a service whose field information lists none.
func defaultsOf(name string) []string {
	if name == "resolution" {
		return []string{"fixed", "postponed", "by design", "duplicated", "not reproducible", "won't fix"}
	}
	return []string{"-"}
}
