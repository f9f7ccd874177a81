package config_test

import (
	"io"
	"net/netip"
	"strings"
	"testing"
	"time"

	"cashcontrol/internal/config"
)

func load(t *testing.T, env map[string]string, args ...string) (config.Config, error) {
	t.Helper()
	return config.Load("test", args, func(k string) string { return env[k] }, io.Discard)
}

func TestDefaults(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || c.DatabaseURL != "" || !c.SignupEnabled ||
		c.SessionIdle != 168*time.Hour || c.BaseURL != "http://127.0.0.1:8080" || c.SQLitePath() != "data/cashcontrol.db" {
		t.Fatalf("%+v", c)
	}
}

func TestFlagsOverrideEnv(t *testing.T) {
	c, err := load(t, map[string]string{"CASHCONTROL_ADDR": "127.0.0.1:1"}, "-addr", "127.0.0.1:2")
	if err != nil || c.Addr != "127.0.0.1:2" {
		t.Fatalf("%v %v", c.Addr, err)
	}
}

func TestBadValuesNameTheSetting(t *testing.T) {
	for setting, value := range map[string]string{
		"CASHCONTROL_ADDR":           "nonsense",
		"DATABASE_URL":               "mysql://x",
		"CASHCONTROL_SIGNUP_ENABLED": "perhaps",
		"CASHCONTROL_SESSION_IDLE":   "1s",
		"CASHCONTROL_LOG_LEVEL":      "loud",
		"CASHCONTROL_SUPPORT_EMAIL":  "not an email",
		"CASHCONTROL_BASE_URL":       "ftp://x",
		"CASHCONTROL_SECRET_KEY":     "too-short",
	} {
		_, err := load(t, map[string]string{setting: value})
		if err == nil || !strings.Contains(err.Error(), setting) {
			t.Errorf("%s=%q: error %v does not name the setting", setting, value, err)
		}
	}
}

