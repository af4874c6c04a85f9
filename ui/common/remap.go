package common

import (
	"reflect"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
)

// KeyOverrides are the user's keys (the config's keys:): view → action →
// keys. An action is named by its help text as `?` shows it, its words
// joined by "-": "next priority" is next-priority.
type KeyOverrides map[string]map[string][]string

// ActionName is the name of a binding's action: the words of its help text
// before any "(" or ",", lower-cased, letters and digits only, joined by "-".
func ActionName(b *key.Binding) string {
	desc := b.Help().Desc
	if i := strings.IndexAny(desc, "(,"); i >= 0 {
		desc = desc[:i]
	}
	var words []string
	for _, w := range strings.Fields(strings.ToLower(desc)) {
		w = strings.Map(func(r rune) rune {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				return r
			}
			return -1
		}, w)
		if w != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, "-")
}

// Bindings lists the bindings of a key map, a pointer to a struct of
// key.Binding fields, in the order of its fields; an embedded struct (the
// NavKeys a view embeds) lists its own in its place.
func Bindings(keyMap any) []*key.Binding {
	v := reflect.ValueOf(keyMap)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil
	}
	v = v.Elem()
	var out []*key.Binding
	for i := range v.NumField() {
		f := v.Field(i)
		if b, ok := f.Addr().Interface().(*key.Binding); ok {
			out = append(out, b)
			continue
		}
		if v.Type().Field(i).Anonymous && f.Kind() == reflect.Struct {
			out = append(out, Bindings(f.Addr().Interface())...)
		}
	}
	return out
}

// Remap gives the actions of a view's key map (a pointer) the user's keys;
// their help shows them. Views call it once, on their key map as made.
func (o KeyOverrides) Remap(view string, keyMap any) {
	actions := o[view]
	if len(actions) == 0 {
		return
	}
	for _, b := range Bindings(keyMap) {
		if keys, ok := actions[ActionName(b)]; ok {
			b.SetKeys(keys...)
			b.SetHelp(strings.Join(keys, "/"), b.Help().Desc)
		}
	}
}
