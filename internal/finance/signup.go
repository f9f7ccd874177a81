package finance

import (
	"strings"
	"unicode/utf8"
)

// SignUp is the body of POST /auth/signup.
type SignUp struct {
	Email              string `json:"email"`
	Password           string `json:"password"`
	Name               string `json:"name"`
	LanguagePreference string `json:"languagePreference" enum:"SWITCH_TO_SPANISH,SWITCH_TO_ENGLISH,SWITCH_TO_FRENCH"`
	TimeZone           string `json:"timeZone"`
}

// Normalize lower-cases the email and trims the name.
func (s *SignUp) Normalize() {
	s.Email = NormalizeEmail(s.Email)
	s.Name = strings.TrimSpace(s.Name)
}

// Validate checks a normalized sign-up: a plain email, a password that
// CheckPassword accepts, a name within bounds and a known language (or none).
func (s SignUp) Validate() error {
	var v Validation
	switch {
	case s.Email == "":
		v.Add("email", FCodeRequired)
	case !ValidEmail(s.Email):
		v.Add("email", FCodeInvalid)
	}
	CheckPassword(&v, "password", s.Password, s.Email)
	if utf8.RuneCountInString(s.Name) > MaxNameLen {
		v.Add("name", FCodeTooLong)
	}
	if s.LanguagePreference != "" && !ValidLanguage(s.LanguagePreference) {
		v.Add("languagePreference", FCodeInvalid)
	}
	return v.Err()
}

// CheckPassword validates a new password for the account with this
// (normalized) email; field is the request field to blame.
func CheckPassword(v *Validation, field, password, email string) {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		v.Add(field, FCodeRequired)
	case n < MinPasswordLen:
		v.Add(field, FCodeTooShort)
	case n > MaxPasswordLen:
		v.Add(field, FCodeTooLong)
	case isWeak(password, email):
		v.Add(field, FCodeWeak)
	}
}

func isWeak(password, email string) bool {
	p := strings.ToLower(password)
	if p == email || (email != "" && p == strings.SplitN(email, "@", 2)[0]) {
		return true
	}
	if strings.Count(p, p[:1]) == len(p) { // one character repeated
		return true
	}
	if strings.Contains("0123456789012345678901234567890", p) || strings.Contains("abcdefghijklmnopqrstuvwxyz", p) ||
		strings.Contains("qwertyuiopasdfghjklzxcvbnm", p) {
		return true
	}
	_, common := commonPasswords[p]
	return common
}

// commonPasswords: the most used passwords of eight or more characters in
// public breach corpora, lower-cased (shorter ones fail the length rule).
var commonPasswords = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, p := range strings.Fields(`
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword 12345678 123456789
1234567890 11111111 00000000 12341234 87654321 11223344 12121212 88888888 99999999 66666666 22222222
iloveyou iloveyou1 sunshine princess football baseball basketball superman batman123 trustno1
welcome1 welcome123 letmein1 letmein123 qwerty123 qwertyui qwerty12 qwerty1234 1q2w3e4r 1q2w3e4r5t
1qaz2wsx zaq12wsx q1w2e3r4 q1w2e3r4t5 asdf1234 asdfghjk zxcvbnm1 abc12345 abcd1234 abcdefgh
monkey123 dragon123 master123 shadow123 michael1 jennifer jordan23 starwars computer internet
whatever freedom1 charlie1 mustang1 liverpool chelsea1 arsenal1 barcelona realmadrid
admin123 administrator changeme changeme1 secret123 default1 guest123 test1234 testtest
contraseña contrasena contrasena1 contraseña1 motdepasse motdepasse1 soleil123 bonjour1 azerty123
azertyuiop azerty12 teamo123 tequiero 123456789a 1234567a a1234567 a12345678 aa123456 aa12345678
iloveyou2 lovely123 loveyou1 mylove123 babygirl1 samsung1 google123 facebook1 instagram
minecraft pokemon123 naruto123 cashcontrol dinero123 money123 summer2024 summer2025 summer2026
winter2025 spring2026 autumn2025 123qweasd qweasdzxc 147258369 123123123 456456456 789456123
159753852 741852963 qazwsxedc 1234qwer qwer1234 passpass 1password 123password password!
`) {
		m[p] = struct{}{}
	}
	return m
}()
