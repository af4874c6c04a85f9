package i18n

// chineseCreate maps each message of englishCreate to its Chinese text.
var chineseCreate = map[string]string{
	"not created yet": "尚未创建",
	"%q is not created yet: change it once the service has it (its card shows its id then)":                                                         "%q 尚未创建：等服务端创建后再修改（届时卡片会显示它的 ID）",
	"%q was refused and taken off the board; nothing was created":                                                                                   "%q 被服务端拒绝，已从看板移除；没有创建任何条目",
	"a new item is not undone: %q stays, and nothing is deleted on the service; close it once created (press u again to undo the change before it)": "新建条目不能撤销：%q 会保留，服务端不会删除任何内容；创建后可将其关闭（再按 u 撤销之前的修改）",
	"%q is not created yet: it has an address once the service has it":                                                                              "%q 尚未创建：等服务端创建后才有地址",
}
