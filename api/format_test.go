package api

import "fmt"

// fmtAll formats v every way a careless log line might.
func fmtAll(v any) string {
	return fmt.Sprintf("%v %+v %#v %s", v, v, v, v)
}
