package filter

import "strings"

// MineTerm is the term that keeps the items of the user logged in.
const MineTerm = "owner:@me"

// Item is what a filter looks at in an item, with the names its workspace
// gives: the lower-cased haystack of title and owners, the ids, the status
// by code and name, the priority by value ("" for none) and label, and
// the owners as the service sends them (nicks joined by ";"), a bug's
// severity by code and name, who made it (a bug's reporter) and its times
// as the service writes them.
type Item struct {
	Hay, ID, ShortID           string
	Status, StatusName         string
	PriorityKey, PriorityLabel string
	Owner                      string
	IterationID, IterationName string // "" and "" when unplanned
	Severity, SeverityName     string
	Creator                    string
	Created, Modified          string
	// Marked says someone else changed the item since the user last
	// looked, CreatedSince that they created it since (new:, changed:).
	Marked, CreatedSince bool
	// Get is the value of a field by its wire name (a custom field's), for
	// a term naming one; nil: none has a value.
	Get func(field string) string
}

// Match reports whether an item passes every term of the query.
func (q *Query) Match(it Item) bool {
	if !q.WordsPass(it.Hay, it.ID) {
		return false
	}
	if len(q.IDs) > 0 && !HasShortID(it.ShortID, q.IDs) {
		return false
	}
	for _, t := range q.Terms {
		var pass bool
		switch t.Field {
		case "status":
			pass = AnyPrefix(t.Alts, strings.ToLower(it.Status), strings.ToLower(it.StatusName))
		case "prio":
			pass = PriorityPasses(t.Alts, it.PriorityKey, it.PriorityLabel)
		case "iter":
			pass = IterationPasses(t.Alts, it.IterationID, it.IterationName, q.IterAlias)
		case "severity":
			pass = AnyPrefix(t.Alts, strings.ToLower(it.Severity), strings.ToLower(it.SeverityName))
		case "creator", "reporter":
			pass = OwnedByAny(it.Creator, t.Alts)
		case "created":
			pass = SpansHold(t.Spans, it.Created)
		case "modified":
			pass = SpansHold(t.Spans, it.Modified)
		case SeenNew, SeenChanged:
			pass = SeenPasses(&t, it.Marked, it.CreatedSince)
		case OpenField:
			pass = OpenPasses(q.Finals, it.Status)
		case CustomTerm:
			pass = CustomPasses(t.Alts, *t.Custom, it.value(t.Custom.Field))
		default:
			pass = OwnedByAny(it.Owner, t.Alts)
		}
		if pass == t.Neg {
			return false
		}
	}
	return true
}

// WordsPass reports whether every word is in hay (or, for digits, in the
// id), and no negated one is.
func (q *Query) WordsPass(hay, id string) bool {
	for _, w := range q.Words {
		has := strings.Contains(hay, w.Text) || (IsDigits(w.Text) && strings.Contains(id, w.Text))
		if has == w.Neg {
			return false
		}
	}
	return true
}

// HasShortID reports whether a short id is one of ids.
func HasShortID(short string, ids []string) bool {
	for _, id := range ids {
		if short == strings.TrimLeft(id, "0") || short == id {
			return true
		}
	}
	return false
}

// PriorityPasses reports whether a priority, by its value (key, "" for
// none, which is "none") or label, matches one of alts.
func PriorityPasses(alts []Alt, key, label string) bool {
	if key == "" {
		return AnyPrefix(alts, "none")
	}
	return AnyPrefix(alts, strings.ToLower(label), strings.ToLower(key))
}

// OwnedByAny reports whether one of the owners (nicks joined by ";")
// matches one of alts.
func OwnedByAny(owner string, alts []Alt) bool {
	for _, o := range strings.Split(owner, ";") {
		if o = strings.ToLower(strings.TrimSpace(o)); o != "" && AnyPrefix(alts, o) {
			return true
		}
	}
	return false
}

// AnyPrefix reports whether one of alts matches one of values: starts it,
// or equals it for an exact alternative.
func AnyPrefix(alts []Alt, values ...string) bool {
	for _, a := range alts {
		for _, v := range values {
			if a.Exact && v == a.Text || !a.Exact && strings.HasPrefix(v, a.Text) {
				return true
			}
		}
	}
	return false
}

// IsDigits reports a non-empty string of ASCII digits.
func IsDigits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// IterationPasses reports whether an iteration, by id or name ("" for
// unplanned), is one of the alternatives, or "none" for unplanned; alias
// names the iterations @current and @next stand for (IterAliases).
func IterationPasses(alts []Alt, id, name string, alias map[string]string) bool {
	name = strings.ToLower(name)
	for _, a := range alts {
		text := a.Text
		if to, ok := alias[text]; ok {
			text = to
		}
		switch {
		case text == "none" && id == "":
			return true
		case id != "" && (text == id || text == name):
			return true
		}
	}
	return false
}

// value is the item's value of a field by its wire name; "" without Get.
func (it Item) value(field string) string {
	if it.Get == nil {
		return ""
	}
	return it.Get(field)
}
