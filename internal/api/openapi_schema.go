package api

import (
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"time"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"

	"cashcontrol/internal/finance"
)

// schemaSet turns the Go types the handlers read and write into the
// document's JSON Schemas (OpenAPI 3.1 is JSON Schema 2020-12), read the way
// encoding/json writes them: a named struct becomes a component, a field
// without omitempty is required in a reply, a pointer may be null, and a
// field's enum tag lists the values it takes (enum:"a,b").
type schemaSet struct {
	components openapi3.Schemas
	names      map[schemaKey]string // the component of each type, per direction
	taken      map[string]schemaKey
}

// schemaKey is a type in one direction: a reply's or a request's. A request
// schema has no required fields (a missing field is the zero value) and no
// unknown ones (the decoder refuses them).
type schemaKey struct {
	t       reflect.Type
	request bool
}

func newSchemaSet() *schemaSet {
	return &schemaSet{components: openapi3.Schemas{}, names: map[schemaKey]string{}, taken: map[string]schemaKey{}}
}

var (
	timeType     = reflect.TypeFor[time.Time]()
	idInputType  = reflect.TypeFor[finance.IDInput]()
	rawJSONType  = reflect.TypeFor[json.RawMessage]()
	marshalerT   = reflect.TypeFor[json.Marshaler]()
	textMarshalT = reflect.TypeFor[encoding.TextMarshaler]()
)

func types(t ...string) *openapi3.Types { v := openapi3.Types(t); return &v }

// of is the schema of Go type t.
func (s *schemaSet) of(t reflect.Type, request bool) *openapi3.SchemaRef {
	switch t {
	case timeType:
		return openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("string"), Format: "date-time"})
	case idInputType:
		// Documented as strings only (a number is still read, for old clients).
		return openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("string", "null"), Pattern: "^[0-9]*$",
			Description: "An id: a string of digits; null or \"\" for none."})
	case rawJSONType:
		return anyJSON("")
	}
	if t.Kind() == reflect.Pointer {
		return nullable(s.of(t.Elem(), request))
	}
	if t.Name() == "URLEncodedBase64" {
		// go-webauthn's bytes: a base64url string.
		return openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("string"), ContentEncoding: "base64url"})
	}
	if t.Kind() != reflect.Interface && (t.Implements(marshalerT) || reflect.PointerTo(t).Implements(marshalerT) ||
		t.Implements(textMarshalT)) {
		// Its own encoding (a library's type): any JSON value.
		return anyJSON("JSON as " + t.String() + " encodes it.")
	}
	switch t.Kind() {
	case reflect.Bool:
		return openapi3.NewSchemaRef("", openapi3.NewBoolSchema())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Uint8, reflect.Uint16, reflect.Uint32:
		return openapi3.NewSchemaRef("", openapi3.NewIntegerSchema())
	case reflect.Int64, reflect.Uint, reflect.Uint64:
		return openapi3.NewSchemaRef("", openapi3.NewInt64Schema())
	case reflect.Float32, reflect.Float64:
		return openapi3.NewSchemaRef("", openapi3.NewFloat64Schema())
	case reflect.String:
		return openapi3.NewSchemaRef("", openapi3.NewStringSchema())
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("string"), ContentEncoding: "base64"})
		}
		return openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("array"), Items: s.of(t.Elem(), request)})
	case reflect.Map:
		return openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("object"),
			AdditionalProperties: openapi3.AdditionalProperties{Schema: s.of(t.Elem(), request)}})
	case reflect.Struct:
		if t.Name() == "" {
			return openapi3.NewSchemaRef("", s.object(t, request))
		}
		return s.component(t, request)
	}
	return anyJSON("") // interface{}
}

// anyJSON is any JSON value, null included: one of JSON's six types
// (no member is the empty schema, which some generators cannot read).
func anyJSON(desc string) *openapi3.SchemaRef {
	var anyOf openapi3.SchemaRefs
	for _, t := range []string{"object", "array", "string", "number", "boolean", "null"} {
		s := &openapi3.Schema{Type: types(t)}
		if t == "object" {
			// Any members: said so, the generated TypeScript reads an object of anything, not one with none.
			s.AdditionalProperties = openapi3.AdditionalProperties{Has: new(true)}
		}
		anyOf = append(anyOf, openapi3.NewSchemaRef("", s))
	}
	return openapi3.NewSchemaRef("", &openapi3.Schema{Description: desc, AnyOf: anyOf})
}

