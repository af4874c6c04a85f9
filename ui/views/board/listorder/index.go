// Package listorder keeps item positions (int32 indexes into a list of items)
// in sorted orders: one index kept in order under changes, and every item
// sorted by each of a list's keys, sorted once and then kept (Kept).
package listorder

import "slices"

// An index is a slice of item positions kept in the order a comparison gives.
// Moving one card touches one entry of each index (a binary search and a
// memmove), never the whole board.

// Less orders two items by their positions.
type Less func(a, b int32) bool

// Search returns the first position in s whose item does not come before x.
func Search(s []int32, x int32, less Less) int {
	lo, hi := 0, len(s)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if less(s[mid], x) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// Insert puts x into the sorted index s.
func Insert(s []int32, x int32, less Less) []int32 {
	return slices.Insert(s, Search(s, x, less), x)
}

// Remove takes x out of the sorted index s. The comparison must still
// place x where it was inserted; when it does not, x is searched linearly.
func Remove(s []int32, x int32, less Less) []int32 {
	if p := Search(s, x, less); p < len(s) && s[p] == x {
		return slices.Delete(s, p, p+1)
	}
	if p := slices.Index(s, x); p >= 0 {
		return slices.Delete(s, p, p+1)
	}
	return s
}

// Position returns where x sits in the sorted index s, or -1.
func Position(s []int32, x int32, less Less) int {
	if p := Search(s, x, less); p < len(s) && s[p] == x {
		return p
	}
	return slices.Index(s, x)
}

// Merge merges the sorted batch into the sorted index s in place, from
// the back, so a page of 200 items costs one pass and no allocation beyond
// the growth of s.
func Merge(s, batch []int32, less Less) []int32 {
	if len(batch) == 0 {
		return s
	}
	n := len(s)
	s = slices.Grow(s, len(batch))[:n+len(batch)]
	i, j, k := n-1, len(batch)-1, len(s)-1
	for j >= 0 {
		if i >= 0 && less(batch[j], s[i]) {
			s[k] = s[i]
			i--
		} else {
			s[k] = batch[j]
			j--
		}
		k--
	}
	return s
}
