package finance

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Category types, as the seed's expense and earnings types.
const (
	CategoryExpense = "expense"
	CategoryEarning = "earning"
)

// MaxCategoryName bounds a category's name.
const MaxCategoryName = 60

var (
	colorPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	iconPattern  = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
)

// Category sorts movements; one level of subcategories.
type Category struct {
	ID       int64  `json:"id,string"`
	Name     string `json:"name"`
	Type     string `json:"type" enum:"expense,earning"`
	ParentID *int64 `json:"parentId,string"`
	Color    string `json:"color"`
	Icon     string `json:"icon"`
	Position int64  `json:"position"`
	Archived bool   `json:"archived"`
}

// CategoryInput creates or patches a category; nil fields are unchanged.
// ParentID "" (or null) makes it top-level.
type CategoryInput struct {
	Name     *string  `json:"name"`
	Type     *string  `json:"type" enum:"expense,earning"`
	ParentID *IDInput `json:"parentId"`
	Color    *string  `json:"color"`
	Icon     *string  `json:"icon"`
	Position *int64   `json:"position"`
	Archived *bool    `json:"archived"`
}

// Normalize trims text fields.
func (in *CategoryInput) Normalize() {
	for _, f := range []*string{in.Name, in.Color, in.Icon} {
		if f != nil {
			*f = strings.TrimSpace(*f)
		}
	}
	if in.Color != nil {
		*in.Color = strings.ToLower(*in.Color)
	}
}

// Validate checks field formats (parent rules need the store). Create
// requires a name, and a type unless a parent is given (a subcategory takes
// its parent's type).
func (in CategoryInput) Validate(create bool) error {
	var v Validation
	switch {
	case in.Name == nil && create, in.Name != nil && *in.Name == "":
		v.Add("name", FCodeRequired)
	case in.Name != nil && utf8.RuneCountInString(*in.Name) > MaxCategoryName:
		v.Add("name", FCodeTooLong)
	}
	switch {
	case in.Type == nil && create && (in.ParentID == nil || !in.ParentID.Set):
		v.Add("type", FCodeRequired)
	case in.Type != nil && *in.Type != CategoryExpense && *in.Type != CategoryEarning:
		v.Add("type", FCodeUnknown)
	}
	if in.ParentID != nil && in.ParentID.Invalid {
		v.Add("parentId", FCodeInvalid)
	}
	if in.Color != nil && *in.Color != "" && !colorPattern.MatchString(*in.Color) {
		v.Add("color", FCodeInvalid)
	}
	if in.Icon != nil && *in.Icon != "" && !iconPattern.MatchString(*in.Icon) {
		v.Add("icon", FCodeInvalid)
	}
	return v.Err()
}
