package wiring

import (
	"context"

	"triage/api"
	"triage/auth"
)

// Check asks the service who a session's credential is (auth.Check) as one
// of the account's requests: through its rate budget, each wait for the
// limit told to notice (nil: none), never a silent pause.
func (s *Setup) Check(ctx context.Context, sess auth.Session, notice func(api.Wait)) (auth.Session, error) {
	budget, err := s.Budget(sess.Account())
	if err != nil {
		return auth.Session{}, err
	}
	defer budget.Close()
	opts := []api.ClientOption{api.WithBudget(budget)}
	if notice != nil {
		opts = append(opts, api.WithWaitNotices(notice))
	}
	return auth.Check(ctx, sess, nil, opts...)
}