func TestProviders(t *testing.T) {
	c, err := load(t, map[string]string{
		"CASHCONTROL_GOOGLE_CLIENT_ID": "gid", "CASHCONTROL_GOOGLE_CLIENT_SECRET": "gs",
		"CASHCONTROL_OIDC_PROVIDERS": "keycloak, my-idp", "CASHCONTROL_OIDC_KEYCLOAK_ISSUER": "https://kc.example.com/realms/x",
		"CASHCONTROL_OIDC_KEYCLOAK_CLIENT_ID": "kc", "CASHCONTROL_OIDC_KEYCLOAK_NAME": "Keycloak",
		"CASHCONTROL_OIDC_MY_IDP_ISSUER": "https://idp.example.com", "CASHCONTROL_OIDC_MY_IDP_CLIENT_ID": "m",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Providers) != 3 || c.Providers[0].Issuer != "https://accounts.google.com" || c.Providers[1].Name != "Keycloak" || c.Providers[2].ID != "my-idp" {
		t.Fatalf("%+v", c.Providers)
	}
	if _, err := load(t, map[string]string{"CASHCONTROL_OIDC_PROVIDERS": "x"}); err == nil || !strings.Contains(err.Error(), "CASHCONTROL_OIDC_X_ISSUER") {
		t.Fatalf("missing issuer: %v", err)
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := load(t, nil)
	if err != nil || c.TrustProxy || len(c.TrustedProxies) != 0 || c.HTTPS() {
		t.Fatalf("by default no proxy is trusted and the base URL is http: %+v %v", c, err)
	}
	// CASHCONTROL_TRUST_PROXY=true alone trusts loopback and private networks.
	c, err = load(t, map[string]string{"CASHCONTROL_TRUST_PROXY": "true"})
	if err != nil || len(c.TrustedProxies) != len(config.DefaultTrustedProxies) {
		t.Fatalf("TRUST_PROXY=true: %v %v", c.TrustedProxies, err)
	}
	for addr, want := range map[string]bool{"127.0.0.1": true, "::1": true, "10.1.2.3": true, "172.20.0.2": true, "192.168.1.1": true,
		"fd00::1": true, "203.0.113.9": false, "172.32.0.1": false, "2001:db8::1": false} {
		if got := contains(c.TrustedProxies, addr); got != want {
			t.Errorf("default trusted list holds %s: %v, want %v", addr, got, want)
		}
	}
	// An explicit list wins, and turns trust on by itself.
	c, err = load(t, map[string]string{"CASHCONTROL_TRUSTED_PROXIES": " 10.0.0.0/8, 192.168.1.5 ,2001:db8::/32"})
	if err != nil || !c.TrustProxy || len(c.TrustedProxies) != 3 || !contains(c.TrustedProxies, "192.168.1.5") ||
		contains(c.TrustedProxies, "192.168.1.6") || contains(c.TrustedProxies, "127.0.0.1") || !contains(c.TrustedProxies, "2001:db8::7") {
		t.Fatalf("explicit list: %v %v", c.TrustedProxies, err)
	}
	for _, bad := range []string{"10.0.0.0/33", "proxy.example.com", "10.0.0.1, nonsense", ",", "fe80::1%eth0"} {
		_, err := load(t, map[string]string{"CASHCONTROL_TRUSTED_PROXIES": bad})
		if err == nil || !strings.Contains(err.Error(), "CASHCONTROL_TRUSTED_PROXIES") {
			t.Errorf("CASHCONTROL_TRUSTED_PROXIES=%q: %v", bad, err)
		}
	}
	if c, _ := load(t, map[string]string{"CASHCONTROL_BASE_URL": "https://money.example.com/"}); !c.HTTPS() {
		t.Errorf("https base URL: %+v", c)
	}
}

func contains(list []netip.Prefix, addr string) bool {
	a := netip.MustParseAddr(addr)
	for _, p := range list {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

func TestImportLimits(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.SignupRate != (config.Rate{Events: 20, Per: time.Hour}) || c.UploadRate != (config.Rate{Events: 60, Per: time.Hour}) ||
		c.PendingImports != 10 || c.PendingImportBytes != 50<<20 || c.SignupRate.Every() != 3*time.Minute {
		t.Fatalf("defaults %+v", c)
	}
	c, err = load(t, map[string]string{"CASHCONTROL_UPLOAD_RATE": "1000/1s", "CASHCONTROL_SIGNUP_RATE": " 5 / 10m ",
		"CASHCONTROL_PENDING_IMPORTS": "3", "CASHCONTROL_PENDING_IMPORT_MB": "100"})
	if err != nil || c.UploadRate != (config.Rate{Events: 1000, Per: time.Second}) || c.SignupRate != (config.Rate{Events: 5, Per: 10 * time.Minute}) ||
		c.PendingImports != 3 || c.PendingImportBytes != 100<<20 {
		t.Fatalf("%+v %v", c, err)
	}
	for setting, value := range map[string]string{"CASHCONTROL_UPLOAD_RATE": "10", "CASHCONTROL_SIGNUP_RATE": "0/1h",
		"CASHCONTROL_PENDING_IMPORTS": "0", "CASHCONTROL_PENDING_IMPORT_MB": "5"} {
		if _, err := load(t, map[string]string{setting: value}); err == nil || !strings.Contains(err.Error(), setting) {
			t.Errorf("%s=%q: %v", setting, value, err)
		}
	}
}

func TestSecretKey(t *testing.T) {
	c, err := load(t, map[string]string{"CASHCONTROL_SECRET_KEY": " 0123456789abcdef0123456789abcdef "})
	if err != nil || c.SecretKey != "0123456789abcdef0123456789abcdef" {
		t.Fatalf("%q %v", c.SecretKey, err)
	}
	if c, _ := load(t, nil); c.SecretKey != "" {
		t.Fatalf("default %q", c.SecretKey)
	}
}
