package sandbox

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// Failed sign-ins (the web page's password, Basic API accounts, OAuth client
// secrets) are slowed per account: the first freeFailures go unhindered;
// after them each failure locks the account for twice as long as the last,
// from one second up to maxLockout. While locked, attempts are refused
// without looking at the secret, so guessing runs at a few tries a minute. A
// success clears the account's count.
const (
	freeFailures = 5
	maxLockout   = 15 * time.Minute
	// guardForget is how long an account's failures are remembered.
	guardForget = time.Hour
	// guardPrune is how many accounts are followed before forgotten ones are
	// dropped.
	guardPrune = 4096
)

// guard counts failures per account.
type guard struct {
	mu       sync.Mutex
	accounts map[string]*failures
}

type failures struct {
	count int
	last  time.Time // of the last failure
	until time.Time // locked before this
}

func newGuard() *guard { return &guard{accounts: make(map[string]*failures)} }

// locked reports how long the account is still locked at now (0: it is not).
func (g *guard) locked(account string, now time.Time) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	if f, ok := g.accounts[account]; ok && now.Before(f.until) {
		return f.until.Sub(now)
	}
	return 0
}

// fail records a failed attempt of the account at now.
func (g *guard) fail(account string, now time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	f, ok := g.accounts[account]
	if !ok || now.Sub(f.last) > guardForget {
		if len(g.accounts) >= guardPrune {
			g.prune(now)
		}
		f = &failures{}
		g.accounts[account] = f
	}
	f.count++
	f.last = now
	if over := f.count - freeFailures; over > 0 {
		lock := maxLockout
		if over <= 20 {
			lock = min(time.Second<<(over-1), maxLockout)
		}
		f.until = now.Add(lock)
	}
}

// succeed clears the account's failures.
func (g *guard) succeed(account string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.accounts, account)
}

// prune forgets accounts whose last failure is old and that are not locked.
func (g *guard) prune(now time.Time) {
	for k, f := range g.accounts {
		if now.Sub(f.last) > guardForget && !now.Before(f.until) {
			delete(g.accounts, k)
		}
	}
}

// tooManyFailures is the answer to an attempt on a locked account.
func tooManyFailures(account string, wait time.Duration) *httpError {
	return fault(http.StatusTooManyRequests, lockoutText(account, wait))
}

// lockoutText says why an attempt is refused and when to try again.
func lockoutText(account string, wait time.Duration) string {
	secs := int((wait + time.Second - 1) / time.Second)
	return fmt.Sprintf("too many failed sign-ins for %s: it is locked for %d s; check the password and try again then", quoteName(clipText(account, 60)), secs)
}

// checkSignIn checks a web sign-in (the authorization pages' or the web
// app's) under its account's lockout: wait is how long the account is
// still locked, and nothing is checked then; a wrong nick or password
// counts as a failure, a right one clears them.
func (s *Server) checkSignIn(nick, password string) (wait time.Duration, valid bool) {
	key, now := "web\x00"+nick, s.now()
	if wait := s.guard.locked(key, now); wait > 0 {
		return wait, false
	}
	s.mu.RLock()
	u := s.userByNick(nick)
	valid = u != nil && u.Password != "" && secretEqual(u.Password, password)
	s.mu.RUnlock()
	if !valid {
		s.guard.fail(key, now)
		return 0, false
	}
	s.guard.succeed(key)
	return 0, true
}
