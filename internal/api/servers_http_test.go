package api_test

import (
	"os"
	"path/filepath"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// Two servers on one PostgreSQL: a session made on one works on the other,
// and the sign-in's rate limit counts the tries made on both.
func TestTwoServersShareSessionsAndLimits(t *testing.T) {
	one, two := storetest.OpenPostgresPair(t)
	a, _ := identityServer(t, one, identityOptions{perAccount: 4, shared: true})
	b, _ := identityServer(t, two, identityOptions{perAccount: 4, shared: true})
	c := newClient(t, a)
	c.signUp("ana@example.com")
	onB := &client{t: t, base: b.URL, http: c.http} // the same browser, the other server
	var got me
	if code := onB.do("GET", "/api/v1/me", nil, &got); code != 200 || got.Email != "ana@example.com" {
		t.Fatalf("the session made on one server is not known on the other: %d %+v", code, got)
	}
	// Wrong passwords, on one server then the other: the 5 tries of the
	// account from this address are spent across both, and the 6th is
	// refused by either.
	for i, srv := range []*client{c, onB, c, onB, c} {
		if code, p := srv.login("ana@example.com", "wrong-password-1"); code != 401 {
			t.Fatalf("try %d: %d %s", i+1, code, p.Code)
		}
	}
	for _, srv := range []*client{c, onB} {
		if code, p := srv.login("ana@example.com", "mango-river-42"); code != 429 || p.Code != "rate_limited" {
			t.Fatalf("after 5 tries on two servers: %d %s", code, p.Code)
		}
	}
}

// The administration's backups: off, "back up now" is refused; on, it
// writes a file the list then shows; a user who is not an administrator
// reaches neither.
func TestAdminBackups(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		dir := t.TempDir()
		for _, on := range []bool{false, true} {
			o := identityOptions{}
			if on {
				o.backupDir = dir
			}
			srv, _ := identityServer(t, db, o)
			adm := newClient(t, srv)
			if !on {
				adm.signUp("admin@example.com")
			} else if code, _ := adm.login("admin@example.com", "mango-river-42"); code != 200 {
				t.Fatalf("sign-in: %d", code)
			}
			var st struct {
				Enabled bool   `json:"enabled"`
				Dir     string `json:"dir"`
				Every   int64  `json:"every"`
				Keep    int    `json:"keep"`
				Runs    []struct {
					File  string `json:"file"`
					Size  int64  `json:"size"`
					Error string `json:"error"`
				} `json:"runs"`
			}
			if code := adm.do("GET", "/api/v1/admin/backups", nil, &st); code != 200 || st.Enabled != on {
				t.Fatalf("on=%v: %d %+v", on, code, st)
			}
			var run struct {
				File string `json:"file"`
				Size int64  `json:"size"`
			}
			var p problem
			if !on {
				if code := adm.do("POST", "/api/v1/admin/backups", nil, &p); code != 409 || p.Code != "backups_off" {
					t.Fatalf("back up now, off: %d %s", code, p.Code)
				}
				continue
			}
			if code := adm.do("POST", "/api/v1/admin/backups", nil, &run); code != 201 || filepath.Dir(run.File) != dir || run.Size <= 0 {
				t.Fatalf("back up now: %d %+v", code, run)
			}
			if _, err := os.Stat(run.File); err != nil {
				t.Fatal(err)
			}
			if code := adm.do("GET", "/api/v1/admin/backups", nil, &st); code != 200 || st.Every != 86400 || st.Keep != 3 ||
				len(st.Runs) != 1 || st.Runs[0].File != run.File || st.Runs[0].Size != run.Size {
				t.Fatalf("after: %d %+v", code, st)
			}
			bo := newClient(t, srv)
			bo.signUp("bo@example.com")
			if code := bo.do("POST", "/api/v1/admin/backups", nil, &p); code != 403 {
				t.Fatalf("a user backs up: %d", code)
			}
		}
	})
}
