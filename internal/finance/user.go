package finance

import (
	"net/mail"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"
)

// Language and theme preferences, as the seed names them.
const (
	LangSpanish = "SWITCH_TO_SPANISH"
	LangEnglish = "SWITCH_TO_ENGLISH"
	LangFrench  = "SWITCH_TO_FRENCH"

	ThemeLight = "LIGHT_MODE"
	ThemeDark  = "DARK_MODE"

	RolAdmin = "Administrador"
	RolUser  = "Usuario"

	ProviderEmail  = "Email"
	ProviderGoogle = "google.com"
)

// Limits on user fields.
const (
	MaxNameLen     = 100
	MaxEmailLen    = 254
	MaxFieldLen    = 200
	MaxURLLen      = 2048
	MinPasswordLen = 8
	MaxPasswordLen = 256
)

// User is the seed's user document plus the session record's profile fields.
type User struct {
	ID                 int64  `json:"-"`
	UID                string `json:"uid"`
	Name               string `json:"name"`
	LastName           string `json:"lastName"`
	Email              string `json:"email"`
	Rol                string `json:"rol" enum:"Administrador,Usuario"`
	ProviderID         string `json:"providerId"`
	PhotoURL           string `json:"photoURL"`
	Phone              string `json:"phone"`
	Address            string `json:"address"`
	FirstTime          bool   `json:"firstTime"`
	LanguagePreference string `json:"languagePreference" enum:"SWITCH_TO_SPANISH,SWITCH_TO_ENGLISH,SWITCH_TO_FRENCH"`
	ThemePreference    string `json:"themePreference" enum:"LIGHT_MODE,DARK_MODE"`
	BaseCurrency       string `json:"baseCurrency"`
	TimeZone           string `json:"timeZone"`
	HasPassword        bool   `json:"hasPassword"`
	// TwoFactor says that signing in with the password asks for a code too.
	TwoFactor bool `json:"twoFactor"`
	// Disabled: an administrator took the user's access away.
	Disabled bool `json:"-"`
	// LedgerID is the ledger the request works on: the user's current
	// ledger (remembered per user), or the one its path names; LedgerRole is
	// the user's role in it. DefaultLedgerID is the ledger made at sign-up.
	LedgerID        int64     `json:"ledgerId,string"`
	LedgerRole      string    `json:"ledgerRole" enum:"owner,editor,viewer"`
	DefaultLedgerID int64     `json:"defaultLedgerId,string"`
	CreatedAt       time.Time `json:"-"`
}

// Settings is the body of PUT /me/settings.
type Settings struct {
	LanguagePreference string `json:"languagePreference" enum:"SWITCH_TO_SPANISH,SWITCH_TO_ENGLISH,SWITCH_TO_FRENCH"`
	ThemePreference    string `json:"themePreference" enum:"LIGHT_MODE,DARK_MODE"`
}

// Validate checks both preferences against the seed's values.
func (s Settings) Validate() error {
	var v Validation
	if !ValidLanguage(s.LanguagePreference) {
		v.Add("languagePreference", FCodeInvalid)
	}
	if !ValidTheme(s.ThemePreference) {
		v.Add("themePreference", FCodeInvalid)
	}
	return v.Err()
}

// ProfilePatch holds the profile fields a user may edit; nil means unchanged.
type ProfilePatch struct {
	Name         *string `json:"name"`
	LastName     *string `json:"lastName"`
	Phone        *string `json:"phone"`
	Address      *string `json:"address"`
	PhotoURL     *string `json:"photoURL"`
	BaseCurrency *string `json:"baseCurrency"`
	TimeZone     *string `json:"timeZone"`
}

// Normalize trims every given field.
func (p *ProfilePatch) Normalize() {
	for _, f := range []*string{p.Name, p.LastName, p.Phone, p.Address, p.PhotoURL, p.BaseCurrency, p.TimeZone} {
		if f != nil {
			*f = strings.TrimSpace(*f)
		}
	}
	if p.BaseCurrency != nil {
		*p.BaseCurrency = strings.ToUpper(*p.BaseCurrency)
	}
}

// Validate checks lengths and formats; knownCurrency reports ISO 4217 codes.
func (p ProfilePatch) Validate(knownCurrency func(string) bool) error {
	var v Validation
	checkLen(&v, "name", p.Name, MaxNameLen)
	checkLen(&v, "lastName", p.LastName, MaxNameLen)
	checkLen(&v, "phone", p.Phone, 40)
	checkLen(&v, "address", p.Address, MaxFieldLen)
	checkLen(&v, "photoURL", p.PhotoURL, MaxURLLen)
	if p.PhotoURL != nil && *p.PhotoURL != "" && !ValidPhotoURL(*p.PhotoURL) {
		v.Add("photoURL", FCodeInvalid)
	}
	if p.BaseCurrency != nil && !knownCurrency(*p.BaseCurrency) {
		v.Add("baseCurrency", FCodeUnknown)
	}
	if p.TimeZone != nil && !ValidTimeZone(*p.TimeZone) {
		v.Add("timeZone", FCodeUnknown)
	}
	return v.Err()
}

// ValidateWelcome checks the welcome screen's choices: a language and a
// currency (upper-case ISO 4217, as knownCurrency reports).
func ValidateWelcome(language, currency string, knownCurrency func(string) bool) error {
	var v Validation
	if !ValidLanguage(language) {
		v.Add("languagePreference", FCodeInvalid)
	}
	if !knownCurrency(currency) {
		v.Add("baseCurrency", FCodeUnknown)
	}
	return v.Err()
}

// ValidPhotoURL reports whether s is an absolute https:// address with a host
// and no credentials: the only kind of picture the web app may load (its
// Content-Security-Policy allows images from https: only).
func ValidPhotoURL(s string) bool {
	if len(s) > MaxURLLen || strings.IndexFunc(s, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return false
	}
	u, err := url.Parse(s)
	return err == nil && u.Scheme == "https" && strings.HasPrefix(s[len("https"):], "://") && u.Host != "" && u.User == nil
}

func checkLen(v *Validation, field string, s *string, max int) {
	if s != nil && utf8.RuneCountInString(*s) > max {
		v.Add(field, FCodeTooLong)
	}
}

// ValidLanguage reports whether s is one of the three language preferences.
func ValidLanguage(s string) bool {
	return s == LangSpanish || s == LangEnglish || s == LangFrench
}

// ValidTheme reports whether s is one of the two theme preferences.
func ValidTheme(s string) bool { return s == ThemeLight || s == ThemeDark }

// NormalizeEmail trims and lower-cases an address; emails compare case-insensitively.
func NormalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// ValidEmail reports whether s (already normalized) is a plain address.
func ValidEmail(s string) bool {
	if s == "" || len(s) > MaxEmailLen || strings.ContainsAny(s, " <>") {
		return false
	}
	a, err := mail.ParseAddress(s)
	return err == nil && a.Address == s && strings.Contains(s[strings.LastIndexByte(s, '@')+1:], ".")
}
