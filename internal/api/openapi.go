package api

import (
	"cmp"
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"cashcontrol/internal/auth"
	"cashcontrol/internal/finance"
)

// OpenAPIPath is where the API describes itself.
const OpenAPIPath = "/api/v1/openapi.json"

// op documents one endpoint of the route table (operations, keyed by its
// pattern). What the route table knows already (who may call it, its path
// parameters, the ledger alias) the document takes from there.
type op struct {
	id, summary, desc string
	query             []param
	body              any      // the JSON request body (a value of its Go type)
	form              []param  // or a multipart/form-data body: its fields (a file part is "file")
	status            int      // the success status: 200 unless set
	reply             any      // the success body (a value of its Go type); nil: no content
	media             string   // the success body's media type when it is not JSON
	also              []answer // other successful answers
	problems          []string // problem codes beyond those the route's access and body imply
	idempotent        bool     // takes an Idempotency-Key header
	// required are the body's fields a request must send (a create's): the
	// body's schema is shared with other operations (a PATCH sends any).
	required []string
}

// answer is another successful answer of an operation.
type answer struct {
	status int
	desc   string
	reply  any
}

// param is a query (or form) parameter.
type param struct {
	name, kind, desc string // kind: string, date, int, bool, ids, or a list of values a|b|c
}

func qp(name, kind, desc string) param { return param{name: name, kind: kind, desc: desc} }

func (p param) schema() *openapi3.Schema {
	switch p.kind {
	case "date":
		return &openapi3.Schema{Type: types("string"), Format: "date"}
	case "int":
		return openapi3.NewIntegerSchema()
	case "bool":
		return &openapi3.Schema{Type: types("string"), Enum: []any{"true", "false"}}
	case "ids":
		return &openapi3.Schema{Type: types("string"), Pattern: "^[0-9]+(,[0-9]+)*$"}
	case "file":
		return &openapi3.Schema{Type: types("string"), ContentMediaType: "application/octet-stream"}
	case "string", "":
		return openapi3.NewStringSchema()
	}
	var enum []any
	for _, v := range strings.Split(p.kind, "|") {
		enum = append(enum, v)
	}
	return &openapi3.Schema{Type: types("string"), Enum: enum}
}

// OpenAPI is the document of the API: every route of the table, with its
// parameters, bodies, answers and problem codes. It is the same for every
// server; each API makes it once, when it is first asked for.
func OpenAPI() ([]byte, error) {
	doc, err := openAPIDocument((&API{}).routes())
	if err != nil {
		return nil, err
	}
	return json.Marshal(doc)
}

