package sandbox

import (
	"slices"

	"triage/api"
)

// The system fields of each kind, in the order the real service writes them
// in a list without fields=, with how each is described, filtered, written
// and generated (see catalog). An item holds only the values it has; a field
// it does not hold is written with its unset value, which is what the real
// service sends for an item that never had one: null for most, "" for text
// and people, "0" for counters and links.

// systemField is one row of the table.
type systemField struct {
	name   string
	label  text
	html   string       // html_type in get_fields_info
	unset  string       // JSON of the value of an item that holds none
	flags  fieldFlag    // readOnly, createOnly
	source optionSource // where its options come from
	derive deriveRule   // computed from the item instead of held
	match  matchMode    // how filters compare; byType: from the html type
}

// fieldFlag says who may write a field.
type fieldFlag uint8

const (
	readOnly   fieldFlag = 1 << iota // the service sets it; writes are ignored
	createOnly                       // written when an item is created, ignored on update
)

// optionSource names the options of a built-in field.
type optionSource uint8

const (
	noSource          optionSource = iota
	fromStatuses                   // the kind's workflow states
	fromSeverities                 // bug severities
	fromModules                    // the workspace's module tree
	fromPriority                   // legacy priority (see priorityFields)
	fromPriorityLabel              // priority_label (see priorityFields)
)

// deriveRule names a field whose value follows from others: it is never
// stored, so it is never stale.
type deriveRule uint8

const (
	noDerive           deriveRule = iota
	deriveStatusName              // v_status: the status's name, in Chinese as the service gives it
	deriveID                      // ancestor_id of a top-level story: its own id
	deriveIDPath                  // path of a top-level story: "<id>:"
	deriveWorkitemType            // workitem_type_id of a story: the workspace's one story type
)

// byType is the match of a row whose filters follow its html type.
const byType = matchExact

// systemFields lists the system fields of a kind.
func systemFields(k api.Kind) []systemField {
	switch k {
	case api.Bug:
		return bugFields
	case api.Task:
		return taskFields
	}
	return storyFields
}

