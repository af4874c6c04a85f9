package uitest

import (
	"fmt"
	"strings"

	"triage/api"
)

// ManyItems makes n items of a kind of workspace 10022001, as a list of the
// service gives them (each string allocated on its own), spread over the
// default priorities, none and an unknown one, with English titles and
// every chinese-th one Chinese (0: none), several statuses and owners: the
// board of the speed benchmarks.
func ManyItems(k api.Kind, n, chinese int) []api.Item {
	statuses := []string{"open", "progressing", "resolved", "rejected", "done"}
	owners := []string{"anyechen;", "lily;", "王小明;", "bob;", ""}
	labels := []string{"High", "Middle", "Low", "Nice To Have", "", "非常高"}
	items := make([]api.Item, n)
	for j := range items {
		it := &items[j]
		it.Kind = k
		it.ID = ItemID(k, 10022001, j+1)
		it.WorkspaceID = strings.Clone("10022001")
		if chinese > 0 && j%chinese == 0 {
			it.Title = fmt.Sprintf("导出报表 %d 时中文乱码，页面 %d 无响应", j, j%97)
		} else {
			it.Title = fmt.Sprintf("Payment callback %d retries forever when the gateway times out (%d)", j, j%89)
		}
		it.PriorityLabel = strings.Clone(labels[j%len(labels)])
		it.Status = strings.Clone(statuses[j%len(statuses)])
		it.Owner = strings.Clone(owners[j%len(owners)])
		it.Modified = fmt.Sprintf("2026-01-%02d %02d:%02d:%02d", 1+j%28, j%24, j%60, (j/60)%60)
		it.Created = strings.Clone(it.Modified)
	}
	return items
}