func openAPIDocument(table []route) (*openapi3.T, error) {
	ops := operations()
	s := newSchemaSet()
	problem := s.of(reflect.TypeFor[Problem](), false)
	doc := &openapi3.T{
		OpenAPI: "3.1.0",
		// Relative to where the document is served: the instance that serves it.
		Servers: openapi3.Servers{{URL: "/", Description: "The Cash Control server that serves this document"}},
		Info: &openapi3.Info{Title: "Cash Control API", Version: Version,
			License: &openapi3.License{Name: "MIT", Identifier: "MIT"},
			Contact: &openapi3.Contact{Name: "Cash Control"},
			Description: "The JSON API of Cash Control, self-hosted personal finance. Money is an integer of minor units " +
				"(cents), exchange rates are decimal strings, dates are YYYY-MM-DD, ids are strings of digits. " +
				"Errors are application/problem+json with a stable code. Sign in with the browser's session cookie, or send " +
				"a personal API token (Profile → API tokens) as `Authorization: Bearer cc_…`. Every ledger route also " +
				"answers under /api/v1/ledgers/{ledgerId}/… for that ledger; without it, the caller's current ledger."},
		Paths: openapi3.NewPaths(),
		Components: &openapi3.Components{
			Schemas:   s.components,
			Responses: openapi3.ResponseBodies{},
			SecuritySchemes: openapi3.SecuritySchemes{
				"session": {Value: &openapi3.SecurityScheme{Type: "apiKey", In: "cookie", Name: auth.CookieName,
					Description: "The browser's session, set by signing in."}},
				"token": {Value: &openapi3.SecurityScheme{Type: "http", Scheme: "bearer",
					Description: "A personal API token: read (GET only) or write scope."}},
			},
		},
	}
	overview, tags := reference()
	doc.Info.Description += "\n\n" + overview
	doc.Tags = tags
	seen := map[string]bool{}
	for _, rt := range expand(table) {
		key := rt.pattern
		alias := false
		method, path, _ := strings.Cut(rt.pattern, " ")
		if rt.access >= viewer && rt.access <= owner && strings.HasPrefix(path, ledgerPrefix) && !slices.ContainsFunc(table, func(t route) bool { return t.pattern == rt.pattern }) {
			key, alias = method+" /api/v1"+strings.TrimPrefix(path, ledgerPrefix), true
		}
		o, ok := ops[key]
		if !ok {
			return nil, fmt.Errorf("openapi: the route %q has no operation", key)
		}
		if !alias {
			seen[key] = true
		}
		operation, err := o.operation(s, rt, method, path, problem, doc.Components.Responses, alias)
		if err != nil {
			return nil, fmt.Errorf("openapi: %s: %w", rt.pattern, err)
		}
		item := doc.Paths.Value(path)
		if item == nil {
			item = &openapi3.PathItem{}
			doc.Paths.Set(path, item)
		}
		if tags.Get(operation.Tags[0]) == nil {
			return nil, fmt.Errorf("openapi: %s: the tag %q has no section in openapi.md", rt.pattern, operation.Tags[0])
		}
		item.SetOperation(method, operation)
	}
	for key := range ops {
		if !seen[key] {
			return nil, fmt.Errorf("openapi: the operation %q has no route", key)
		}
	}
	return doc, nil
}

