package wiring

import (
	"net"
	"net/url"
	"path/filepath"
	"strings"

	"triage/api"
)

// NewClient is the client every command and the app speak to the service
// with. Every client of one account goes through one rate budget, shared by
// each process of the account on this machine through a file in the state
// directory: rate_limit (TRIAGE_RATE_LIMIT) sets it, TAPD's 60/min by
// default, and none of its own for a service on this machine (`triage serve`
// has its own --rate). notice, when set, hears every wait for the budget or
// for a Retry-After as it starts. close releases the budget's file.
func (s *Setup) NewClient(authz api.Authorizer, account, version string, notice func(api.Wait)) (client *api.Client, close func() error, err error) {
	budget, err := s.Budget(account)
	if err != nil {
		return nil, nil, err
	}
	opts := []api.ClientOption{api.WithUserAgent("triage/" + version), api.WithBudget(budget)}
	if notice != nil {
		opts = append(opts, api.WithWaitNotices(notice))
	}
	return api.NewClient(s.Config.BaseURL, authz, opts...), budget.Close, nil
}

// Budget opens the rate budget of an account at the service, the one its
// clients share (NewClient); the caller closes it.
func (s *Setup) Budget(account string) (*api.Budget, error) {
	limit, window, err := api.ParseRate(s.rateLimit())
	if err != nil {
		return nil, err
	}
	return api.NewBudget(limit, window, api.WithBudgetFile(filepath.Join(s.Paths.StateDir, api.BudgetFileName(s.Config.BaseURL, account))))
}

// OnThisMachine reports whether the service is on this machine (a loopback
// address), where the budget has no limit of its own unless configured.
func (s *Setup) OnThisMachine() bool { return onThisMachine(s.Config.BaseURL) }

// rateLimit is the rate setting in force: the configured one, else TAPD's
// default for a remote service and none for one on this machine.
func (s *Setup) rateLimit() string {
	if s.Config.RateLimit != "" {
		return s.Config.RateLimit
	}
	if onThisMachine(s.Config.BaseURL) {
		return "off"
	}
	return api.DefaultRate
}

// onThisMachine reports whether a service address names a loopback host.
func onThisMachine(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
