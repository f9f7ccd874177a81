package server

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"strings"

	"cashcontrol/internal/auth"
	"cashcontrol/web/screens"
)

// preloads are the files each page of the web app needs for its first paint
// beyond the entry's, as the build lists them in .vite/pages.json (see
// pagePreloads in web/vite.config.ts): the page's lazy chunks and their CSS,
// and each language's dictionary. The page is sent with them as
// <link rel="modulepreload"> and <link rel="preload" as="style">, so that the
// browser fetches them alongside the entry rather than one after another.
type preloads struct {
	Guest []string `json:"guest"`
	// Boot is what the entry itself loads (the app's code), for a page that
	// is not listed; a listed page's files include it.
	Boot         []string            `json:"boot"`
	Pages        map[string][]string `json:"pages"`
	Dictionaries map[string][]string `json:"dictionaries"`
	// html is index.html with each page's and language's links, built once;
	// a key ending in "|api" also starts the page's API requests.
	html map[string][]byte
}

// LanguageCookieName is the cookie in which the web app remembers the
// language it shows (not a secret, readable by the app): a returning visitor
// gets that dictionary with the page, whatever the browser's languages.
const LanguageCookieName = "cc_lang"

// defaultLanguage is the web app's when the browser asks for none it has
// (browserLanguage in web/src/shared/i18n).
const defaultLanguage = "es"

func loadPreloads(files fs.FS, index []byte) *preloads {
	b, err := fs.ReadFile(files, ".vite/pages.json")
	if err != nil || !bytes.Contains(index, []byte("</head>")) {
		return nil
	}
	var p preloads
	if json.Unmarshal(b, &p) != nil || len(p.Dictionaries[defaultLanguage]) == 0 {
		return nil
	}
	p.html = map[string][]byte{}
	requests := screenRequests()
	for lang, dict := range p.Dictionaries {
		p.html["|"+lang] = withLinks(index, append(append([]string{}, p.Boot...), dict...), nil)
		for page, list := range p.Pages {
			files := append(append([]string{}, list...), dict...)
			p.html[page+"|"+lang] = withLinks(index, files, nil)
			p.html[page+"|"+lang+"|api"] = withLinks(index, files, requests[page])
		}
	}
	return &p
}

// screenRequests are, per page, the API requests the signed-in app makes when
// it opens that page with no query (web/screens/screens.json), those that do
// not depend on the browser's clock.
func screenRequests() map[string][]string {
	list, err := screens.Load()
	if err != nil {
		return nil
	}
	out := map[string][]string{}
	for _, s := range list {
		if strings.Contains(s.Path, "?") {
			continue
		}
		for _, r := range s.Requests {
			if !strings.Contains(r, "{") {
				out[s.Path] = append(out[s.Path], r)
			}
		}
	}
	return out
}

// withLinks adds to index's head a link for each file, and one that fetches
// each API request at once, with the page (the app's own fetch of the same
// address, same-origin with credentials, then takes its answer).
func withLinks(index []byte, files, requests []string) []byte {
	var b strings.Builder
	for _, r := range requests {
		b.WriteString(`<link rel="preload" as="fetch" crossorigin href="` + html.EscapeString(r) + `">`)
	}
	for _, f := range files {
		href := html.EscapeString("/" + f)
		if strings.HasSuffix(f, ".css") {
			b.WriteString(`<link rel="preload" as="style" crossorigin href="` + href + `">`)
		} else {
			b.WriteString(`<link rel="modulepreload" crossorigin href="` + href + `">`)
		}
	}
	b.WriteString("</head>")
	return bytes.Replace(index, []byte("</head>"), []byte(b.String()), 1)
}

// page is index.html for this request: with the links of the page the app
// will show first (a signed-out visit to a signed-in page shows /login, and
// /login with a session shows /) and of the browser's language.
func (p *preloads) page(r *http.Request, path string) []byte {
	_, err := r.Cookie(auth.HintCookieName)
	signedIn := err == nil
	guest := false
	for _, g := range p.Guest {
		guest = guest || g == path
	}
	if _, ok := p.Pages[path]; ok {
		switch {
		case guest && signedIn:
			path = "/"
		case !guest && !signedIn:
			path = p.Guest[0]
		}
	} else {
		path = ""
	}
	key := path + "|" + p.language(r)
	if signedIn && r.URL.RawQuery == "" {
		if page, ok := p.html[key+"|api"]; ok {
			return page
		}
	}
	return p.html[key]
}

// language is the app's remembered language (LanguageCookieName), else the
// first of the browser's languages that the app has, as the app itself picks
// it from navigator.languages (the same list, in order).
func (p *preloads) language(r *http.Request) string {
	if c, err := r.Cookie(LanguageCookieName); err == nil {
		if _, ok := p.Dictionaries[c.Value]; ok {
			return c.Value
		}
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(strings.TrimSpace(part), ";")
		base := strings.ToLower(tag)
		if len(base) >= 2 {
			base = base[:2]
		}
		if _, ok := p.Dictionaries[base]; ok {
			return base
		}
	}
	return defaultLanguage
}
