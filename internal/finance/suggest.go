package finance

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Category suggestions from the ledger's own history, learnt as the person
// lives it. The model is a table of counts: for each feature of a
// categorised expense or earning, and each month, how many of the ledger's
// movements with that feature went to each category. The features of a
// movement (SuggestFeatures) are its whole description, normalised (the
// exact match: "the category it had last time"), the words of its
// description, and two weaker hints, its account and the order of magnitude
// of its amount. The store keeps the counts up to date with every write,
// like the monthly totals; RankCategories turns the counts of a new
// description into a ranking that says why ("14 of 15 movements with
// 'mercadona'").
//
// Counts fade with time by the movements' own months (a count weighs half as
// much per half-life of months older than the feature's newest), so old
// habits give way to new ones while the state stays a plain sum that a
// recount from the movements reproduces exactly, whatever the clock says.

// Limits and thresholds of the suggestion model.
const (
	// MaxSuggestWords is how many distinct words of a description count.
	MaxSuggestWords = 8
	// SuggestConfidence is the confidence (percent) from which an import
	// puts a row in the suggested category and the form offers it.
	SuggestConfidence = 60
	maxSuggestWordLen = 40
	// maxSuggestKey bounds the normalised description (bytes).
	maxSuggestKey  = 160
	featureAccount = "#a"
	featureAmount  = "#m"
	// featureExact prefixes the normalised whole description.
	featureExact = "="
)

