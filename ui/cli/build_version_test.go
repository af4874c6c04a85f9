package cli

import (
	"runtime/debug"
	"testing"
)

// TestBuildVersion: a release build prints its module version; a
// development build its commit, marked dirty when the tree had changes.
func TestBuildVersion(t *testing.T) {
	rev := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: "94ffbee1234567890abcdef"}, {Key: "vcs.modified", Value: modified}}
	}
	tests := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"release", debug.BuildInfo{Main: debug.Module{Version: "v1.4.0"}, Settings: rev("false")}, "v1.4.0"},
		{"clean commit", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("false")}, "(devel) 94ffbee12345"},
		{"dirty tree", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("true")}, "(devel) 94ffbee12345-dirty"},
		{"no vcs", debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "(devel)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := BuildVersion(&tt.bi); got != tt.want {
				t.Errorf("BuildVersion = %q, want %q", got, tt.want)
			}
		})
	}
}