func (o op) operation(s *schemaSet, rt route, method, path string, problem *openapi3.SchemaRef, problems openapi3.ResponseBodies, alias bool) (*openapi3.Operation, error) {
	if o.id == "" || o.summary == "" {
		return nil, fmt.Errorf("an operation needs an id and a summary")
	}
	x := &openapi3.Operation{OperationID: o.id, Summary: o.summary, Description: o.desc, Responses: openapi3.NewResponses()}
	tagPath := path
	if alias {
		tagPath = "/api/v1" + strings.TrimPrefix(path, ledgerPrefix)
	}
	x.Tags = []string{tagOf(strings.Split(strings.TrimPrefix(tagPath, "/api/v1"), "/"))}
	if alias {
		x.OperationID += "InLedger"
		x.Summary += " (a named ledger)"
		x.Description = strings.TrimSpace(x.Description + "\n\nIn the ledger {ledgerId} rather than the caller's current ledger.")
	}
	switch {
	case rt.access == anyone:
		x.Security = &openapi3.SecurityRequirements{}
	case rt.sessionOnly:
		x.Security = &openapi3.SecurityRequirements{{"session": {}}}
	default:
		x.Security = &openapi3.SecurityRequirements{{"session": {}}, {"token": {}}}
	}
	for _, name := range pathParams(path) {
		x.Parameters = append(x.Parameters, &openapi3.ParameterRef{Value: openapi3.NewPathParameter(name).
			WithSchema(openapi3.NewStringSchema()).WithDescription(pathParamDesc(name))})
	}
	for _, p := range o.query {
		x.Parameters = append(x.Parameters, &openapi3.ParameterRef{Value: openapi3.NewQueryParameter(p.name).
			WithSchema(p.schema()).WithDescription(p.desc)})
	}
	if o.idempotent {
		x.Parameters = append(x.Parameters, &openapi3.ParameterRef{Value: openapi3.NewHeaderParameter("Idempotency-Key").
			WithSchema(&openapi3.Schema{Type: types("string"), MinLength: 1, MaxLength: new(uint64(MaxIdempotencyKey)), Pattern: "^[\\x21-\\x7e]+$"}).
			WithDescription("The same key with the same request within 24 hours answers the first request's result (with Idempotent-Replayed: true) and writes nothing.")})
	}
	switch {
	case o.body != nil:
		body := s.of(reflect.TypeOf(o.body), true)
		if len(o.required) > 0 {
			if err := hasFields(body, o.required); err != nil {
				return nil, err
			}
			body = openapi3.NewSchemaRef("", &openapi3.Schema{AllOf: openapi3.SchemaRefs{body}, Required: o.required})
		}
		x.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).WithJSONSchemaRef(body)}
	case o.form != nil:
		form := &openapi3.Schema{Type: types("object"), Properties: openapi3.Schemas{}}
		for _, p := range o.form {
			f := p.schema()
			f.Description = p.desc
			form.Properties[p.name] = openapi3.NewSchemaRef("", f)
		}
		form.Required = []string{"file"}
		x.RequestBody = &openapi3.RequestBodyRef{Value: openapi3.NewRequestBody().WithRequired(true).
			WithContent(openapi3.NewContentWithFormDataSchema(form))}
	}
	status := o.status
	if status == 0 {
		status = http.StatusOK
	}
	answers := append([]answer{{status: status, reply: o.reply}}, o.also...)
	for i, a := range answers {
		if x.Responses.Status(a.status) != nil {
			continue // merged into the first answer of its status
		}
		r := openapi3.NewResponse().WithDescription(cmp.Or(a.desc, http.StatusText(a.status)))
		var replies openapi3.SchemaRefs // the JSON bodies this status may carry
		for _, b := range answers[i:] {
			if _, text := b.reply.(string); b.status == a.status && b.reply != nil && !text {
				replies = append(replies, s.of(reflect.TypeOf(b.reply), false))
			}
		}
		r.Content = openapi3.Content{}
		if o.media != "" && a.status == status {
			for _, m := range strings.Split(o.media, ",") {
				r.Content[m] = openapi3.NewMediaType().WithSchema(&openapi3.Schema{Type: types("string")})
			}
		}
		switch len(replies) {
		case 0:
		case 1:
			r.Content["application/json"] = openapi3.NewMediaType().WithSchemaRef(replies[0])
		default:
			r.Content["application/json"] = openapi3.NewMediaType().WithSchema(&openapi3.Schema{AnyOf: replies})
		}
		if len(r.Content) == 0 {
			r.Content = nil
		}
		if a.status == http.StatusFound || a.status == http.StatusSeeOther {
			r.Headers = openapi3.Headers{"Location": {Value: &openapi3.Header{Parameter: openapi3.Parameter{Schema: openapi3.NewSchemaRef("", openapi3.NewStringSchema())}}}}
		}
		x.Responses.Set(strconv.Itoa(a.status), &openapi3.ResponseRef{Value: r})
	}
	// The problems: one shared response per status, and the operation's
	// codes by status in x-problem-codes (the tests check every problem
	// answered against them) and in its description.
	byStatus := o.problemCodes(rt, method, path)
	statuses := slices.Sorted(maps.Keys(byStatus))
	codes := map[string][]string{}
	var lines []string
	for _, st := range statuses {
		name := strings.ReplaceAll(http.StatusText(st), " ", "")
		if _, ok := problems[name]; !ok {
			r := openapi3.NewResponse().WithDescription(http.StatusText(st) + ": a problem; its code says which (see the operation's x-problem-codes).")
			r.Content = openapi3.Content{"application/problem+json": openapi3.NewMediaType().WithSchemaRef(problem)}
			problems[name] = &openapi3.ResponseRef{Value: r}
		}
		x.Responses.Set(strconv.Itoa(st), &openapi3.ResponseRef{Ref: "#/components/responses/" + name, Value: problems[name].Value})
		codes[strconv.Itoa(st)] = byStatus[st]
		lines = append(lines, "- "+strconv.Itoa(st)+": "+strings.Join(byStatus[st], ", "))
	}
	x.Extensions = map[string]any{"x-problem-codes": codes}
	x.Description = strings.TrimSpace(x.Description + "\n\nProblem codes:\n" + strings.Join(lines, "\n"))
	return x, nil
}

