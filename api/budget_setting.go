package api

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// DefaultRate is the rate setting of TAPD's default limit.
const DefaultRate = "60/min"

// rateUnits are the windows a rate setting may name.
var rateUnits = map[string]time.Duration{
	"s": time.Second, "sec": time.Second, "min": time.Minute, "m": time.Minute, "h": time.Hour, "hour": time.Hour,
}

// ParseRate reads a rate setting such as "60/min", "6000/10min" or "1800/10m":
// requests per window. "0" or "off" is no limit of the client's own.
func ParseRate(s string) (limit int, window time.Duration, err error) {
	s = strings.TrimSpace(s)
	if s == "0" || strings.EqualFold(s, "off") {
		return 0, 0, nil
	}
	count, per, ok := strings.Cut(s, "/")
	n, nerr := strconv.Atoi(strings.TrimSpace(count))
	if !ok || nerr != nil || n <= 0 {
		return 0, 0, Errorf("rate %q: write requests per window, e.g. %s or 6000/10min", s, DefaultRate)
	}
	per = strings.TrimSpace(per)
	digits := strings.TrimRight(per, "abcdefghijklmnopqrstuvwxyz")
	unit, known := rateUnits[per[len(digits):]]
	times := 1
	if digits != "" {
		times, nerr = strconv.Atoi(digits)
	}
	if !known || nerr != nil || times <= 0 {
		return 0, 0, Errorf("rate %q: the window is a number of s, min or h, e.g. %s or 6000/10min", s, DefaultRate)
	}
	return n, time.Duration(times) * unit, nil
}

// BudgetFileName is the name of the state file of one account's budget at
// one service, for a directory of the caller's (the store's state directory):
// the same for every process of the account, and naming neither.
func BudgetFileName(service, account string) string {
	sum := sha256.Sum256([]byte(strings.TrimRight(strings.TrimSpace(service), "/") + "\n" + account))
	return "rate-budget-" + hex.EncodeToString(sum[:8])
}
