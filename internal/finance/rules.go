package finance

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Rules change movements as they are created or imported: when a rule's
// conditions hold (all of them, or any), its actions set the category, add
// tags, set the description or the notes. The ledger's rules run in their
// order, each on the movement as the rules before it left it; a rule with
// Stop ends the run when it matches.

// Limits of rules.
const (
	MaxRules          = 200
	MaxRuleName       = 60
	MaxRuleConditions = 10
	MaxRuleText       = 200
)

// What a condition looks at.
const (
	RuleFieldDescription = "description"
	RuleFieldNotes       = "notes"
	RuleFieldAmount      = "amount"
	RuleFieldAccount     = "account"
	RuleFieldType        = "type"
)

// How a condition compares: text contains, starts with or equals (case and
// accents aside); an amount equals or is between two (inclusive); an
// account or a type is (equals).
const (
	RuleOpContains   = "contains"
	RuleOpStartsWith = "startsWith"
	RuleOpEquals     = "equals"
	RuleOpBetween    = "between"
)

// Whether all the conditions must hold, or any.
const (
	RuleMatchAll = "all"
	RuleMatchAny = "any"
)

// RuleCondition is one test of a movement. Text is for description and
// notes, Amount (and AmountTo for between) for amount, in the account's
// minor units, AccountID for account, Type for type.
type RuleCondition struct {
	Field     string `json:"field" enum:"description,notes,amount,account,type"`
	Op        string `json:"op" enum:"contains,startsWith,equals,between"`
	Text      string `json:"text,omitempty"`
	Amount    int64  `json:"amount,omitempty"`
	AmountTo  int64  `json:"amountTo,omitempty"`
	AccountID int64  `json:"accountId,string,omitempty"`
	Type      string `json:"type,omitempty" enum:"expense,earning,transfer"`
}

// RuleActions is what a matching rule does; zero fields do nothing.
type RuleActions struct {
	CategoryID  int64    `json:"categoryId,string,omitempty"`
	Tags        []string `json:"tags"`
	Description *string  `json:"description"`
	Notes       *string  `json:"notes"`
}

// MovementRule is one of the ledger's rules.
type MovementRule struct {
	ID         int64           `json:"id,string"`
	Name       string          `json:"name"`
	Position   int             `json:"position"`
	Enabled    bool            `json:"enabled"`
	Match      string          `json:"match" enum:"all,any"`
	Stop       bool            `json:"stop"`
	Conditions []RuleCondition `json:"conditions"`
	Actions    RuleActions     `json:"actions"`
}

// RuleConditionInput is a condition in a request body.
type RuleConditionInput struct {
	Field     string  `json:"field" enum:"description,notes,amount,account,type"`
	Op        string  `json:"op" enum:"contains,startsWith,equals,between"`
	Text      string  `json:"text"`
	Amount    int64   `json:"amount"`
	AmountTo  int64   `json:"amountTo"`
	AccountID IDInput `json:"accountId"`
	Type      string  `json:"type"`
}

// RuleActionsInput is the actions in a request body.
type RuleActionsInput struct {
	CategoryID  IDInput  `json:"categoryId"`
	Tags        []string `json:"tags"`
	Description *string  `json:"description"`
	Notes       *string  `json:"notes"`
}

// RuleInput creates a rule or, with nil fields unchanged, patches one.
type RuleInput struct {
	Name       *string               `json:"name"`
	Enabled    *bool                 `json:"enabled"`
	Match      *string               `json:"match" enum:"all,any"`
	Stop       *bool                 `json:"stop"`
	Conditions *[]RuleConditionInput `json:"conditions"`
	Actions    *RuleActionsInput     `json:"actions"`
}

// RuleFrom merges a patch over a rule (a new rule: enabled, match all).
func RuleFrom(base MovementRule, in RuleInput) MovementRule {
	r := base
	if r.Match == "" {
		r.Match, r.Enabled = RuleMatchAll, true
	}
	if in.Name != nil {
		r.Name = strings.TrimSpace(*in.Name)
	}
	if in.Enabled != nil {
		r.Enabled = *in.Enabled
	}
	if in.Match != nil {
		r.Match = strings.TrimSpace(*in.Match)
	}
	if in.Stop != nil {
		r.Stop = *in.Stop
	}
	if in.Conditions != nil {
		r.Conditions = make([]RuleCondition, 0, len(*in.Conditions))
		for _, c := range *in.Conditions {
			rc := RuleCondition{Field: c.Field, Op: c.Op}
			switch c.Field {
			case RuleFieldDescription, RuleFieldNotes:
				rc.Text = strings.TrimSpace(c.Text)
			case RuleFieldAmount:
				rc.Amount = c.Amount
				if c.Op == RuleOpBetween {
					rc.AmountTo = c.AmountTo
				}
			case RuleFieldAccount:
				rc.AccountID = idOrInvalid(c.AccountID)
			case RuleFieldType:
				rc.Type = c.Type
			}
			r.Conditions = append(r.Conditions, rc)
		}
	}
	if in.Actions != nil {
		a := in.Actions
		r.Actions = RuleActions{CategoryID: idOrInvalid(a.CategoryID), Tags: NormalizeTags(a.Tags)}
		if a.Description != nil {
			s := strings.TrimSpace(*a.Description)
			r.Actions.Description = &s
		}
		if a.Notes != nil {
			s := strings.TrimSpace(*a.Notes)
			r.Actions.Notes = &s
		}
	}
	if r.Actions.Tags == nil {
		r.Actions.Tags = []string{}
	}
	if r.Conditions == nil {
		r.Conditions = []RuleCondition{}
	}
	return r
}

