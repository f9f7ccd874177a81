package api

import (
	"reflect"
	"strings"
	"testing"
)

// storagePackages are the packages that own tables: what they answer a
// handler with is theirs to change, so no type of theirs is part of the
// API (docs/ARCHITECTURE.md).
var storagePackages = []string{"cashcontrol/internal/store", "cashcontrol/internal/identity", "cashcontrol/internal/instance"}

// TestAnswersAreDomainTypes: every body an operation takes or answers (the
// route table's, which the OpenAPI document is made of) is made of types
// of finance or api, never of a storage package: a JSON type in the store
// that reaches the API fails here.
func TestAnswersAreDomainTypes(t *testing.T) {
	seen := map[reflect.Type]bool{}
	var walk func(route, path string, typ reflect.Type)
	walk = func(route, path string, typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if seen[typ] {
			return
		}
		seen[typ] = true
		for _, pkg := range storagePackages {
			if typ.PkgPath() == pkg || strings.HasPrefix(typ.PkgPath(), pkg+"/") {
				t.Errorf("%s: %s is %s, a type of the storage package %s: give it a home in finance", route, path, typ, pkg)
			}
		}
		if typ.Kind() != reflect.Struct {
			return
		}
		for i := range typ.NumField() {
			if f := typ.Field(i); f.IsExported() {
				walk(route, path+"."+f.Name, f.Type)
			}
		}
	}
	for route, o := range operations() {
		bodies := []any{o.body, o.reply}
		for _, a := range o.also {
			bodies = append(bodies, a.reply)
		}
		for _, b := range bodies {
			if b != nil {
				walk(route, reflect.TypeOf(b).String(), reflect.TypeOf(b))
			}
		}
	}
	if len(seen) < 50 {
		t.Fatalf("only %d types walked: the route table was not read", len(seen))
	}
}
