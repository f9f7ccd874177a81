package finance_test

import (
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"cashcontrol/internal/finance"
)

func ptr[T any](v T) *T { return &v }

// fields lists the "field:code" pairs of a validation error ("" for nil).
func fields(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *finance.Error
	if !errors.As(err, &e) || e.Code != finance.ECodeInvalid {
		t.Fatalf("not an invalid *finance.Error: %v", err)
	}
	var out []string
	for _, f := range e.Fields {
		out = append(out, f.Field+":"+f.Code)
	}
	return strings.Join(out, " ")
}

func known(c string) bool { return c == "EUR" || c == "USD" || c == "JPY" }

func TestMovementDraftValidate(t *testing.T) {
	ok := finance.MovementDraft{Type: finance.MovementExpense, Date: "2026-03-01", Amount: 100, AccountID: 1, CategoryID: 2}
	tr := finance.MovementDraft{Type: finance.MovementTransfer, Date: "2026-03-01", Amount: 100, AccountID: 1, ToAccountID: 2}
	with := func(d finance.MovementDraft, f func(*finance.MovementDraft)) finance.MovementDraft { f(&d); return d }
	for _, c := range []struct {
		name string
		d    finance.MovementDraft
		want string
	}{
		{"expense", ok, ""},
		{"transfer", tr, ""},
		{"empty", finance.MovementDraft{}, "type:required date:required amount:required accountId:required"},
		{"unknown type", with(ok, func(d *finance.MovementDraft) { d.Type = "gift" }), "type:unknown"},
		{"bad date", with(ok, func(d *finance.MovementDraft) { d.Date = "2026-02-30" }), "date:invalid"},
		{"date before 1900", with(ok, func(d *finance.MovementDraft) { d.Date = "1899-12-31" }), "date:invalid"},
		{"negative amount", with(ok, func(d *finance.MovementDraft) { d.Amount = -1 }), "amount:out_of_range"},
		{"amount at the bound", with(ok, func(d *finance.MovementDraft) { d.Amount = finance.MaxAmount }), ""},
		{"amount past the bound", with(ok, func(d *finance.MovementDraft) { d.Amount = finance.MaxAmount + 1 }), "amount:out_of_range"},
		{"invalid account", with(ok, func(d *finance.MovementDraft) { d.AccountID = -1 }), "accountId:invalid"},
		{"expense without category", with(ok, func(d *finance.MovementDraft) { d.CategoryID = 0 }), "categoryId:required"},
		{"invalid category", with(ok, func(d *finance.MovementDraft) { d.CategoryID = -1 }), "categoryId:invalid"},
		{"transfer without destination", with(tr, func(d *finance.MovementDraft) { d.ToAccountID = 0 }), "toAccountId:required"},
		{"transfer to itself", with(tr, func(d *finance.MovementDraft) { d.ToAccountID = 1 }), "toAccountId:mismatch"},
		{"transfer received amount", with(tr, func(d *finance.MovementDraft) { d.ToAmount = -5 }), "toAmount:out_of_range"},
		{"long description", with(ok, func(d *finance.MovementDraft) { d.Description = strings.Repeat("é", finance.MaxDescription+1) }), "description:too_long"},
		{"description at the bound in runes", with(ok, func(d *finance.MovementDraft) { d.Description = strings.Repeat("é", finance.MaxDescription) }), ""},
		{"long notes", with(ok, func(d *finance.MovementDraft) { d.Notes = strings.Repeat("n", finance.MaxNotes+1) }), "notes:too_long"},
		{"too many tags", with(ok, func(d *finance.MovementDraft) {
			for i := 0; i <= finance.MaxTags; i++ {
				d.Tags = append(d.Tags, strings.Repeat("t", i+1))
			}
		}), "tags:out_of_range"},
		{"tag with a comma", with(ok, func(d *finance.MovementDraft) { d.Tags = []string{"a,b"} }), "tags:invalid"},
		{"long tag", with(ok, func(d *finance.MovementDraft) { d.Tags = []string{strings.Repeat("t", finance.MaxTagLen+1)} }), "tags:invalid"},
	} {
		if got := fields(t, c.d.Validate()); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestDraftFrom(t *testing.T) {
	base := finance.MovementDraft{Type: finance.MovementExpense, Date: "2026-01-01", Amount: 5, AccountID: 1, CategoryID: 3, Tags: []string{"x"}}
	d := finance.DraftFrom(base, finance.MovementInput{Type: ptr(" transfer "), ToAccountID: &finance.IDInput{ID: 2, Set: true},
		Description: ptr("  rent "), Tags: &[]string{"#Home", "home", " trip"}})
	want := finance.MovementDraft{Type: finance.MovementTransfer, Date: "2026-01-01", Amount: 5, AccountID: 1, ToAccountID: 2,
		Description: "rent", Tags: []string{"home", "trip"}}
	if !reflect.DeepEqual(d, want) {
		t.Fatalf("got %+v, want %+v", d, want)
	}
	if d := finance.DraftFrom(base, finance.MovementInput{CategoryID: &finance.IDInput{Invalid: true}}); d.CategoryID != -1 {
		t.Fatalf("an invalid id must stay invalid: %+v", d)
	}
}

func TestNormalizeTags(t *testing.T) {
	for _, c := range []struct {
		in, want []string
	}{
		{nil, []string{}},
		{[]string{" #Food ", "food", "", "  ", "#", "Bills"}, []string{"bills", "food"}},
		{[]string{"b", "a", "B"}, []string{"a", "b"}},
	} {
		if got := finance.NormalizeTags(c.in); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}

func TestAccountInput(t *testing.T) {
	long := strings.Repeat("x", finance.MaxAccountName+1)
	for _, c := range []struct {
		name   string
		in     finance.AccountInput
		create bool
		want   string
	}{
		{"create", finance.AccountInput{Name: ptr(" Bank "), Type: ptr("bank"), Currency: ptr(" eur")}, true, ""},
		{"create empty", finance.AccountInput{}, true, "name:required type:required currency:required"},
		{"patch empty", finance.AccountInput{}, false, ""},
		{"blank name", finance.AccountInput{Name: ptr("   ")}, false, "name:required"},
		{"long name", finance.AccountInput{Name: &long}, false, "name:too_long"},
		{"name at the bound in runes", finance.AccountInput{Name: ptr(strings.Repeat("ñ", finance.MaxAccountName))}, false, ""},
		{"unknown type", finance.AccountInput{Type: ptr("piggy")}, false, "type:unknown"},
		{"unknown currency", finance.AccountInput{Currency: ptr("xyz")}, false, "currency:unknown"},
		{"opening past the bound", finance.AccountInput{OpeningBalance: ptr(int64(-finance.MaxAmount - 1))}, false, "openingBalance:out_of_range"},
		{"opening at the bound", finance.AccountInput{OpeningBalance: ptr(int64(finance.MaxAmount))}, false, ""},
	} {
		c.in.Normalize()
		if got := fields(t, c.in.Validate(c.create, known)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	in := finance.AccountInput{Name: ptr(" Bank "), Currency: ptr(" usd ")}
	in.Normalize()
	if *in.Name != "Bank" || *in.Currency != "USD" {
		t.Fatalf("normalize: %q %q", *in.Name, *in.Currency)
	}
}

func TestCategoryInput(t *testing.T) {
	parent := &finance.IDInput{ID: 4, Set: true}
	for _, c := range []struct {
		name   string
		in     finance.CategoryInput
		create bool
		want   string
	}{
		{"create", finance.CategoryInput{Name: ptr("Food"), Type: ptr("expense"), Color: ptr(" #AABBCC "), Icon: ptr("cart")}, true, ""},
		{"create empty", finance.CategoryInput{}, true, "name:required type:required"},
		{"subcategory takes its parent's type", finance.CategoryInput{Name: ptr("Bread"), ParentID: parent}, true, ""},
		{"subcategory still needs a name", finance.CategoryInput{ParentID: parent}, true, "name:required"},
		{"patch empty", finance.CategoryInput{}, false, ""},
		{"long name", finance.CategoryInput{Name: ptr(strings.Repeat("x", finance.MaxCategoryName+1))}, false, "name:too_long"},
		{"unknown type", finance.CategoryInput{Type: ptr("transfer")}, false, "type:unknown"},
		{"invalid parent", finance.CategoryInput{ParentID: &finance.IDInput{Invalid: true}}, false, "parentId:invalid"},
		{"color", finance.CategoryInput{Color: ptr("red")}, false, "color:invalid"},
		{"no color", finance.CategoryInput{Color: ptr("")}, false, ""},
		{"icon", finance.CategoryInput{Icon: ptr("Cart!")}, false, "icon:invalid"},
	} {
		c.in.Normalize()
		if got := fields(t, c.in.Validate(c.create)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	in := finance.CategoryInput{Name: ptr(" Food "), Color: ptr(" #AABBCC ")}
	in.Normalize()
	if *in.Name != "Food" || *in.Color != "#aabbcc" {
		t.Fatalf("normalize: %q %q", *in.Name, *in.Color)
	}
}

func TestProfileAndSettings(t *testing.T) {
	for _, c := range []struct {
		name string
		p    finance.ProfilePatch
		want string
	}{
		{"empty", finance.ProfilePatch{}, ""},
		{"all good", finance.ProfilePatch{Name: ptr("Ana"), PhotoURL: ptr("https://example.com/a.png"), BaseCurrency: ptr(" usd")}, ""},
		{"long name", finance.ProfilePatch{Name: ptr(strings.Repeat("a", finance.MaxNameLen+1))}, "name:too_long"},
		{"long phone", finance.ProfilePatch{Phone: ptr(strings.Repeat("1", 41))}, "phone:too_long"},
		{"photo over http", finance.ProfilePatch{PhotoURL: ptr("http://example.com/a.png")}, "photoURL:invalid"},
		{"photo with credentials", finance.ProfilePatch{PhotoURL: ptr("https://u:p@example.com/a.png")}, "photoURL:invalid"},
		{"no photo", finance.ProfilePatch{PhotoURL: ptr("")}, ""},
		{"unknown currency", finance.ProfilePatch{BaseCurrency: ptr("ABC")}, "baseCurrency:unknown"},
	} {
		c.p.Normalize()
		if got := fields(t, c.p.Validate(known)); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		s    finance.Settings
		want string
	}{
		{finance.Settings{LanguagePreference: finance.LangFrench, ThemePreference: finance.ThemeDark}, ""},
		{finance.Settings{LanguagePreference: "fr", ThemePreference: "dark"}, "languagePreference:invalid themePreference:invalid"},
	} {
		if got := fields(t, c.s.Validate()); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.s, got, c.want)
		}
	}
	for _, c := range []struct {
		lang, cur, want string
	}{
		{finance.LangEnglish, "EUR", ""},
		{"en", "EUR", "languagePreference:invalid"},
		{finance.LangSpanish, "eur", "baseCurrency:unknown"},
	} {
		if got := fields(t, finance.ValidateWelcome(c.lang, c.cur, known)); got != c.want {
			t.Errorf("welcome %s %s: got %q, want %q", c.lang, c.cur, got, c.want)
		}
	}
}

func TestSignUp(t *testing.T) {
	for _, c := range []struct {
		name string
		s    finance.SignUp
		want string
	}{
		{"good", finance.SignUp{Email: " Ana@Example.COM ", Password: "mango-river-42", Name: " Ana "}, ""},
		{"empty", finance.SignUp{}, "email:required password:required"},
		{"bad email", finance.SignUp{Email: "ana@localhost", Password: "mango-river-42"}, "email:invalid"},
		{"password is the email", finance.SignUp{Email: "ana@example.com", Password: "Ana@Example.com"}, "password:weak"},
		{"long name", finance.SignUp{Email: "a@example.com", Password: "mango-river-42", Name: strings.Repeat("n", finance.MaxNameLen+1)}, "name:too_long"},
		{"language", finance.SignUp{Email: "a@example.com", Password: "mango-river-42", LanguagePreference: "de"}, "languagePreference:invalid"},
	} {
		c.s.Normalize()
		if got := fields(t, c.s.Validate()); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	s := finance.SignUp{Email: " Ana@Example.COM ", Name: " Ana "}
	s.Normalize()
	if s.Email != "ana@example.com" || s.Name != "Ana" {
		t.Fatalf("normalize: %+v", s)
	}
}

func TestCheckPassword(t *testing.T) {
	for _, c := range []struct{ pw, email, want string }{
		{"", "a@b.co", finance.FCodeRequired},
		{"short", "a@b.co", finance.FCodeTooShort},
		{strings.Repeat("x", 300), "a@b.co", finance.FCodeTooLong},
		{"Password123", "a@b.co", finance.FCodeWeak},
		{"12345678", "a@b.co", finance.FCodeWeak},
		{"aaaaaaaaaa", "a@b.co", finance.FCodeWeak},
		{"Someone@Example.com", "someone@example.com", finance.FCodeWeak},
		{"abcdefghij", "a@b.co", finance.FCodeWeak},
		{"mango-river-42", "a@b.co", ""},
	} {
		var v finance.Validation
		finance.CheckPassword(&v, "password", c.pw, c.email)
		got := ""
		if err := v.Err(); err != nil {
			got = err.(*finance.Error).Fields[0].Code
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.pw, got, c.want)
		}
	}
}

func TestAddCapped(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{1, 2, 3},
		{-1, -2, -3},
		{math.MaxInt64, 1, math.MaxInt64},
		{math.MaxInt64, math.MaxInt64, math.MaxInt64},
		{math.MinInt64, -1, math.MinInt64},
		{math.MinInt64, math.MinInt64, math.MinInt64},
		{math.MaxInt64, math.MinInt64, -1},
		{math.MaxInt64 - 1, 1, math.MaxInt64},
	} {
		if got := finance.AddCapped(c.a, c.b); got != c.want {
			t.Errorf("AddCapped(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestNameKey(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Food", "food"},
		{"  FOOD  ", "food"},
		{"Ñandú", "ñandú"},
		{"", ""},
	} {
		if got := finance.NameKey(c.in); got != c.want {
			t.Errorf("NameKey(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestTruncate(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"abc", 5, "abc"},
		{"abc", 3, "abc"},
		{"abcdef", 3, "abc"},
		{"ééé", 2, "éé"}, // cut by characters, not bytes
		{"aé", 1, "a"},
		{"€uro", 1, "€"},
		{"abc", 0, ""},
		{"a\xffb", 2, "a\xff"}, // a stray byte counts as one and is kept
	} {
		if got := finance.Truncate(c.in, c.n); got != c.want {
			t.Errorf("Truncate(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestFieldErr(t *testing.T) {
	err := finance.FieldErr("name", finance.FCodeTaken, "taken").WithCode(finance.ECodeConflict)
	want := &finance.Error{Code: finance.ECodeConflict, Message: "taken", Fields: []finance.FieldError{{Field: "name", Code: finance.FCodeTaken}}}
	if !reflect.DeepEqual(err, want) {
		t.Fatalf("got %+v", err)
	}
	if got := fields(t, finance.FieldErr("ids", finance.FCodeInvalid, "ids must be ids")); got != "ids:invalid" {
		t.Fatalf("got %q", got)
	}
	var v finance.Validation
	v.Add("a", finance.FCodeRequired)
	v.Add("a", finance.FCodeInvalid)
	if got := fields(t, v.Err()); got != "a:required" {
		t.Fatalf("the first error of a field wins: %q", got)
	}
	if finance.ErrorCode(errors.New("boom")) != finance.ECodeInternal {
		t.Fatal("a plain error is internal")
	}
}

func TestBulkError(t *testing.T) {
	be := &finance.BulkError{Rows: []finance.RowError{{Index: 1}, {Index: 3}}}
	if finance.ErrorCode(be) != finance.ECodeInvalid || !strings.Contains(be.Error(), "2 rows") {
		t.Fatalf("%v: %s", be, finance.ErrorCode(be))
	}
}

func TestMatchScore(t *testing.T) {
	for _, tc := range []struct {
		bankDate, bankText, date, text string
		match                          bool
	}{
		{"2026-11-03", "REWE SAGT DANKE 1234", "2026-11-03", "Groceries", true}, // same day, same amount
		{"2026-11-03", "REWE SAGT DANKE 1234", "2026-11-05", "rewe", true},
		{"2026-11-03", "REWE SAGT DANKE 1234", "2026-11-06", "Rewe market", true},
		{"2026-11-03", "REWE SAGT DANKE 1234", "2026-11-07", "rewe", false}, // four days apart
		{"2026-11-03", "REWE SAGT DANKE 1234", "2026-11-04", "Rent", false},
		{"2026-11-03", "REWE", "2026-11-01", "", true}, // typed without a description
		{"2026-11-03", "1234 5678", "2026-11-02", "1234", false},
		{"bad", "x", "2026-11-02", "x", false},
	} {
		if got := finance.MatchScore(tc.bankDate, tc.bankText, tc.date, tc.text) > 0; got != tc.match {
			t.Errorf("MatchScore(%q, %q, %q, %q) matches %v, want %v", tc.bankDate, tc.bankText, tc.date, tc.text, got, tc.match)
		}
	}
	// Closer and more alike scores higher.
	if finance.MatchScore("2026-11-03", "rewe markt", "2026-11-03", "rewe markt") <= finance.MatchScore("2026-11-03", "rewe markt", "2026-11-05", "rewe") {
		t.Error("a closer, more alike movement does not score higher")
	}
}