// Validate checks the rule's own fields; the store checks that its account
// and category ids are the ledger's.
func (r *MovementRule) Validate() error {
	var v Validation
	switch n := utf8.RuneCountInString(r.Name); {
	case n == 0:
		v.Add("name", FCodeRequired)
	case n > MaxRuleName:
		v.Add("name", FCodeTooLong)
	}
	if r.Match != RuleMatchAll && r.Match != RuleMatchAny {
		v.Add("match", FCodeUnknown)
	}
	switch {
	case len(r.Conditions) == 0:
		v.Add("conditions", FCodeRequired)
	case len(r.Conditions) > MaxRuleConditions:
		v.Add("conditions", FCodeOutOfRange)
	}
	for i, c := range r.Conditions {
		field := fmt.Sprintf("conditions[%d]", i)
		switch c.Field {
		case RuleFieldDescription, RuleFieldNotes:
			if c.Op != RuleOpContains && c.Op != RuleOpStartsWith && c.Op != RuleOpEquals {
				v.Add(field+".op", FCodeUnknown)
			}
			switch n := utf8.RuneCountInString(c.Text); {
			case n == 0 && c.Op != RuleOpEquals:
				v.Add(field+".text", FCodeRequired)
			case n > MaxRuleText:
				v.Add(field+".text", FCodeTooLong)
			}
		case RuleFieldAmount:
			switch c.Op {
			case RuleOpEquals:
				if c.Amount <= 0 || c.Amount > MaxAmount {
					v.Add(field+".amount", FCodeOutOfRange)
				}
			case RuleOpBetween:
				if c.Amount < 0 || c.Amount > MaxAmount {
					v.Add(field+".amount", FCodeOutOfRange)
				}
				if c.AmountTo < c.Amount || c.AmountTo > MaxAmount {
					v.Add(field+".amountTo", FCodeOutOfRange)
				}
			default:
				v.Add(field+".op", FCodeUnknown)
			}
		case RuleFieldAccount:
			if c.Op != RuleOpEquals {
				v.Add(field+".op", FCodeUnknown)
			}
			if c.AccountID == 0 {
				v.Add(field+".accountId", FCodeRequired)
			} else if c.AccountID < 0 {
				v.Add(field+".accountId", FCodeInvalid)
			}
		case RuleFieldType:
			if c.Op != RuleOpEquals {
				v.Add(field+".op", FCodeUnknown)
			}
			if c.Type != MovementExpense && c.Type != MovementEarning && c.Type != MovementTransfer {
				v.Add(field+".type", FCodeUnknown)
			}
		case "":
			v.Add(field+".field", FCodeRequired)
		default:
			v.Add(field+".field", FCodeUnknown)
		}
	}
	a := r.Actions
	if a.CategoryID < 0 {
		v.Add("actions.categoryId", FCodeInvalid)
	}
	if a.CategoryID == 0 && len(a.Tags) == 0 && a.Description == nil && a.Notes == nil {
		v.Add("actions", FCodeRequired)
	}
	if len(a.Tags) > MaxTags {
		v.Add("actions.tags", FCodeOutOfRange)
	}
	for _, t := range a.Tags {
		if utf8.RuneCountInString(t) > MaxTagLen || strings.ContainsAny(t, ",\n\t") {
			v.Add("actions.tags", FCodeInvalid)
			break
		}
	}
	if a.Description != nil && utf8.RuneCountInString(*a.Description) > MaxDescription {
		v.Add("actions.description", FCodeTooLong)
	}
	if a.Notes != nil && utf8.RuneCountInString(*a.Notes) > MaxNotes {
		v.Add("actions.notes", FCodeTooLong)
	}
	return v.Err()
}

// FoldText is text as rules compare it: case-folded, without diacritics,
// its runs of spaces made one and trimmed ("  Café  Olé" is "cafe ole").
func FoldText(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case IsDiacritic(r):
		case unicode.IsSpace(r):
			space = b.Len() > 0
		default:
			if space {
				b.WriteByte(' ')
				space = false
			}
			b.WriteRune(foldRune(r))
		}
	}
	return b.String()
}

// ruleText is a condition's text folded once, for matching many movements.
type compiledCondition struct {
	RuleCondition
	folded string
}

// RuleSet is the ledger's enabled rules in order, ready to run.
type RuleSet struct {
	rules []compiledRule
	// CategoryType gives the type of a category the rules set (an action
	// that sets a category of the other type does nothing).
	categoryType func(int64) string
}

type compiledRule struct {
	MovementRule
	conditions []compiledCondition
}

