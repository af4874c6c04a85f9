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
// Edits are the engine's (ui/engine): a key becomes an intent to it
// (Apply, ApplyBulk, Undo, Redo, Retry, Resolve); the card moves at once,
// marked pending, and the cursor follows it; what became of the edit comes
// back as workspace.ChangedMsg, in the same Update, which the board draws
// (it watches the engine): the service's item,
// a refused change put back and marked failed, a conflict asked about
// (keep mine / take theirs). `R` sends every failed edit again.
//
// `u` undoes the last step of the session (a key, a confirmed bulk edit, an
// editor save, a queue answer; again and again walks back), `ctrl+r` redoes
// it, `U` lists the session's changes, `space` and `V` mark cards for a bulk
// edit (a priority key then asks for a confirmation of the moves and
// applies them to all, as one step), `t` opens the triage queue of the
// items without a priority or with an unknown one.
//
// The items are the engine's, which loads, refreshes and caches them: with
// a cache, a kind's board is drawn from it at once, marked stale with its
// age, and refreshed; the items that changed meanwhile are highlighted until
// the next key (workspace.Loaded).
//
// Speed: the engine keeps, per kind, the items in one slice; the board keeps
// small indexes of positions over them (dataset.go, a workspace.Index): each column's items in service order, the filtered subset,
// and the orders of the list. A key press touches the visible rows only,
// whose texts were measured and cut once for their width (view_cards.go,
// view_rows.go), and the lines drawn with lipgloss are kept until what they
// show changes (view_memo.go); a priority move takes one entry out of an
// index and puts it into another; a filter keystroke narrows the cards shown
// or goes back to a filter typed before (filter.go); each order of the list
// is sorted once, away from the keys, and then kept (orders.go). A cached
// board takes the cache's items without a copy. Benchmarks, at 100,000 items:
//
//	go test ./ui/views/board -run '^$' -bench . -benchmem
//
// BenchmarkStart measures the first frame with 100,000 stories from a cache
// and with 10,000 from the sandbox at 50 ms latency.
package board