// The model's weights, measured on the replay of ccbench -suggest-accuracy
// (docs/PERFORMANCE.md, "Category suggestions").
const (
	// exactHalfLife and wordHalfLife are in months: the description's own
	// history follows the person's latest choice within a week or so (a
	// month's count weighs 1/16 of the next's), a word's over half a year.
	// A suggestion's confidence always reads the slow shares, so following
	// the latest choice never makes an unsettled description look sure.
	exactHalfLife = 0.25
	wordHalfLife  = 6.0
	// exactWeight is the vote of a description seen before against a word's
	// (at most 1), times its evidence.
	exactWeight = 2.0
	// hintWeight: the account and the amount only break ties.
	hintWeight = 0.1
	// unknownWeight is the vote of what the model does not know: a
	// suggestion from a few weak words is not confident.
	unknownWeight = 0.5
	// evidence: a feature seen n times weighs n / (n + evidence).
	evidence = 1.0
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
		if !suggestWord(w) || slices.Contains(out, w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

func suggestWord(w string) bool {
	n := utf8.RuneCountInString(w)
	return n >= 2 && n <= maxSuggestWordLen && !strings.ContainsFunc(w, unicode.IsDigit)
}

// SuggestKey is a description normalised for the exact match: its words
// (Words) of two characters or more without digits, in order, joined by
// spaces ("COMPRA TARJ 5234XXXX MERCADONA 08/11" is "compra tarj
// mercadona"); "" when it has none.
func SuggestKey(description string) string {
	var b strings.Builder
	for _, w := range Words(description) {
		if !suggestWord(w) {
			continue
		}
		if b.Len()+1+len(w) > maxSuggestKey {
			break
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(w)
	}
	return b.String()
}

// SuggestFeatures returns the features of a movement the model counts: its
// normalised description (SuggestKey, after "="), its words (SuggestWords),
// then its account and its amount's order of magnitude (a power of two)
// when given (non-zero). None when the description has no word: the hints
// alone suggest nothing.
func SuggestFeatures(description string, accountID, amount int64) []string {
	words := SuggestWords(description)
	if len(words) == 0 {
		return nil
	}
	out := append(make([]string, 0, len(words)+3), featureExact+SuggestKey(description))
	out = append(out, words...)
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

func isExactFeature(f string) bool { return strings.HasPrefix(f, featureExact) }

// SuggestPeriod is the month a movement of date (YYYY-MM-DD) counts in for
// feature: year*12 + month - 1; 0 for the hints, which never fade.
func SuggestPeriod(feature, date string) int64 {
	if IsHintFeature(feature) || len(date) < 7 {
		return 0
	}
	y, err1 := strconv.Atoi(date[:4])
	m, err2 := strconv.Atoi(date[5:7])
	if err1 != nil || err2 != nil {
		return 0
	}
	return int64(y*12 + m - 1)
}

// FeatureCount is how many of the ledger's movements with Feature, of the
// month Period (SuggestPeriod), are in CategoryID.
type FeatureCount struct {
	Feature    string
	CategoryID int64
	Period     int64
	Count      int64
}

// Suggestion is a category the model proposes, with its reason: Word is the
// description's word that weighed most (or the whole description, when it
// was seen before), and Count of the Total movements with it are in the
// category.
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
// first, at most limit. Nothing when no word is known.
func RankCategories(features []string, counts []FeatureCount, limit int) []Suggestion {
	groups := make([][]FeatureCount, len(features))
	for _, c := range counts {
		if i := slices.Index(features, c.Feature); i >= 0 {
			groups[i] = append(groups[i], c)
		}
	}
	return rank(features, groups, nil, limit)
}

// seen is what one feature's counts say of one category: how many
// movements (n), their weight faded by age (w) and the newest month (last).
type seen struct {
	id   int64
	n    int64
	w    float64 // faded by the feature's half-life
	slow float64 // faded by wordHalfLife
	last int64
}

// fold sums a feature's counts by category, keeping those that allow,
// fading each month's by its age against the feature's newest month.
func fold(f string, counts []FeatureCount, allow func(categoryID int64) bool, into []seen) []seen {
	into = into[:0]
	newest := int64(math.MinInt64)
	for _, c := range counts {
		if c.Count > 0 && (allow == nil || allow(c.CategoryID)) {
			newest = max(newest, c.Period)
		}
	}
	halfLife := wordHalfLife
	if isExactFeature(f) {
		halfLife = exactHalfLife
	}
	for _, c := range counts {
		if c.Count <= 0 || (allow != nil && !allow(c.CategoryID)) {
			continue
		}
		i := slices.IndexFunc(into, func(s seen) bool { return s.id == c.CategoryID })
		if i < 0 {
			into = append(into, seen{id: c.CategoryID, last: c.Period})
			i = len(into) - 1
		}
		s := &into[i]
		s.n += c.Count
		s.w += float64(c.Count) * math.Exp2(float64(c.Period-newest)/halfLife)
		s.slow += float64(c.Count) * math.Exp2(float64(c.Period-newest)/wordHalfLife)
		s.last = max(s.last, c.Period)
	}
	return into
}

// rank is RankCategories over the counts of each feature (groups[i] are
// features[i]'s), keeping the categories that allow (nil: all). Each known
// feature votes for the categories its movements went to, in proportion to
// their faded weights, and its vote weighs by how much it tells:
//
//   - the whole description seen before votes most (exactWeight), by its
//     shares faded within weeks (exactHalfLife): the category it had last
//     time leads from the first repeat of a new habit;
//   - a word weighs by how decided it is, the square of 2^-H for the
//     entropy H (bits) of its faded shares — 1 for a word always in one
//     category, 1/4 for one split evenly between two, next to nothing for a
//     statement's "compra" or "upi" spread over many — and by how often it
//     was seen (n / (n + evidence));
//   - the account and the amount weigh as a word times hintWeight.
//
// A category's confidence is its share of the votes counted again with
// every feature's slowly faded shares (wordHalfLife), out of the votes plus
// unknownWeight. A handful of features and a few dozen categories: slices,
// not maps (an import asks for every row).
func rank(features []string, groups [][]FeatureCount, allow func(categoryID int64) bool, limit int) []Suggestion {
	type vote struct {
		id       int64
		score    float64
		sure     float64 // the score by slowly faded shares
		best     float64 // the largest vote of a word or the description
		why      string
		count    int64
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
	var weights float64
	words := false
	var cats []seen
	for i, f := range features {
		cats = fold(f, groups[i], allow, cats)
		if len(cats) == 0 {
			continue
		}
		var n int64
		var total, slow, entropy float64
		for _, s := range cats {
			n += s.n
			total += s.w
			slow += s.slow
		}
		for _, s := range cats {
			if p := s.slow / slow; p > 0 {
				entropy -= p * math.Log2(p)
			}
		}
		sure := float64(n) / (float64(n) + evidence)
		weight := math.Exp2(-2*entropy) * sure
		exact, hint := isExactFeature(f), IsHintFeature(f)
		switch {
		case exact:
			weight = exactWeight * sure
			words = true
		case hint:
			weight *= hintWeight
		default:
			words = true
		}
		weights += weight
		for _, s := range cats {
			v := at(s.id)
			vs := weight * s.w / total
			v.score += vs
			v.sure += weight * s.slow / slow
			if !hint && vs > v.best {
				v.best, v.why, v.count, v.whyTotal = vs, strings.TrimPrefix(f, featureExact), s.n, n
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
		if v.why == "" {
			continue // only hints point there
		}
		confidence := int(100*v.sure/(weights+unknownWeight) + 0.5)
		out = append(out, Suggestion{CategoryID: v.id, Confidence: confidence, Confident: confidence >= SuggestConfidence,
			Word: v.why, Count: v.count, Total: v.whyTotal})
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
func (m *SuggestionModel) Learn(d *MovementDraft, sign int64) {
	for _, f := range SuggestFeatures(d.Description, d.AccountID, d.Amount) {
		p := SuggestPeriod(f, d.Date)
		cs := m.counts[f]
		i := slices.IndexFunc(cs, func(c FeatureCount) bool { return c.CategoryID == d.CategoryID && c.Period == p })
		if i < 0 {
			m.counts[f] = append(cs, FeatureCount{Feature: f, CategoryID: d.CategoryID, Period: p, Count: sign})
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
		m.Learn(&d, 1)
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
