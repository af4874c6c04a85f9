//go:build !unix

package uitest

import "time"

// CPUTime is unknown here: 0.
func CPUTime() time.Duration { return 0 }
