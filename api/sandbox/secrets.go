package sandbox

// The seed's secrets (client secret, API passwords, personal tokens) are
// fixed strings, the same in every copy of the program: fine for the demo,
// which runs inside the app, and for tests. `triage serve` asks for its own
// (Options.FreshSecrets): made with crypto/rand when the content is seeded,
// so at the first start of a --data file, and kept there after.

// freshSecrets replaces the seed's secrets with random ones of the same shape.
func (w *world) freshSecrets() {
	for i := range w.Companies {
		w.Companies[i].APIPassword = randomHex(16)
	}
	for i := range w.Clients {
		w.Clients[i].Secret = randomHex(20)
	}
	for i := range w.Users {
		w.Users[i].PersonalToken = randomHex(20)
	}
}
