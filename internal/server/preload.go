package server

import (
	"bytes"
	"encoding/json"
	"html"
	"io/fs"
	"net/http"
	"strings"

	"cashcontrol/internal/auth"
)

// preloads are the files each page of the web app needs for its first paint
// beyond the entry's, as the build lists them in .vite/pages.json (see
// pagePreloads in web/vite.config.ts): the page's lazy chunks and their CSS,
// and each language's dictionary. The page is sent with them as
// <link rel="modulepreload"> and <link rel="preload" as="style">, so that the
// browser fetches them alongside the entry rather than one after another.
type preloads struct {
	Guest        []string            `json:"guest"`
	Pages        map[string][]string `json:"pages"`
	Dictionaries map[string][]string `json:"dictionaries"`
	// html is index.html with each page's and language's links, built once.
	html map[string][]byte
}

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
	for lang, dict := range p.Dictionaries {
		p.html["|"+lang] = withLinks(index, dict)
		for page, list := range p.Pages {
			p.html[page+"|"+lang] = withLinks(index, append(append([]string{}, list...), dict...))
		}
	}
	return &p
}

func withLinks(index []byte, files []string) []byte {
	var b strings.Builder
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
	return p.html[path+"|"+p.language(r.Header.Get("Accept-Language"))]
}

// language is the first of the browser's languages that the app has, as the
// app itself picks it from navigator.languages (the same list, in order).
func (p *preloads) language(accept string) string {
	for _, part := range strings.Split(accept, ",") {
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
