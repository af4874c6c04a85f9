package filter

import (
	"strings"
	"time"

	"triage/api"
	"triage/ui/i18n"
)

// The fields a workspace defines are filtered by their names, as the
// service gives them: `来源渠道:客户反馈`, `"product owner":alice`, or
// `cf:NAME:value` when a name is also one of the language's fields. A
// select matches by its option's label or value, a member field by nick, a
// multi-select by any of its options, text by its start; "none" matches an
// empty value.

// CustomTerm is the Field of a term naming a custom field (Term.Custom).
const CustomTerm = "custom"

// customKey is the key of a term that names a custom field by name.
const customKey = "cf"

// ParseWith reads a filter at now whose terms may also name the custom
// fields of the kind filtered (custom: api.CustomFields, enabled ones).
func ParseWith(q, me string, now time.Time, custom []api.CustomField) Query {
	return parse(q, me, now, custom)
}

// CompileWith is CompileAt with the kind's custom fields (ParseWith).
func CompileWith(q, me string, now time.Time, custom []api.CustomField) Compiled {
	c := Compiled{Query: parse(q, me, now, custom)}
	c.answers = make([]map[string]bool, len(c.Terms))
	return c
}

// customTerm reads a term key:value that names a custom field (or
// cf:NAME:value), and reports whether it did; a key that names none is
// left to the caller, except after cf:, which says what it may name.
func (tq *Query) customTerm(key, value string, neg bool, custom []api.CustomField) bool {
	name, typed := key, key
	if key == customKey {
		n, v, ok := strings.Cut(value, ":")
		if !ok || strings.TrimSpace(n) == "" {
			tq.Problems = append(tq.Problems, i18n.Tf("cf: takes a custom field's name and a value, e.g. %s", customExample(custom)))
			return true
		}
		name, value, typed = strings.TrimSpace(n), v, customKey+":"+n
	}
	f, ok := api.CustomFieldNamed(custom, name)
	if !ok {
		if key != customKey {
			return false
		}
		tq.Problems = append(tq.Problems, i18n.Tf("%s: no custom field is named %s (%s)", typed, QuoteValue(name), customNames(custom)))
		return true
	}
	t := Term{Field: CustomTerm, Custom: &f, Neg: neg}
	for _, a := range strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' }) {
		if a = strings.TrimSpace(a); a != "" {
			t.Alts = append(t.Alts, Alt{Text: a})
		}
	}
	if len(t.Alts) == 0 {
		tq.Problems = append(tq.Problems, needsValue(typed, customExample([]api.CustomField{f})))
		return true
	}
	tq.Terms = append(tq.Terms, t)
	return true
}

// customExample is a term of the first custom field, with a value it offers.
func customExample(custom []api.CustomField) string {
	if len(custom) == 0 {
		return "cf:NAME:VALUE"
	}
	f, value := custom[0], "VALUE"
	if len(f.Options) > 0 {
		value = f.Options[0].Label
	}
	return QuoteValue(strings.ToLower(f.Name)) + ":" + QuoteValue(strings.ToLower(value))
}

// customNames lists the custom fields a term may name.
func customNames(custom []api.CustomField) string {
	if len(custom) == 0 {
		return i18n.T("the workspace defines none here")
	}
	names := make([]string, len(custom))
	for i, f := range custom {
		names[i] = f.Name
	}
	return i18n.Tf("its custom fields: %s", ListSome(names, 8))
}

// CustomPasses reports whether a custom field's value (as the service
// holds it) matches one of alts: by an option's label or value, a nick, the
// start of text; "none" when it is empty.
func CustomPasses(alts []Alt, f api.CustomField, value string) bool {
	value = strings.TrimSpace(value)
	if value == "" {
		return AnyPrefix(alts, "none")
	}
	parts := []string{value}
	switch f.Holds() {
	case api.CustomMember:
		parts = strings.FieldsFunc(value, func(r rune) bool { return r == ';' || r == ',' })
	case api.CustomMulti:
		parts = strings.Split(value, "|")
	}
	for _, p := range parts {
		if AnyPrefix(alts, strings.ToLower(p), strings.ToLower(f.Shown(p))) {
			return true
		}
	}
	return false
}

// unmatchedCustom says which values of a term naming a select match none
// of its options.
func unmatchedCustom(t Term) []string {
	f := t.Custom
	if f == nil || len(f.Options) == 0 {
		return nil
	}
	labels := make([]string, len(f.Options))
	for i, o := range f.Options {
		labels[i] = o.Label
	}
	var out []string
	for _, a := range t.Alts {
		found := a.Text == "none"
		for _, o := range f.Options {
			found = found || strings.HasPrefix(strings.ToLower(o.Label), a.Text) || strings.HasPrefix(strings.ToLower(o.Value), a.Text)
		}
		if !found {
			out = append(out, i18n.Tf("%s:%s matches no option of %s (%s)", QuoteValue(strings.ToLower(f.Name)), QuoteValue(a.Text), f.Name, ListSome(labels, 6)))
		}
	}
	return out
}

// MayNameCustom reports whether a filter has a term whose key is not one of
// the language's fields (cf: among them): only a custom field could be it.
func MayNameCustom(q string) bool {
	toks, _ := splitTerms(strings.ToLower(q))
	for _, tok := range toks {
		tok = strings.TrimPrefix(tok, "-")
		if key, _, ok := strings.Cut(tok, ":"); ok && key != "" && FieldOf(key) == "" {
			return true
		}
	}
	return false
}

// customNamesFrom are the terms naming the custom fields whose names start
// with typed, as tab completes them: `客户:`, `"product owner":`.
func (o *Options) customNamesFrom(typed string) []string {
	var out []string
	for _, f := range o.Custom {
		if strings.HasPrefix(strings.ToLower(f.Name), strings.ToLower(strings.TrimPrefix(typed, `"`))) {
			out = append(out, QuoteValue(f.Name)+":")
		}
	}
	return out
}

// customValues are the values tab offers for the custom field a term's key
// names: a select's options by label, the owners for a member field, none
// for text and dates (empty, not nil); nil when it names none.
func (o *Options) customValues(key string) []string {
	f, ok := api.CustomFieldNamed(o.Custom, strings.Trim(key, `"`))
	if !ok {
		return nil
	}
	out := []string{}
	switch f.Holds() {
	case api.CustomSelect, api.CustomMulti:
		for _, opt := range f.Options {
			out = append(out, opt.Label)
		}
	case api.CustomMember:
		out = append(out, o.Owners...)
	}
	return out
}
