package banksync_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArrowsPointDown: banksync answers with finance's types and keeps
// nothing itself: it must not import the store or the API (the Service is
// handed a Store).
func TestArrowsPointDown(t *testing.T) {
	for _, dir := range []string{".", "banksynctest"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				p := strings.Trim(imp.Path.Value, `"`)
				if (p == "cashcontrol/internal/store" || strings.HasPrefix(p, "cashcontrol/internal/api")) && !strings.HasSuffix(f, "_test.go") {
					t.Errorf("%s imports %s", f, p)
				}
			}
		}
	}
}
