package sandbox

import (
	"encoding/json"
	"net/url"

	"triage/api"
)

// GET /tcases/get_fields_info and /test_plans/get_fields_info: field name →
// {name, label, html_type, options}; options are value → label, or [] for a
// field without them. Shapes: tcase/get_tcase_fields_info,
// tcase/get_test_plan_fields_info.

// recordField is one entry of a record kind's field information.
type recordField struct {
	Name     string      `json:"name"`
	Label    string      `json:"label"`
	HTMLType string      `json:"html_type"`
	Options  api.Options `json:"options"`
}

// recordFieldDef describes one field: name, html_type, label, options.
type recordFieldDef struct {
	name, htmlType string
	label          text
	options        []choice
}

var (
	testTypes = []choice{
		{"功能测试", text{"功能测试", "功能测试"}}, {"性能测试", text{"性能测试", "性能测试"}},
		{"安全性测试", text{"安全性测试", "安全性测试"}}, {"其他", text{"其他", "其他"}},
	}
	tcaseFields = []recordFieldDef{
		{"id", "input", text{"ID", "ID"}, nil},
		{"steps", "qmeditor", text{"Steps", "用例步骤"}, nil},
		{"workspace_id", "input", text{"Workspace", "Workspace"}, nil},
		{"category_id", "dialog", text{"Folder", "用例目录"}, []choice{{"-1", text{"Unplanned", "未规划目录"}}}},
		{"created", "dateinput", text{"Created", "创建时间"}, nil},
		{"modifier", "user_chooser", text{"Modified by", "最后修改人"}, nil},
		{"modified", "dateinput", text{"Modified", "最后修改时间"}, nil},
		{"creator", "user_chooser", text{"Creator", "创建人"}, nil},
		{"status", "select", text{"Status", "用例状态"}, []choice{
			{"normal", text{"Normal", "正常"}}, {"updating", text{"To update", "待更新"}}, {"abandon", text{"Abandoned", "已废弃"}}}},
		{"name", "input", text{"Name", "用例名称"}, nil},
		{"precondition", "qmeditor", text{"Precondition", "前置条件"}, nil},
		{"expectation", "qmeditor", text{"Expectation", "预期结果"}, nil},
		{"type", "select", text{"Type", "用例类型"}, testTypes},
		{"priority", "select", text{"Level", "用例等级"}, []choice{
			{"高", text{"高", "高"}}, {"中", text{"中", "中"}}, {"低", text{"低", "低"}}}},
	}
	testPlanFields = []recordFieldDef{
		{"id", "input", text{"ID", "ID"}, nil},
		{"name", "input", text{"Plan name", "计划名称"}, nil},
		{"description", "textarea", text{"Description", "测试描述"}, nil},
		{"version", "select", text{"Version", "版本"}, nil},
		{"owner", "user_chooser", text{"Owner", "测试负责人"}, nil},
		{"status", "select", text{"Status", "状态"}, []choice{{"open", text{"Open", "开启"}}, {"close", text{"Closed", "关闭"}}}},
		{"type", "select", text{"Test type", "测试类型"}, testTypes},
		{"start_date", "dateinput", text{"Starts", "开始时间"}, nil},
		{"end_date", "dateinput", text{"Ends", "结束时间"}, nil},
		{"creator", "user_chooser", text{"Creator", "创建人"}, nil},
		{"modifier", "user_chooser", text{"Modified by", "最后修改人"}, nil},
		{"created", "dateinput", text{"Created", "创建时间"}, nil},
		{"modified", "dateinput", text{"Modified", "最后修改时间"}, nil},
		{"iteration_id", "select", text{"Iteration", "迭代"}, nil},
	}
)

// recordFieldsInfo is the field information of defs in ws; iteration_id
// lists the workspace's iterations.
func (w *world) recordFieldsInfo(ws *Workspace, defs []recordFieldDef) (json.RawMessage, *httpError) {
	out := make(map[string]recordField, len(defs))
	for _, d := range defs {
		f := recordField{Name: d.name, Label: d.label.in(ws.Locale), HTMLType: d.htmlType, Options: noOptions}
		switch {
		case d.name == "iteration_id":
			f.Options = w.iterationOptions(ws)
		case d.options != nil:
			f.Options = choiceOptions(d.options, ws.Locale)
		}
		out[d.name] = f
	}
	return marshalData(out)
}

// tcaseFieldsInfo is the data of GET /tcases/get_fields_info.
func (w *world) tcaseFieldsInfo(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
	return w.recordFieldsInfo(ws, tcaseFields)
}

// testPlanFieldsInfo is the data of GET /test_plans/get_fields_info.
func (w *world) testPlanFieldsInfo(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
	return w.recordFieldsInfo(ws, testPlanFields)
}
