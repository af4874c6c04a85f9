package sandbox

import "testing"

// BenchmarkIssueCode issues authorization codes with maxCodes already
// outstanding: the cost does not grow with them (issue 19: 20,000 codes
// used to halve the rate).
func BenchmarkIssueCode(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	issue := func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, err := s.issueCode("triage", "http://127.0.0.1/callback", "story#read", "demo", 10022001); err != nil {
			b.Fatal(err)
		}
	}
	for range maxCodes {
		issue()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		issue()
	}
}