// problemCodes are the operation's problem codes by status: those every
// route of its kind can answer, and its own.
func (o op) problemCodes(rt route, method, path string) map[int][]string {
	codes := []string{finance.ECodeInvalid, finance.ECodeInternal} // a NUL in the path or query; the database down
	if rt.access != anyone {
		codes = append(codes, finance.ECodeUnauthorized)
		if method != http.MethodGet {
			codes = append(codes, finance.ECodeTokenScope)
		}
		if rt.sessionOnly {
			codes = append(codes, finance.ECodeTokenNotAllowed)
		}
	}
	if rt.access >= viewer {
		codes = append(codes, finance.ECodeForbidden, finance.ECodeNotFound) // not the ledger's member; an id not in it
	}
	if strings.Contains(path, "{") {
		codes = append(codes, finance.ECodeNotFound)
	}
	if method != http.MethodGet && method != http.MethodHead {
		codes = append(codes, finance.ECodeCrossOrigin)
	}
	if o.body != nil || o.form != nil {
		codes = append(codes, finance.ECodePayloadTooLarge, finance.ECodeUnsupportedMedia)
	}
	if o.idempotent {
		codes = append(codes, finance.ECodeIdempotencyReused)
	}
	out := map[int][]string{}
	for _, c := range append(codes, o.problems...) {
		st, ok := statusOf[c]
		if !ok {
			st = http.StatusBadRequest
			if c == finance.ECodeInternal {
				st = http.StatusInternalServerError
			}
		}
		if !slices.Contains(out[st], c) {
			out[st] = append(out[st], c)
		}
	}
	for st := range out {
		sort.Strings(out[st])
	}
	return out
}

func pathParams(path string) []string {
	var out []string
	for rest := path; ; {
		i := strings.IndexByte(rest, '{')
		if i < 0 {
			return out
		}
		j := strings.IndexByte(rest[i:], '}')
		out = append(out, strings.TrimSuffix(rest[i+1:i+j], "..."))
		rest = rest[i+j+1:]
	}
}

func pathParamDesc(name string) string {
	switch name {
	case "ledgerId":
		return "The ledger's id."
	case "userId":
		return "The user's id."
	case "token":
		return "The secret of the link."
	case "provider":
		return "The OpenID Connect provider's id (GET /api/v1/auth/providers)."
	case "code":
		return "The currency's code."
	}
	return "The id."
}

// tagOf groups an operation by its path's first segment, under one of the
// headings of openapi.md.
func tagOf(segments []string) string {
	first := ""
	if len(segments) > 1 {
		first = segments[1]
	}
	switch first {
	case "me", "admin":
		return "Account and administration"
	case "ledgers", "invitations", "events":
		return "Ledgers, members and invitations"
	case "accounts", "categories":
		return "Accounts and categories"
	case "ledger", "rates":
		return "Currencies and rates"
	case "movements":
		return "Movements"
	case "attachments":
		return "Attachments"
	case "imports":
		return "Imports"
	case "reports", "dashboard":
		return "Reports and dashboard"
	case "budgets":
		return "Budgets"
	case "schedules", "forecast":
		return "Schedules"
	case "rules":
		return "Rules"
	}
	return "Sign-in and server"
}

//go:embed openapi.md
var referenceText string

// reference is openapi.md: the text under "## Overview", and the tags: every
// other heading, in order, with its text.
func reference() (string, openapi3.Tags) {
	var overview string
	var tags openapi3.Tags
	for _, part := range strings.Split(referenceText, "\n## ")[1:] {
		title, body, _ := strings.Cut(part, "\n")
		if title == "Overview" {
			overview = strings.TrimSpace(body)
		} else {
			tags = append(tags, &openapi3.Tag{Name: title, Description: strings.TrimSpace(body)})
		}
	}
	return overview, tags
}

// getOpenAPI answers the document, made on its first request.
func (a *API) getOpenAPI(w http.ResponseWriter, r *http.Request) {
	doc, err := a.openAPI()
	if err != nil {
		a.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(doc)
}
