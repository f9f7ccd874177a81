package api_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"cashcontrol/internal/store"
	"cashcontrol/internal/store/storetest"
)

// Two uploads of one file, previewed before either is committed and then
// committed at once: the commit that runs second reads the account inside
// its transaction, finds every row there and adds nothing, whichever wins.
func TestImportParallelCommitsOfOneFileImportItOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		srv := ledgerServer(t, db)
		c, acc := importClient(t, srv, "twice@example.com")
		var csv bytes.Buffer
		csv.WriteString("date;description;amount\n")
		const rows = 5000
		for i := range rows {
			fmt.Fprintf(&csv, "%02d/03/2025;Shop %d;-%d,50\n", 1+i%28, i, 1+i%90)
		}
		var p1, p2 preview
		if c.upload("a.csv", csv.Bytes(), acc.ID, &p1) != 200 || c.upload("b.csv", csv.Bytes(), acc.ID, &p2) != 200 {
			t.Fatal("upload")
		}
		if p1.Valid != rows || p1.Duplicates != 0 || p2.Duplicates != 0 {
			t.Fatalf("previews %+v %+v", p1, p2)
		}
		var wg sync.WaitGroup
		codes := make([]int, 2)
		bodies := make([]string, 2)
		for i, id := range []string{p1.ID, p2.ID} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := fmt.Sprintf(`{"accountId":%q}`, acc.ID)
				req, _ := http.NewRequest("POST", c.base+"/api/v1/imports/"+id+"/commit", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := c.http.Do(req)
				if err != nil {
					bodies[i] = err.Error()
					return
				}
				defer resp.Body.Close()
				var b bytes.Buffer
				_, _ = b.ReadFrom(resp.Body)
				codes[i], bodies[i] = resp.StatusCode, b.String()
			}()
		}
		wg.Wait()
		results := strings.Join(bodies, " ")
		if codes[0] != 200 || codes[1] != 200 ||
			!strings.Contains(results, fmt.Sprintf(`"created":%d,"duplicates":0`, rows)) ||
			!strings.Contains(results, fmt.Sprintf(`"created":0,"duplicates":%d`, rows)) {
			t.Fatalf("commits: %v %s", codes, results)
		}
		var list movementList
		c.do("GET", "/api/v1/movements?limit=500&q=Shop%204999", nil, &list)
		if len(list.Items) != 1 {
			t.Fatalf("the last row is there %d times", len(list.Items))
		}
	})
}
