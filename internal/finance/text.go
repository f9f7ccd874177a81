package finance

import "strings"

// NameKey is the case-insensitive form names are compared by.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// CategoryPath is a subcategory's full name, "Parent / Child", as exports
// write it ("" without a parent).
func CategoryPath(parent, name string) string {
	if parent == "" {
		return ""
	}
	return parent + " / " + name
}

// Truncate keeps the first n characters of s: it never cuts a UTF-8
// character in half (a byte that is not valid UTF-8 counts as one character
// and is kept as it is).
func Truncate(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i]
		}
		count++
	}
	return s
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
