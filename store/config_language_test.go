package store

import (
	"strings"
	"testing"
)

func TestLanguageComesFromTheFileAndTRIAGE_LANGWins(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "language: en\n")
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Language != "en" {
		t.Errorf("language from the file = %q, want en", cfg.Language)
	}
	cfg, err = LoadConfig(paths, envOf(map[string]string{EnvLanguage: "zh-CN"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Language != "zh-CN" {
		t.Errorf("language with %s=zh-CN = %q, want zh-CN", EnvLanguage, cfg.Language)
	}
}

func TestLanguageRefusesWhatItCannotSpeak(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "language: fr\n")
	_, err := LoadConfig(paths, envOf(nil))
	if err == nil || !strings.Contains(err.Error(), "line 1: language: want zh-CN, en or auto") {
		t.Errorf("language: fr gave %v, want the line and the choices", err)
	}
	_, err = LoadConfig(PathsIn(t.TempDir()), envOf(map[string]string{EnvLanguage: "klingon"}))
	if err == nil || !strings.Contains(err.Error(), "environment TRIAGE_LANG: want zh-CN, en or auto") {
		t.Errorf("TRIAGE_LANG=klingon gave %v, want the variable and the choices", err)
	}
}
