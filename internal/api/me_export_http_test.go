package api_test

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"slices"
	"testing"

	"cashcontrol/internal/api"
	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// The user's export is written as it is read: the server's live memory
// while a 10,000-movement export is downloaded stays far below the
// document's size (an export held whole, as it was, took 962 MB for 260,000
// movements), as JSON and as a zip, and the document holds every movement.
func TestExportStreams(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := ledgerHandler(t, db, func(*api.Deps) {})
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		c := newClient(t, srv)
		c.signUp("export-stream@example.com")
		var acc, cat idReply
		c.do("POST", "/api/v1/accounts", map[string]any{"name": "Bank", "type": "bank", "currency": "EUR"}, &acc)
		c.do("POST", "/api/v1/categories", map[string]any{"name": "Food", "type": "expense"}, &cat)
		const n = 10000
		for b := range 5 {
			batch := make([]map[string]any, n/5)
			for i := range batch {
				batch[i] = map[string]any{"type": "expense", "date": fmt.Sprintf("2026-%02d-%02d", 1+i%12, 1+i%28), "amount": 100 + b*n + i,
					"accountId": acc.ID, "categoryId": cat.ID, "description": fmt.Sprintf("Shop %d", i),
					"notes": fmt.Sprintf("%x %x", sha256.Sum256([]byte{byte(b), byte(i), byte(i >> 8)}), sha256.Sum256([]byte{byte(i), byte(b), byte(i >> 8)}))}
			}
			var out struct{ Affected int }
			if code := c.do("POST", "/api/v1/movements/bulk", map[string]any{"action": "create", "movements": batch}, &out); code != 200 || out.Affected != n/5 {
				t.Fatalf("bulk create: %d %+v", code, out)
			}
		}
		// The handler writes into a ResponseWriter that watches the heap
		// as the bytes come (through a socket, the kernel's buffers would
		// take megabytes before the reader sees any).
		u, _ := url.Parse(srv.URL)
		for _, format := range []string{"json", "zip"} {
			req := httptest.NewRequest("GET", "/api/v1/me/export?format="+format, nil)
			for _, k := range c.http.Jar.Cookies(u) {
				req.AddCookie(k)
			}
			w := newHeapWatcher()
			h.ServeHTTP(w, req)
			grew := w.median(t)
			if w.code != 200 || grew > 2<<20 {
				t.Errorf("%s export of %d bytes (%d): the server's live memory stood %d bytes higher while it was written", format, w.size, w.code, grew)
			}
			t.Logf("%s: %d bytes, live heap %d bytes higher (median)", format, w.size, grew)
		}

		// What was streamed is the whole document, in both forms.
		var doc struct {
			Format string                      `json:"format"`
			Data   map[string][]map[string]any `json:"data"`
		}
		if code := c.do("GET", "/api/v1/me/export", nil, &doc); code != 200 || doc.Format != "cashcontrol-export/1" || len(doc.Data["movements"]) != n ||
			len(doc.Data["accounts"]) != 1 || doc.Data["rules"] == nil {
			t.Fatalf("export: %d %q %d movements, %d accounts", code, doc.Format, len(doc.Data["movements"]), len(doc.Data["accounts"]))
		}
		_, _, zipped := c.raw("GET", "/api/v1/me/export?format=zip", "", nil)
		zr, err := zip.NewReader(bytes.NewReader(zipped), int64(len(zipped)))
		if err != nil {
			t.Fatal(err)
		}
		f, err := zr.Open("cashcontrol-export.json")
		if err != nil {
			t.Fatal(err)
		}
		var inZip struct {
			Data map[string][]json.RawMessage `json:"data"`
		}
		if err := json.NewDecoder(f).Decode(&inZip); err != nil || len(inZip.Data["movements"]) != n {
			t.Fatalf("the zip's document: %v, %d movements", err, len(inZip.Data["movements"]))
		}
	})
}

// heapWatcher is a ResponseWriter that keeps none of what is written, and
// notes at every 128 KB how far the live heap (after a collection) stands
// above where it was when the watcher was made.
type heapWatcher struct {
	header     http.Header
	code       int
	size, next int64
	base       int64
	samples    []int64
}

func newHeapWatcher() *heapWatcher {
	return &heapWatcher{header: http.Header{}, next: 128 << 10, base: liveHeap()}
}

func (w *heapWatcher) Header() http.Header { return w.header }
func (w *heapWatcher) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *heapWatcher) Write(p []byte) (int, error) {
	w.WriteHeader(200)
	w.size += int64(len(p))
	if w.size >= w.next {
		w.samples = append(w.samples, liveHeap()-w.base)
		w.next += 128 << 10
	}
	return len(p), nil
}

// median is the middle of the notes (one can catch a moment's work
// elsewhere in the process; an export held whole is in most of them).
func (w *heapWatcher) median(t *testing.T) int64 {
	if len(w.samples) < 3 {
		t.Fatalf("%d bytes: too few to watch", w.size)
	}
	slices.Sort(w.samples)
	return w.samples[len(w.samples)/2]
}

func liveHeap() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m)
	return int64(m.HeapAlloc)
}
