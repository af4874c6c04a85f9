package serve

import (
	"net"
	"strings"
	"testing"
)

// TestServeWarnsWhenReachableFromOtherMachines checks the notice serve
// prints for its listening address; no test listens beyond loopback.
func TestServeWarnsWhenReachableFromOtherMachines(t *testing.T) {
	for _, ip := range []string{"127.0.0.1", "::1", "127.0.0.2"} {
		if w := ExposureWarning(&net.TCPAddr{IP: net.ParseIP(ip), Port: 8080}); w != "" {
			t.Errorf("%s: warned %q", ip, w)
		}
	}
	for _, ip := range []string{"0.0.0.0", "::", "192.168.1.20"} {
		w := ExposureWarning(&net.TCPAddr{IP: net.ParseIP(ip), Port: 8080})
		if !strings.Contains(w, "WARNING") || !strings.Contains(w, "other machines can reach") || !strings.Contains(w, "--addr 127.0.0.1:PORT") {
			t.Errorf("%s: warning %q", ip, w)
		}
	}
}