// NewRuleSet keeps the enabled rules of rules (in their order);
// categoryType gives the type of a category id ("" when unknown).
func NewRuleSet(rules []MovementRule, categoryType func(int64) string) *RuleSet {
	s := &RuleSet{categoryType: categoryType}
	for _, r := range rules {
		if !r.Enabled {
			continue
		}
		cr := compiledRule{MovementRule: r}
		for _, c := range r.Conditions {
			cr.conditions = append(cr.conditions, compiledCondition{RuleCondition: c, folded: FoldText(c.Text)})
		}
		s.rules = append(s.rules, cr)
	}
	return s
}

// Empty reports whether no rule would run.
func (s *RuleSet) Empty() bool { return s == nil || len(s.rules) == 0 }

func (c *compiledCondition) holds(d *MovementDraft) bool {
	text := func(s string) bool {
		f := FoldText(s)
		switch c.Op {
		case RuleOpContains:
			return strings.Contains(f, c.folded)
		case RuleOpStartsWith:
			return strings.HasPrefix(f, c.folded)
		case RuleOpEquals:
			return f == c.folded
		}
		return false
	}
	switch c.Field {
	case RuleFieldDescription:
		return text(d.Description)
	case RuleFieldNotes:
		return text(d.Notes)
	case RuleFieldAmount:
		if c.Op == RuleOpBetween {
			return d.Amount >= c.Amount && d.Amount <= c.AmountTo
		}
		return d.Amount == c.Amount
	case RuleFieldAccount:
		return d.AccountID == c.AccountID || (d.Type == MovementTransfer && d.ToAccountID == c.AccountID)
	case RuleFieldType:
		return d.Type == c.Type
	}
	return false
}

func (r *compiledRule) matches(d *MovementDraft) bool {
	for i := range r.conditions {
		held := r.conditions[i].holds(d)
		if held && r.Match == RuleMatchAny {
			return true
		}
		if !held && r.Match == RuleMatchAll {
			return false
		}
	}
	return r.Match == RuleMatchAll
}

// RuleChange is one change a rule made to a movement. From and To are the
// field's values before and after (a category's id, tags comma-separated).
type RuleChange struct {
	RuleID   int64  `json:"ruleId,string"`
	RuleName string `json:"ruleName"`
	Field    string `json:"field" enum:"categoryId,tags,description,notes"` // categoryId, tags, description, notes
	From     string `json:"from"`
	To       string `json:"to"`
}

// Apply runs the rules on a movement, changing it, and returns what each
// rule changed (nothing when no rule matched or matching changed nothing).
func (s *RuleSet) Apply(d *MovementDraft) []RuleChange {
	if s.Empty() {
		return nil
	}
	var out []RuleChange
	for i := range s.rules {
		r := &s.rules[i]
		if !r.matches(d) {
			continue
		}
		change := func(field, from, to string) {
			out = append(out, RuleChange{RuleID: r.ID, RuleName: r.Name, Field: field, From: from, To: to})
		}
		a := r.Actions
		if a.CategoryID > 0 && d.Type != MovementTransfer && len(d.Splits) == 0 && d.CategoryID != a.CategoryID && s.categoryType(a.CategoryID) == d.Type {
			change("categoryId", idString(d.CategoryID), idString(a.CategoryID))
			d.CategoryID = a.CategoryID
		}
		if len(a.Tags) > 0 {
			tags := NormalizeTags(append(slices.Clone(d.Tags), a.Tags...))
			if len(tags) <= MaxTags && !slices.Equal(tags, d.Tags) {
				change("tags", strings.Join(d.Tags, ","), strings.Join(tags, ","))
				d.Tags = tags
			}
		}
		if a.Description != nil && *a.Description != d.Description {
			change("description", d.Description, *a.Description)
			d.Description = *a.Description
		}
		if a.Notes != nil && *a.Notes != d.Notes {
			change("notes", d.Notes, *a.Notes)
			d.Notes = *a.Notes
		}
		if r.Stop {
			break
		}
	}
	return out
}

func idString(id int64) string {
	if id <= 0 {
		return ""
	}
	return fmt.Sprint(id)
}

// RuleRunItem is a movement a rule changes (or would change).
type RuleRunItem struct {
	ID          int64        `json:"id,string"`
	Date        string       `json:"date"`
	Type        string       `json:"type" enum:"expense,earning,transfer"`
	Amount      int64        `json:"amount"`
	Description string       `json:"description"` // as it was
	Changes     []RuleChange `json:"changes"`
}

// RuleRun is what applying a rule to the existing movements does: Count
// movements change, Sample lists the first (newest first). RunID names an
// applied run for its undo ("" for a dry run).
type RuleRun struct {
	RunID  int64         `json:"runId,string,omitempty"`
	Count  int           `json:"count"`
	Sample []RuleRunItem `json:"sample"`
}

// RuleUndo is what undoing a run did: Restored movements got their fields
// back; Kept ones had changed since (or were deleted) and were left alone.
type RuleUndo struct {
	Restored int `json:"restored"`
	Kept     int `json:"kept"`
}
