package store

import (
	"context"
	"sync"
	"time"
)

// SenderConfig is what a Sender needs besides its outbox and remote.
type SenderConfig struct {
	Service  string           // the service's base URL
	Session  string           // this run (NewSessionID)
	Backoff  Backoff          // waits between attempts
	Parallel int              // how many items SendAll sends at once (see ReplayerConfig)
	Now      func() time.Time // nil: time.Now
	// Gather is how long a send waits for more to go with it (send_lane.go);
	// the board's is BoardGather, a command's none.
	Gather Gather
	// Watch is how often the board looks for the edits other processes
	// of the profile make through the outbox (shared.go); 0: it does not.
	// History then lists them too.
	Watch time.Duration
}

// Sender is the way every edit of the app takes to the service: the durable
// outbox, and a Replayer per user (made on first use) that sends their
// edits through the remote. It is safe for concurrent use.
type Sender struct {
	outbox *Outbox
	remote Remote
	cfg    SenderConfig

	started   time.Time // History lists other processes' edits made since
	mu        sync.Mutex
	replayers map[string]*Replayer
	lanes     map[string]*lane // per user: sends made while one is on its way go together
}

// NewSender returns the sender of the edits of outbox to remote.
func NewSender(outbox *Outbox, remote Remote, cfg SenderConfig) *Sender {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Sender{outbox: outbox, remote: remote, cfg: cfg, started: cfg.Now(), replayers: make(map[string]*Replayer), lanes: make(map[string]*lane)}
}

// Outbox is the outbox the sender sends from.
func (s *Sender) Outbox() *Outbox { return s.outbox }

// replayer is the sender of a user's edits, made on first use.
func (s *Sender) replayer(user string) (*Replayer, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r, ok := s.replayers[user]; ok {
		return r, nil
	}
	r, err := NewReplayer(s.outbox, s.remote, ReplayerConfig{
		Service: s.cfg.Service, User: user, Session: s.cfg.Session,
		Backoff: s.cfg.Backoff, Parallel: s.cfg.Parallel, Now: s.cfg.Now,
	})
	if err != nil {
		return nil, err
	}
	s.replayers[user] = r
	return r, nil
}

// Add queues an edit; it is on disk when Add returns.
func (s *Sender) Add(e Edit) (Edit, error) { return s.outbox.Add(e) }

// SendAll sends edits added to the outbox, all of one user, as
// Replayer.SendAll does. Sends of the user made while one is on its way,
// or within the config's Gather, go together (send_lane.go).
func (s *Sender) SendAll(ctx context.Context, edits []Edit) ([]Result, error) {
	if len(edits) == 0 {
		return nil, nil
	}
	r, err := s.replayer(edits[0].User)
	if err != nil {
		return nil, err
	}
	return s.lane(edits[0].User).send(ctx, r, edits)
}

// lane is the lane of a user's sends, made on first use.
func (s *Sender) lane(user string) *lane {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.lanes[user]
	if !ok {
		l = &lane{gather: s.cfg.Gather}
		s.lanes[user] = l
	}
	return l
}

// Flush sends every due pending edit of user but those a send of the
// user's lane has on its way or waiting (send_lane.go): a move made while
// another was on its way is read and written with the others of its lane,
// not read again by a flush that comes meanwhile.
func (s *Sender) Flush(ctx context.Context, user string) ([]Result, error) {
	r, err := s.replayer(user)
	if err != nil {
		return nil, err
	}
	return r.flushExcept(ctx, s.lane(user).owned())
}

// NextFlush is how long until the next pending edit of user is due; false
// when none waits (conflicts wait for the user).
func (s *Sender) NextFlush(user string) (time.Duration, bool, error) {
	r, err := s.replayer(user)
	if err != nil {
		return 0, false, err
	}
	at, ok, err := r.NextFlush()
	return at.Sub(s.cfg.Now()), ok, err
}

// Pending lists the pending edits of user on the sender's service, oldest first.
func (s *Sender) Pending(user string) ([]Edit, error) {
	return s.outbox.Pending(s.cfg.Service, user)
}

// History lists the edits of a session, pending and done, oldest first;
// with Watch, also those other processes made meanwhile (`triage set`
// beside the board).
func (s *Sender) History(session string) ([]Edit, error) {
	if s.cfg.Watch <= 0 {
		return s.outbox.History(time.Time{}, session)
	}
	all, err := s.outbox.History(time.Time{}, "")
	if err != nil {
		return nil, err
	}
	edits := all[:0]
	for _, e := range all {
		if e.Session == session || !e.CreatedAt.Before(s.started) {
			edits = append(edits, e)
		}
	}
	return edits, nil
}

// WatchEvery is SenderConfig.Watch.
func (s *Sender) WatchEvery() time.Duration { return s.cfg.Watch }

// ChangedElsewhere reports whether another process changed the outbox since
// the last call.
func (s *Sender) ChangedElsewhere() (bool, error) { return s.outbox.ChangedElsewhere() }

// EditsSince lists the edits of every session made since t, pending and
// done, oldest first.
func (s *Sender) EditsSince(t time.Time) ([]Edit, error) { return s.outbox.History(t, "") }

// KeepMine resolves a conflict for the user's edit.
func (s *Sender) KeepMine(seq uint64) (Edit, error) { return s.outbox.KeepMine(seq) }

// TakeTheirs resolves a conflict for the other change.
func (s *Sender) TakeTheirs(seq uint64) (Edit, error) { return s.outbox.TakeTheirs(seq) }