// storyTaskHead are the fields a story and a task begin with, in the same
// order and with the same rows.
var storyTaskHead = []systemField{
	{"id", text{"ID", "ID"}, "input", `null`, readOnly, noSource, noDerive, matchID},
	{"name", text{"Title", "标题"}, "input", `null`, 0, noSource, noDerive, matchText},
	{"description", text{"Description", "详细描述"}, "rich_edit", `null`, 0, noSource, noDerive, byType},
	{"workspace_id", text{"Workspace", "项目"}, "input", `null`, readOnly, noSource, noDerive, byType},
	{"creator", text{"Creator", "创建人"}, "user_chooser", `null`, createOnly, noSource, noDerive, byType},
	{"created", text{"Created", "创建时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"modified", text{"Modified", "最后修改时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"status", text{"Status", "状态"}, "select", `null`, 0, fromStatuses, noDerive, byType},
}

var storyFields = slices.Concat(storyTaskHead, []systemField{
	{"v_status", text{"Status name", "状态名称"}, "input", `null`, readOnly, noSource, deriveStatusName, byType},
	{"owner", text{"Owner", "处理人"}, "user_chooser", `null`, 0, noSource, noDerive, byType},
	{"cc", text{"CC", "抄送人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"begin", text{"Begin", "预计开始"}, "date", `null`, 0, noSource, noDerive, byType},
	{"due", text{"Due", "预计结束"}, "date", `null`, 0, noSource, noDerive, byType},
	{"size", text{"Size", "规模"}, "input", `null`, 0, noSource, noDerive, byType},
	{"priority", text{"Priority (legacy)", "优先级（旧）"}, "select", `null`, 0, fromPriority, noDerive, byType},
	{"priority_label", text{"Priority", "优先级"}, "select", `null`, 0, fromPriorityLabel, noDerive, byType},
	{"developer", text{"Developer", "开发人员"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"iteration_id", text{"Iteration", "迭代"}, "select", `null`, 0, noSource, noDerive, byType},
	{"test_focus", text{"Test focus", "测试重点"}, "input", `""`, 0, noSource, noDerive, byType},
	{"type", text{"Type", "需求类型"}, "select", `""`, 0, noSource, noDerive, byType},
	{"source", text{"Source", "需求来源"}, "select", `""`, 0, noSource, noDerive, byType},
	{"module", text{"Module", "模块"}, "cascade", `""`, 0, fromModules, noDerive, byType},
	{"version", text{"Version", "版本"}, "select", `""`, 0, noSource, noDerive, byType},
	{"completed", text{"Completed", "完成时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"category_id", text{"Category", "需求分类"}, "select", `"-1"`, 0, noSource, noDerive, byType},
	{"workitem_type_id", text{"Story type", "需求类别"}, "select", `null`, readOnly, noSource, deriveWorkitemType, byType},
	{"path", text{"Path", "路径"}, "input", `null`, readOnly, noSource, deriveIDPath, byType},
	{"parent_id", text{"Parent story", "父需求"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"children_id", text{"Child stories", "子需求"}, "input", `"|"`, readOnly, noSource, noDerive, byType},
	{"ancestor_id", text{"Ancestor story", "祖先需求"}, "input", `null`, readOnly, noSource, deriveID, byType},
	{"level", text{"Level", "层级"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"business_value", text{"Business value", "业务价值"}, "input", `null`, 0, noSource, noDerive, byType},
	{"effort", text{"Effort (hours)", "预估工时"}, "input", `null`, 0, noSource, noDerive, byType},
	{"effort_completed", text{"Effort spent", "完成工时"}, "input", `"0"`, 0, noSource, noDerive, byType},
	{"exceed", text{"Effort exceeded", "超出工时"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"remain", text{"Effort left", "剩余工时"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"release_id", text{"Release", "发布计划"}, "select", `"0"`, 0, noSource, noDerive, byType},
	{"bug_id", text{"Bug", "缺陷"}, "input", `""`, readOnly, noSource, noDerive, byType},
	{"templated_id", text{"Template", "模板"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"created_from", text{"Created from", "创建来源"}, "input", `""`, readOnly, noSource, noDerive, byType},
	{"feature", text{"Feature", "特性"}, "select", `""`, 0, noSource, noDerive, byType},
	{"label", text{"Labels", "标签"}, "input", `null`, 0, noSource, noDerive, matchMulti},
	{"progress", text{"Progress", "进度"}, "input", `"0"`, 0, noSource, noDerive, byType},
	{"is_archived", text{"Archived", "是否归档"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"tech_risk", text{"Technical risk", "技术风险"}, "select", `null`, 0, noSource, noDerive, byType},
	{"flows", text{"Workflow", "流程"}, "input", `null`, readOnly, noSource, noDerive, byType},
	{"secret_root_id", text{"Confidential root", "保密根需求"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"modifier", text{"Last modified by", "最后修改人"}, "user_chooser", `null`, readOnly, noSource, noDerive, byType},
})

var bugFields = []systemField{
	{"id", text{"ID", "ID"}, "input", `null`, readOnly, noSource, noDerive, matchID},
	{"title", text{"Title", "标题"}, "input", `null`, 0, noSource, noDerive, matchText},
	{"description", text{"Description", "详细描述"}, "rich_edit", `null`, 0, noSource, noDerive, byType},
	{"workspace_id", text{"Workspace", "项目"}, "input", `null`, readOnly, noSource, noDerive, byType},
	{"priority", text{"Priority (legacy)", "优先级（旧）"}, "select", `null`, 0, fromPriority, noDerive, byType},
	{"priority_label", text{"Priority", "优先级"}, "select", `null`, 0, fromPriorityLabel, noDerive, byType},
	{"severity", text{"Severity", "严重程度"}, "select", `null`, 0, fromSeverities, noDerive, byType},
	{"module", text{"Module", "模块"}, "cascade", `""`, 0, fromModules, noDerive, byType},
	{"status", text{"Status", "状态"}, "select", `null`, 0, fromStatuses, noDerive, byType},
	{"reporter", text{"Reporter", "创建人"}, "user_chooser", `null`, createOnly, noSource, noDerive, byType},
	{"created", text{"Created", "创建时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"bugtype", text{"Bug type", "缺陷类型"}, "select", `""`, 0, noSource, noDerive, byType},
	{"resolved", text{"Resolved", "解决时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"closed", text{"Closed", "关闭时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"modified", text{"Modified", "最后修改时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"lastmodify", text{"Last modified by", "最后修改人"}, "user_chooser", `null`, readOnly, noSource, noDerive, byType},
	{"auditer", text{"Auditor", "审核人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"de", text{"Developer", "开发人员"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"fixer", text{"Fixer", "修复人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"version_test", text{"Verified in version", "验证版本"}, "select", `""`, 0, noSource, noDerive, byType},
	{"version_report", text{"Found in version", "发现版本"}, "select", `""`, 0, noSource, noDerive, byType},
	{"version_close", text{"Closed in version", "关闭版本"}, "select", `""`, 0, noSource, noDerive, byType},
	{"version_fix", text{"Fixed in version", "合入版本"}, "select", `""`, 0, noSource, noDerive, byType},
	{"baseline_find", text{"Found in baseline", "发现基线"}, "select", `""`, 0, noSource, noDerive, byType},
	{"baseline_join", text{"Fixed in baseline", "合入基线"}, "select", `""`, 0, noSource, noDerive, byType},
	{"baseline_close", text{"Closed in baseline", "关闭基线"}, "select", `""`, 0, noSource, noDerive, byType},
	{"baseline_test", text{"Verified in baseline", "验证基线"}, "select", `""`, 0, noSource, noDerive, byType},
	{"sourcephase", text{"Found in phase", "发现阶段"}, "select", `""`, 0, noSource, noDerive, byType},
	{"te", text{"Tester", "测试人员"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"current_owner", text{"Owner", "处理人"}, "user_chooser", `null`, 0, noSource, noDerive, byType},
	{"iteration_id", text{"Iteration", "迭代"}, "select", `null`, 0, noSource, noDerive, byType},
	{"resolution", text{"Resolution", "解决方法"}, "select", `""`, 0, noSource, noDerive, byType},
	{"source", text{"Root cause", "缺陷根源"}, "select", `""`, 0, noSource, noDerive, byType},
	{"originphase", text{"Origin phase", "引入阶段"}, "select", `""`, 0, noSource, noDerive, byType},
	{"confirmer", text{"Verified by", "验证人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"milestone", text{"Milestone", "里程碑"}, "select", `""`, 0, noSource, noDerive, byType},
	{"participator", text{"Participants", "参与人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"closer", text{"Closed by", "关闭人"}, "user_chooser", `""`, readOnly, noSource, noDerive, byType},
	{"platform", text{"Platform", "软件平台"}, "select", `""`, 0, noSource, noDerive, byType},
	{"os", text{"Operating system", "操作系统"}, "select", `""`, 0, noSource, noDerive, byType},
	{"testtype", text{"Test type", "测试类型"}, "select", `""`, 0, noSource, noDerive, byType},
	{"testphase", text{"Test phase", "测试阶段"}, "select", `""`, 0, noSource, noDerive, byType},
	{"frequency", text{"Frequency", "重现规律"}, "select", `""`, 0, noSource, noDerive, byType},
	{"cc", text{"CC", "抄送人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"regression_number", text{"Regressions", "回归数"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"flows", text{"Workflow", "流程"}, "input", `null`, readOnly, noSource, noDerive, byType},
	{"feature", text{"Feature", "特性"}, "select", `""`, 0, noSource, noDerive, byType},
	{"testmode", text{"Test mode", "测试方式"}, "select", `""`, 0, noSource, noDerive, byType},
	{"estimate", text{"Estimate", "预计解决时间"}, "input", `null`, 0, noSource, noDerive, byType},
	{"issue_id", text{"Issue", "外部单号"}, "input", `""`, readOnly, noSource, noDerive, byType},
	{"created_from", text{"Created from", "创建来源"}, "input", `""`, readOnly, noSource, noDerive, byType},
	{"release_id", text{"Release", "发布计划"}, "select", `"0"`, 0, noSource, noDerive, byType},
	{"verify_time", text{"Verified", "验证时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"reject_time", text{"Rejected", "拒绝时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"reopen_time", text{"Reopened", "重新打开时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"audit_time", text{"Audited", "审核时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"suspend_time", text{"Suspended", "挂起时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"due", text{"Due", "预计结束"}, "date", `null`, 0, noSource, noDerive, byType},
	{"begin", text{"Begin", "预计开始"}, "date", `null`, 0, noSource, noDerive, byType},
	{"deadline", text{"Deadline", "解决期限"}, "date", `null`, 0, noSource, noDerive, byType},
	{"in_progress_time", text{"Accepted", "接受处理时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"assigned_time", text{"Assigned", "分配时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"template_id", text{"Template", "模板"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"story_id", text{"Story", "关联需求"}, "input", `""`, 0, noSource, noDerive, byType},
	{"label", text{"Labels", "标签"}, "input", `null`, 0, noSource, noDerive, matchMulti},
	{"size", text{"Size", "规模"}, "input", `null`, 0, noSource, noDerive, byType},
	{"effort", text{"Effort (hours)", "预估工时"}, "input", `null`, 0, noSource, noDerive, byType},
	{"effort_completed", text{"Effort spent", "完成工时"}, "input", `"0"`, 0, noSource, noDerive, byType},
	{"exceed", text{"Effort exceeded", "超出工时"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"remain", text{"Effort left", "剩余工时"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"progress", text{"Progress", "进度"}, "input", `"0"`, 0, noSource, noDerive, byType},
}

var taskFields = slices.Concat(storyTaskHead, []systemField{
	{"owner", text{"Owner", "处理人"}, "user_chooser", `null`, 0, noSource, noDerive, byType},
	{"cc", text{"CC", "抄送人"}, "user_chooser", `""`, 0, noSource, noDerive, byType},
	{"begin", text{"Begin", "预计开始"}, "date", `null`, 0, noSource, noDerive, byType},
	{"due", text{"Due", "预计结束"}, "date", `null`, 0, noSource, noDerive, byType},
	{"story_id", text{"Story", "需求"}, "input", `null`, 0, noSource, noDerive, byType},
	{"iteration_id", text{"Iteration", "迭代"}, "select", `null`, 0, noSource, noDerive, byType},
	{"priority", text{"Priority (legacy)", "优先级（旧）"}, "select", `null`, 0, fromPriority, noDerive, byType},
	{"priority_label", text{"Priority", "优先级"}, "select", `null`, 0, fromPriorityLabel, noDerive, byType},
	{"progress", text{"Progress", "进度"}, "input", `"0"`, 0, noSource, noDerive, byType},
	{"completed", text{"Completed", "完成时间"}, "datetime", `null`, readOnly, noSource, noDerive, byType},
	{"effort_completed", text{"Effort spent", "完成工时"}, "input", `"0"`, 0, noSource, noDerive, byType},
	{"exceed", text{"Effort exceeded", "超出工时"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"remain", text{"Effort left", "剩余工时"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"effort", text{"Effort (hours)", "预估工时"}, "input", `null`, 0, noSource, noDerive, byType},
	{"has_attachment", text{"Has attachments", "有附件"}, "input", `"0"`, readOnly, noSource, noDerive, byType},
	{"release_id", text{"Release", "发布计划"}, "select", `"0"`, 0, noSource, noDerive, byType},
	{"label", text{"Labels", "标签"}, "input", `null`, 0, noSource, noDerive, matchMulti},
	{"modifier", text{"Last modified by", "最后修改人"}, "user_chooser", `null`, readOnly, noSource, noDerive, byType},
})
