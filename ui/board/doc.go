// Package board is the board view of triage: a tab per kind (Stories, Bugs,
// Tasks), a column per priority option of the workspace in the service's
// order, and a list mode, over as many items as the workspace holds.
//
// Columns, left to right: "No priority" (items without any priority), one
// per option from the field information (coloured from color_options, with
// its count), then one per value found on items but missing from the options,
// marked unknown ("? 非常高"). An item's column is its DisplayPriority: its
// priority_label, else its legacy priority through the kind's legacy map,
// else the raw legacy value; it is matched to an option by value, then label.
//
// Moving a card: `]` and `[` move it to the next and previous option in the
// service's order (right and left across the option columns); from "No
// priority" or an unknown value, `]` moves it to the first option and `[` to
// the last; at either end the card stays and the status line says so. `1`–`9`
// give it the nth option; `p` opens a picker. The board always writes
// priority_label (the option's value), never the legacy priority.
//
// Edits are optimistic: the card moves at once, marked pending, and the
// cursor follows it. Every edit (priority, title, create; single, bulk, undo,
// from the triage queue) is added to the outbox (common.Edits) before it is
// sent, and leaves it only once the service confirmed it. The service's
// answer replaces the card; a refusal puts the card back, marks it failed and
// says why, and `R` sends every failed edit again. When the service cannot be
// reached, answers 5xx or rate-limits, the edit stays queued: the status line
// counts it ("3 edits waiting") and the board flushes the outbox when the next
// edit is due (with backoff), and at start for the edits an earlier run left.
// Each write first reads the item (a bulk edit reads all its items in one
// request) and compares it with what the user saw: someone else's change
// since then is a conflict, nothing is written, and a prompt asks to keep
// mine or take theirs. When the credential expired the board asks the root to
// log in again (common.AuthExpiredMsg), whose Retry flushes the outbox.
//
// `u` undoes the last priority change of the session (a new edit; again and
// again walks back), `U` lists the session's changes, `space` and `V` mark
// cards for a bulk edit (a priority key then asks for a confirmation of the
// moves and applies them to all), `t` opens the triage queue of the items
// without a priority or with an unknown one.
//
// With a cache (common.Cache), a kind's board is drawn from it at once,
// marked stale with its age, and refreshed aside: the fresh board replaces
// it when complete, the items that changed meanwhile highlighted until the
// next key. A complete load and confirmed edits (debounced) are cached.
//
// Speed: the board keeps, per kind, the items in one slice and small indexes
// of positions: each column's items in service order, the filtered subset,
// and the list order. A key press touches the visible rows only; a priority
// move takes one entry out of an index and puts it into another; a filter
// keystroke scans lower-cased haystacks once; the list is sorted only when
// its order changes. Benchmarks, at 100,000 items:
//
//	go test ./ui/board -run '^$' -bench . -benchmem
//
// BenchmarkStart measures the first frame with the stories from a cache of
// 10,000 against loading them from the sandbox at 50 ms latency.
package board
