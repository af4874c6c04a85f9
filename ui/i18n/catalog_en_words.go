package i18n

// englishWords are the words several parts of the app draw (field names,
// "none"): each message lives in one part, so they live here.
var englishWords = []string{
	"comment %q",
	"severity",
	"iteration",
	"priority",
	"status",
	"owner",
	"Iteration",
	"none",
	"new description",
	"title",
	"failed: %s",
}
