package auth

import (
	"context"
	"strings"
	"testing"
	"time"

	"triage/api"
)

func TestConfigDefaults(t *testing.T) {
	cfg, err := OAuthConfig{AuthURL: "https://www.tapd.cn/", BaseURL: "https://api.tapd.cn", ClientID: " app ", ClientSecret: "s"}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AuthURL != "https://www.tapd.cn" || cfg.ClientID != "app" || cfg.Scopes != api.DefaultScopes ||
		cfg.CallbackPath != DefaultCallbackPath || cfg.Timeout != DefaultTimeout ||
		cfg.HTTPClient == nil || cfg.OpenBrowser == nil || cfg.Now == nil {
		t.Fatalf("defaults not filled: %+v", cfg)
	}
}

func TestConfigRefusals(t *testing.T) {
	good := OAuthConfig{AuthURL: "http://127.0.0.1:1", BaseURL: "http://127.0.0.1:2", ClientID: "app", ClientSecret: fakeClientSecret}
	tests := []struct {
		name   string
		edit   func(*OAuthConfig)
		substr string
	}{
		{name: "no auth url", edit: func(c *OAuthConfig) { c.AuthURL = "" }, substr: "auth_url is not set"},
		{name: "relative base url", edit: func(c *OAuthConfig) { c.BaseURL = "api.tapd.cn" }, substr: "base_url"},
		{name: "base url with credentials", edit: func(c *OAuthConfig) { c.BaseURL = "ftp://u:" + fakeClientSecret + "@h" }, substr: "base_url"},
		{name: "no client id", edit: func(c *OAuthConfig) { c.ClientID = " " }, substr: "client id"},
		{name: "no client secret", edit: func(c *OAuthConfig) { c.ClientSecret = "" }, substr: "client secret"},
		{name: "bad port", edit: func(c *OAuthConfig) { c.RedirectPort = 70000 }, substr: "port"},
		{name: "bad callback path", edit: func(c *OAuthConfig) { c.CallbackPath = "cb?x" }, substr: "callback path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := good
			tt.edit(&cfg)
			_, err := StartOAuth(context.Background(), cfg)
			if err == nil || !strings.Contains(err.Error(), tt.substr) {
				t.Fatalf("StartOAuth = %v, want an error about %q", err, tt.substr)
			}
			assertNoSecret(t, err.Error())
		})
	}
}

func TestStartOAuthCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cfg := OAuthConfig{AuthURL: "http://127.0.0.1:1", BaseURL: "http://127.0.0.1:2", ClientID: "app", ClientSecret: "s", Timeout: time.Second}
	if f, err := StartOAuth(ctx, cfg); err == nil {
		_ = f.Close()
		t.Fatal("StartOAuth ran with a cancelled context")
	}
}
