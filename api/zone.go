package api

import "time"

// ServiceZone is the service's time zone: TAPD writes its times, dates its
// iterations and starts its days in China Standard Time. The client counts
// "today", iter:@current and --since in it, and the local service writes
// in it, so both sides agree on the day whatever the machine's zone.
var ServiceZone = serviceZone()

// serviceZoneName is the zone's name in the tz database.
const serviceZoneName = "Asia/Shanghai"

// serviceZone is Asia/Shanghai from the tz database, or UTC+8 under the
// same name where the machine has no tz database: China has kept UTC+8
// without daylight saving since 1991, so the two agree on every date
// the service writes.
func serviceZone() *time.Location {
	if loc, err := time.LoadLocation(serviceZoneName); err == nil {
		return loc
	}
	return time.FixedZone(serviceZoneName, 8*60*60)
}
