package finance

import (
	"cmp"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Category suggestions from the ledger's own history. The model is a table
// of counts: for each feature of a categorised expense or earning, how many
// of the ledger's movements with that feature went to each category. The
// features of a movement (SuggestFeatures) are the words of its description
// and two weaker hints, its account and the order of magnitude of its
// amount. The store keeps the counts up to date with every write, like the
// monthly totals; RankCategories turns the counts of a new description into
// a ranking that says why ("14 of 15 movements with 'mercadona'").

// Limits and thresholds of the suggestion model.
const (
	// MaxSuggestWords is how many distinct words of a description count.
	MaxSuggestWords = 8
	// SuggestConfidence is the confidence (percent) from which an import
	// puts a row in the suggested category and the form offers it.
	SuggestConfidence = 60
	maxSuggestWordLen = 40
	featureAccount    = "#a"
	featureAmount     = "#m"
)

// SuggestWords returns the words of a description the model uses: the
// search's words (Words), without those of one character or holding a digit
// (dates, references and card numbers tell nothing of the category),
// distinct, the first MaxSuggestWords.
func SuggestWords(description string) []string {
	var out []string
	for _, w := range Words(description) {
		if len(out) == MaxSuggestWords {
			break
		}
		n := utf8.RuneCountInString(w)
		if n < 2 || n > maxSuggestWordLen || strings.ContainsFunc(w, unicode.IsDigit) || slices.Contains(out, w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// SuggestFeatures returns the features of a movement the model counts: its
// description's words (SuggestWords), then its account and its amount's
// order of magnitude (a power of two) when given (non-zero). None when the
// description has no word: the hints alone suggest nothing.
func SuggestFeatures(description string, accountID, amount int64) []string {
	out := SuggestWords(description)
	if len(out) == 0 {
		return nil
	}
	if accountID > 0 {
		out = append(out, featureAccount+strconv.FormatInt(accountID, 10))
	}
	if amount > 0 {
		out = append(out, featureAmount+strconv.Itoa(bits.Len64(uint64(amount))))
	}
	return out
}

// IsHintFeature reports whether a feature is a hint (account or amount)
// rather than a word of the description.
func IsHintFeature(f string) bool { return strings.HasPrefix(f, "#") }

// FeatureCount is how many of the ledger's movements with Feature are in
// CategoryID.
type FeatureCount struct {
	Feature    string
	CategoryID int64
	Count      int64
}

// Suggestion is a category the model proposes, with its reason: Word is the
// description's word that weighed most, and Count of the Total movements
// with it are in the category.
type Suggestion struct {
	CategoryID int64 `json:"categoryId,string"`
	Confidence int   `json:"confidence"` // percent
	// Confident: Confidence is SuggestConfidence or more.
	Confident bool   `json:"confident"`
	Word      string `json:"word"`
	Count     int64  `json:"count"`
	Total     int64  `json:"total"`
}

// RankCategories ranks the categories for a movement with the given
// features from their counts (counts of other features are ignored), best
// first, at most limit. Each known feature votes for the categories its
// movements went to, in proportion to how many did (count / total). A vote
// weighs by how decided the feature is (the square of its largest share:
// "mercadona" always in Groceries weighs 1, "compra" spread over ten
// categories next to nothing) and by how often it was seen (total /
// (total + 1)), a hint half as much as a word. A category's confidence is
// its weighted share of the votes. Nothing when no word is known.
func RankCategories(features []string, counts []FeatureCount, limit int) []Suggestion {
	groups := make([][]FeatureCount, len(features))
	for _, c := range counts {
		if i := slices.Index(features, c.Feature); i >= 0 {
			groups[i] = append(groups[i], c)
		}
	}
	return rank(features, groups, nil, limit)
}

// rank is RankCategories over the counts of each feature (groups[i] are
// features[i]'s), keeping the categories that allow (nil: all). A handful
// of features and a few dozen categories: slices, not maps (an import asks
// for every row).
func rank(features []string, groups [][]FeatureCount, allow func(categoryID int64) bool, limit int) []Suggestion {
	type vote struct {
		id       int64
		score    float64
		best     float64 // the largest vote of a word
		why      FeatureCount
		whyTotal int64
	}
	votes := make([]vote, 0, 16)
	at := func(id int64) *vote {
		for i := range votes {
			if votes[i].id == id {
				return &votes[i]
			}
		}
		votes = append(votes, vote{id: id})
		return &votes[len(votes)-1]
	}
	counted := func(c FeatureCount) bool { return c.Count > 0 && (allow == nil || allow(c.CategoryID)) }
	var weights float64
	words := false
	for i, f := range features {
		var total, top int64
		for _, c := range groups[i] {
			if counted(c) {
				total += c.Count
				top = max(top, c.Count)
			}
		}
		if total == 0 {
			continue
		}
		share := float64(top) / float64(total)
		weight := share * share * float64(total) / float64(total+1)
		hint := IsHintFeature(f)
		if hint {
			weight /= 2
		} else {
			words = true
		}
		weights += weight
		for _, c := range groups[i] {
			if !counted(c) {
				continue
			}
			v := at(c.CategoryID)
			s := weight * float64(c.Count) / float64(total)
			v.score += s
			if !hint && s > v.best {
				v.best, v.why, v.whyTotal = s, FeatureCount{Feature: f, CategoryID: c.CategoryID, Count: c.Count}, total
			}
		}
	}
	if !words || weights == 0 {
		return []Suggestion{}
	}
	slices.SortFunc(votes, func(a, b vote) int { return cmp.Or(cmp.Compare(b.score, a.score), cmp.Compare(a.id, b.id)) })
	out := make([]Suggestion, 0, min(limit, len(votes)))
	for _, v := range votes {
		if len(out) == limit {
			break
		}
		if v.why.Feature == "" {
			continue // only hints point there
		}
		confidence := int(100*v.score/weights + 0.5)
		out = append(out, Suggestion{CategoryID: v.id, Confidence: confidence, Confident: confidence >= SuggestConfidence,
			Word: v.why.Feature, Count: v.why.Count, Total: v.whyTotal})
	}
	return out
}

// SuggestionModel holds a ledger's counts in memory, for an import that
// asks for every row.
type SuggestionModel struct {
	counts map[string][]FeatureCount
}

// NewSuggestionModel indexes counts by feature.
func NewSuggestionModel(counts []FeatureCount) *SuggestionModel {
	m := &SuggestionModel{counts: map[string][]FeatureCount{}}
	for _, c := range counts {
		m.counts[c.Feature] = append(m.counts[c.Feature], c)
	}
	return m
}

// Learn adds (sign 1) or removes (sign -1) a categorised movement.
func (m *SuggestionModel) Learn(description string, accountID, amount, categoryID, sign int64) {
	for _, f := range SuggestFeatures(description, accountID, amount) {
		cs := m.counts[f]
		i := slices.IndexFunc(cs, func(c FeatureCount) bool { return c.CategoryID == categoryID })
		if i < 0 {
			m.counts[f] = append(cs, FeatureCount{Feature: f, CategoryID: categoryID, Count: sign})
		} else {
			cs[i].Count += sign
		}
	}
}

// Suggest ranks the categories for a movement, keeping those that allow
// (nil: all), best first.
func (m *SuggestionModel) Suggest(description string, accountID, amount int64, allow func(categoryID int64) bool, limit int) []Suggestion {
	features := SuggestFeatures(description, accountID, amount)
	groups := make([][]FeatureCount, len(features))
	for i, f := range features {
		groups[i] = m.counts[f]
	}
	return rank(features, groups, allow, limit)
}

// SuggestionTrial is how the model did on movements whose category it was
// not shown (SuggestionHoldout).
type SuggestionTrial struct {
	Tried     int // movements predicted
	Right     int // whose best suggestion was their category
	Confident int // with a suggestion of SuggestConfidence or more
	// ConfidentRight: confident and right.
	ConfidentRight int
}

// SuggestionHoldout measures the model on a ledger's categorised movements
// (oldest first): it learns the first ones and predicts the category of the
// last holdoutPercent, among the categories of each movement's type
// (typeOf gives a category's type).
func SuggestionHoldout(movements []MovementDraft, holdoutPercent int, typeOf func(categoryID int64) string) SuggestionTrial {
	cut := len(movements) - len(movements)*holdoutPercent/100
	m := NewSuggestionModel(nil)
	for _, d := range movements[:cut] {
		m.Learn(d.Description, d.AccountID, d.Amount, d.CategoryID, 1)
	}
	var t SuggestionTrial
	for _, d := range movements[cut:] {
		s := m.Suggest(d.Description, d.AccountID, d.Amount, func(id int64) bool { return typeOf(id) == d.Type }, 1)
		t.Tried++
		right := len(s) > 0 && s[0].CategoryID == d.CategoryID
		if right {
			t.Right++
		}
		if len(s) > 0 && s[0].Confident {
			t.Confident++
			if right {
				t.ConfidentRight++
			}
		}
	}
	return t
}
