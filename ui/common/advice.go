package common

// Advise puts what to do in front of an error: its text reads "advice:
// err", and api.LeadWithAdvice keeps it first, ahead of any advice of the
// failed call inside (which the full text, in !, still holds).
func Advise(advice string, err error) error { return &advised{advice: advice, err: err} }

type advised struct {
	advice string
	err    error
}

func (a *advised) Error() string  { return a.advice + ": " + a.err.Error() }
func (a *advised) Advice() string { return a.advice }
func (a *advised) Unwrap() error  { return a.err }
