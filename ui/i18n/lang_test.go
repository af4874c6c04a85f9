package i18n

import "testing"

func TestChooseFollowsTheSettingThenTheLocale(t *testing.T) {
	for _, c := range []struct {
		setting string
		env     map[string]string
		want    Lang
	}{
		{"zh-CN", map[string]string{"LANG": "en_US.UTF-8"}, Chinese},
		{"en", map[string]string{"LANG": "zh_CN.UTF-8"}, English},
		{"auto", map[string]string{"LANG": "zh_CN.UTF-8"}, Chinese},
		{"", map[string]string{"LANG": "zh_TW"}, Chinese},
		{"", map[string]string{"LANG": "zh"}, Chinese},
		{"", map[string]string{"LC_ALL": "en_GB.UTF-8", "LANG": "zh_CN.UTF-8"}, English},
		{"", map[string]string{"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "C"}, Chinese},
		{"", map[string]string{"LC_ALL": "zh_CN.GB18030", "LC_MESSAGES": "C"}, Chinese},
		{"auto", map[string]string{"LANG": "fr_FR.UTF-8"}, English},
		{"auto", nil, English},
		{"en", map[string]string{"TRIAGE_LANG": "zh-CN"}, Chinese},
		{"zh-CN", map[string]string{"TRIAGE_LANG": "en", "LANG": "zh_CN.UTF-8"}, English},
		{"", map[string]string{"TRIAGE_LANG": "auto", "LANG": "zh_CN.UTF-8"}, Chinese},
	} {
		env := func(name string) string { return c.env[name] }
		if got := Choose(c.setting, env); got != c.want {
			t.Errorf("Choose(%q, %v) = %s, want %s", c.setting, c.env, got, c.want)
		}
	}
}
