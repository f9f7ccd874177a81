package ledgerfile

import (
	"archive/zip"
	"bytes"
	"reflect"
	"testing"
)

func TestLooksLikeActual(t *testing.T) {
	zipped := func(names ...string) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, n := range names {
			w, _ := zw.Create(n)
			w.Write([]byte("x"))
		}
		zw.Close()
		return buf.Bytes()
	}
	for _, c := range []struct {
		name string
		data []byte
		want bool
	}{
		{"the export", zipped("db.sqlite", "metadata.json"), true},
		{"the export's folder", zipped("My-Finances/db.sqlite", "My-Finances/metadata.json"), true},
		{"no metadata.json", zipped("db.sqlite"), false},
		{"no db.sqlite", zipped("metadata.json", "data.csv"), false},
		{"too deep", zipped("a/b/db.sqlite", "a/b/metadata.json"), false},
		{"not a zip", []byte("date,amount\n"), false},
	} {
		if got := looksLikeActual(c.data); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestHundredths(t *testing.T) {
	for _, c := range []struct {
		in   int64
		exp  int
		want int64
	}{
		{12345, 2, 12345}, {12345, 3, 123450}, {12345, 4, 1234500}, {12345, 0, 123}, {12350, 0, 124},
		{-12350, 0, -124}, {-12349, 0, -123}, {15, 1, 2}, {-15, 1, -2}, {14, 1, 1},
	} {
		if got, ok := hundredths(c.in, c.exp); !ok || got != c.want {
			t.Errorf("hundredths(%d, %d) = %d %v, want %d", c.in, c.exp, got, ok, c.want)
		}
	}
	if _, ok := hundredths(1_000_000_000_000_000, 4); ok {
		t.Error("an amount past MaxAmount was taken")
	}
}

func TestActualTags(t *testing.T) {
	got := actualTags("Dinner #Food #food, with #friends#fun and # alone ##x")
	if want := []string{"food", "friends", "fun", "x"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("tags %v, want %v", got, want)
	}
}
