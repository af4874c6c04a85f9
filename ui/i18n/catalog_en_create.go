package i18n

// englishCreate lists the messages of a new item's card on the board, from
// the moment its create is queued until the service made it.
var englishCreate = []string{
	"not created yet",
	"%q is not created yet: change it once the service has it (its card shows its id then)",
	"%q is not created yet: it has an address once the service has it",
	"%q was refused and taken off the board; nothing was created",
	"a new item is not undone: %q stays, and nothing is deleted on the service; close it once created (press u again to undo the change before it)",
}
