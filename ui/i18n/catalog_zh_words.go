package i18n

// chineseWords is englishWords in Chinese.
var chineseWords = map[string]string{
	"comment %q":      "评论 %q",
	"severity":        "严重程度",
	"iteration":       "迭代",
	"priority":        "优先级",
	"status":          "状态",
	"owner":           "处理人",
	"Iteration":       "迭代",
	"none":            "无",
	"new description": "新描述",
	"title":           "标题",
	"failed: %s":      "失败：%s",
}
