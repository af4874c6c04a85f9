package board

import "slices"

// An index is a slice of item positions kept in the order a comparison gives.
// Moving one card touches one entry of each index (a binary search and a
// memmove), never the whole board.

// lessFunc orders two items by their positions.
type lessFunc func(a, b int32) bool

// searchIndex returns the first position in s whose item does not come before x.
func searchIndex(s []int32, x int32, less lessFunc) int {
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

// insertIndex puts x into the sorted index s.
func insertIndex(s []int32, x int32, less lessFunc) []int32 {
	return slices.Insert(s, searchIndex(s, x, less), x)
}

// removeIndex takes x out of the sorted index s. The comparison must still
// place x where it was inserted; when it does not, x is searched linearly.
func removeIndex(s []int32, x int32, less lessFunc) []int32 {
	if p := searchIndex(s, x, less); p < len(s) && s[p] == x {
		return slices.Delete(s, p, p+1)
	}
	if p := slices.Index(s, x); p >= 0 {
		return slices.Delete(s, p, p+1)
	}
	return s
}

// positionOf returns where x sits in the sorted index s, or -1.
func positionOf(s []int32, x int32, less lessFunc) int {
	if p := searchIndex(s, x, less); p < len(s) && s[p] == x {
		return p
	}
	return slices.Index(s, x)
}

// mergeIndex merges the sorted batch into the sorted index s in place, from
// the back, so a page of 200 items costs one pass and no allocation beyond
// the growth of s.
func mergeIndex(s, batch []int32, less lessFunc) []int32 {
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