// hasFields refuses a required field that the object schema r lacks.
func hasFields(r *openapi3.SchemaRef, fields []string) error {
	for _, f := range fields {
		if r.Value == nil || r.Value.Properties[f] == nil {
			return fmt.Errorf("the required field %q is not in the body", f)
		}
	}
	return nil
}

// component is a named struct's $ref, its schema made once.
func (s *schemaSet) component(t reflect.Type, request bool) *openapi3.SchemaRef {
	key := schemaKey{t, request}
	name, ok := s.names[key]
	if !ok {
		name = s.nameOf(t, request)
		s.names[key] = name
		s.taken[name] = key
		s.components[name] = openapi3.NewSchemaRef("", &openapi3.Schema{}) // a placeholder while it recurses
		s.components[name] = openapi3.NewSchemaRef("", s.object(t, request))
	}
	return openapi3.NewSchemaRef("#/components/schemas/"+name, s.components[name].Value)
}

// nameOf is a component's name: the type's (list[finance.Account] is
// AccountList), a request's ending in Body unless it says Input, Request or
// Patch, and the package's in front when two packages share a name.
func (s *schemaSet) nameOf(t reflect.Type, request bool) string {
	name := t.Name()
	if i := strings.IndexByte(name, '['); i >= 0 {
		var args []string
		for _, a := range strings.Split(strings.TrimSuffix(name[i+1:], "]"), ",") {
			a = a[strings.LastIndexAny(a, "./*]")+1:]
			args = append(args, capital(a))
		}
		name = strings.Join(args, "") + capital(name[:i])
	}
	name = capital(name)
	if request && !strings.HasSuffix(name, "Input") && !strings.HasSuffix(name, "Request") && !strings.HasSuffix(name, "Patch") {
		name += "Body"
	}
	if other, ok := s.taken[name]; ok && other != (schemaKey{t, request}) {
		pkg := t.PkgPath()
		name = capital(pkg[strings.LastIndexByte(pkg, '/')+1:]) + name
	}
	return name
}

func capital(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// object is a struct's schema: its JSON fields, the embedded structs' too.
func (s *schemaSet) object(t reflect.Type, request bool) *openapi3.Schema {
	o := &openapi3.Schema{Type: types("object"), Properties: openapi3.Schemas{}}
	if request {
		o.AdditionalProperties = openapi3.AdditionalProperties{Has: new(false)}
	}
	s.fields(o, t, request)
	return o
}

func (s *schemaSet) fields(o *openapi3.Schema, t reflect.Type, request bool) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				s.fields(o, ft, request)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		omit := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		var sch *openapi3.SchemaRef
		asString := strings.Contains(","+opts+",", ",string,")
		switch {
		case asString && ft.Kind() >= reflect.Int && ft.Kind() <= reflect.Uint64:
			sch = openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("string"), Pattern: "^-?[0-9]+$"})
		case asString && ft.Kind() == reflect.Pointer && ft.Elem().Kind() >= reflect.Int && ft.Elem().Kind() <= reflect.Uint64:
			sch = openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("string"), Pattern: "^-?[0-9]+$"})
			if !omit || request {
				sch = nullable(sch)
			}
		case ft.Kind() == reflect.Pointer && omit && !request:
			sch = s.of(ft.Elem(), request) // absent rather than null
		default:
			sch = s.of(ft, request)
		}
		if enum := f.Tag.Get("enum"); enum != "" && sch.Ref == "" {
			v := *sch.Value
			v.Enum = nil
			for _, e := range strings.Split(enum, ",") {
				if v.Type.Includes("boolean") {
					v.Enum = append(v.Enum, e == "true")
				} else {
					v.Enum = append(v.Enum, e)
				}
			}
			if v.Type.Includes("null") {
				v.Enum = append(v.Enum, nil)
			}
			sch = openapi3.NewSchemaRef("", &v)
		}
		o.Properties[name] = sch
		if !request && !omit {
			o.Required = append(o.Required, name)
		}
	}
}

// nullable is schema r that may also be null.
func nullable(r *openapi3.SchemaRef) *openapi3.SchemaRef {
	if r.Ref == "" && r.Value.Type != nil && r.Value.Type.Includes("null") {
		return r
	}
	if r.Ref == "" && r.Value.Type != nil {
		v := *r.Value
		v.Type = types(append(append([]string{}, *r.Value.Type...), "null")...)
		return openapi3.NewSchemaRef("", &v)
	}
	return openapi3.NewSchemaRef("", &openapi3.Schema{AnyOf: openapi3.SchemaRefs{r, openapi3.NewSchemaRef("", &openapi3.Schema{Type: types("null")})}})
}
