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
// cursor follows it. The service's answer replaces it; a refusal puts the
// card back, marks it failed and says why, and `R` sends every failed edit
// again. When the credential expired the edit stays pending and the board asks
// the root to log in again (common.AuthExpiredMsg), whose Retry resends it.
//
// Speed: the board keeps, per kind, the items in one slice and small indexes
// of positions: each column's items in service order, the filtered subset,
// and the list order. A key press touches the visible rows only; a priority
// move takes one entry out of an index and puts it into another; a filter
// keystroke scans lower-cased haystacks once; the list is sorted only when
// its order changes. Benchmarks, at 100,000 items:
//
//	go test ./ui/board -run '^$' -bench . -benchmem
package board
