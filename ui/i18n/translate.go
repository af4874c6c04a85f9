package i18n

import "fmt"

// T is msg in the language in use: msg itself in English, or when the
// Chinese catalogue lacks it.
func T(msg string) string {
	if Current() == Chinese {
		if zh, ok := chinese()[msg]; ok {
			return zh
		}
	}
	return msg
}

// Tf formats args by the format in the language in use (see T).
func Tf(format string, args ...any) string { return fmt.Sprintf(T(format), args...) }

// Missing lists the catalogues that lack msg: for the tests of the tables
// a view translates where it draws them (key help, column titles).
func Missing(msg string) []Lang {
	var missing []Lang
	if !englishSet()[msg] {
		missing = append(missing, English)
	}
	if _, ok := chinese()[msg]; !ok {
		missing = append(missing, Chinese)
	}
	return missing
}
