package server_test

import (
	"strings"
	"testing"
	"testing/fstest"
)

// Each page is sent with links to the files its first paint needs, as the
// build lists them: the page the app will show (by the session hint cookie)
// and the dictionary of the browser's language.
func TestPagePreloads(t *testing.T) {
	pages := `{"guest":["/login"],"boot":["assets/app-1.js","assets/app-1.css"],
		"pages":{"/login":["assets/Login-1.js","assets/Input-1.css"],"/movements":["assets/Layout-1.js","assets/Movements-1.js"],"/":["assets/Layout-1.js","assets/Home-1.js"]},
		"dictionaries":{"es":["assets/es-1.js"],"en":["assets/en-1.js"],"fr":["assets/fr-1.js"]}}`
	srv := newServerWith(t, fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html><html><head><title>x</title></head><body></body></html>")},
		".vite/pages.json": {Data: []byte(pages)},
	})
	links := func(path string, header ...string) []string {
		t.Helper()
		resp, body := get(t, srv, path, header...)
		if resp.StatusCode != 200 || !strings.Contains(strings.Join(resp.Header.Values("Vary"), ","), "Cookie") {
			t.Fatalf("GET %s: %d, Vary %q", path, resp.StatusCode, resp.Header.Values("Vary"))
		}
		var out []string
		for _, part := range strings.Split(body, "<link ")[1:] {
			_, href, _ := strings.Cut(part, `href="`)
			href, _, _ = strings.Cut(href, `"`)
			kind := "module"
			if strings.Contains(part, `rel="preload" as="style"`) {
				kind = "style"
			}
			if strings.Contains(part, `rel="preload" as="fetch" crossorigin`) {
				kind = "fetch"
			}
			out = append(out, kind+" "+href)
		}
		if !strings.HasSuffix(strings.TrimSpace(body), "</head><body></body></html>") {
			t.Fatalf("GET %s: the links are not in the head: %s", path, body)
		}
		return out
	}
	hint := "cc_signed_in=1"
	for _, tc := range []struct {
		path, cookie, accept string
		want                 string
	}{
		{"/login", "", "en-US,en;q=0.9", "module /assets/Login-1.js, style /assets/Input-1.css, module /assets/en-1.js"},
		{"/login", "", "", "module /assets/Login-1.js, style /assets/Input-1.css, module /assets/es-1.js"},
		{"/login", "", "de-DE, fr-CA;q=0.8", "module /assets/Login-1.js, style /assets/Input-1.css, module /assets/fr-1.js"},
		// Signed out, a signed-in page shows /login; signed in, /login shows /.
		{"/movements", "", "es", "module /assets/Login-1.js, style /assets/Input-1.css, module /assets/es-1.js"},
		// Signed in, a page's API requests (web/screens) start with the page
		// (not those that depend on the browser's clock, nor with a query:
		// the app asks for other addresses then).
		{"/movements", hint, "es", "fetch /api/v1/me, fetch /api/v1/meta, fetch /api/v1/ledgers, fetch /api/v1/accounts, fetch /api/v1/categories, " +
			"fetch /api/v1/movements?order=desc&amp;limit=100, fetch /api/v1/movements/totals?order=desc, " +
			"module /assets/Layout-1.js, module /assets/Movements-1.js, module /assets/es-1.js"},
		{"/movements?q=cafe", hint, "es", "module /assets/Layout-1.js, module /assets/Movements-1.js, module /assets/es-1.js"},
		// The language the app remembers wins over the browser's.
		{"/movements?q=cafe", hint + "; cc_lang=fr", "es", "module /assets/Layout-1.js, module /assets/Movements-1.js, module /assets/fr-1.js"},
		{"/login", "cc_lang=en", "es", "module /assets/Login-1.js, style /assets/Input-1.css, module /assets/en-1.js"},
		{"/login", "cc_lang=de", "es", "module /assets/Login-1.js, style /assets/Input-1.css, module /assets/es-1.js"},
		{"/login", hint, "es", "fetch /api/v1/me, fetch /api/v1/meta, fetch /api/v1/ledgers, fetch /api/v1/accounts, fetch /api/v1/categories, " +
			"fetch /api/v1/schedules/upcoming?days=7, fetch /api/v1/bank/connections, module /assets/Layout-1.js, module /assets/Home-1.js, module /assets/es-1.js"},
		// An unknown page: the app's code (what the entry loads) and the dictionary.
		{"/nope", hint, "fr", "module /assets/app-1.js, style /assets/app-1.css, module /assets/fr-1.js"},
	} {
		var header []string
		if tc.cookie != "" {
			header = append(header, "Cookie", tc.cookie)
		}
		if tc.accept != "" {
			header = append(header, "Accept-Language", tc.accept)
		}
		if got := strings.Join(links(tc.path, header...), ", "); got != tc.want {
			t.Errorf("%s (cookie %q, %q):\n got %s\nwant %s", tc.path, tc.cookie, tc.accept, got, tc.want)
		}
	}
}
