package main

import "path/filepath"

// credentialsPath is where the app keeps the credentials file under home.
func credentialsPath(home string) string {
	return filepath.Join(home, "data", "triage", "credentials")
}
