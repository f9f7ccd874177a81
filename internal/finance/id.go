package finance

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// IDInput is an optional id in a request body: a string ("12"), a number, or
// null/"" for none. Invalid is set when the value is not an id at all.
type IDInput struct {
	ID      int64
	Set     bool
	Invalid bool
}

// UnmarshalJSON accepts "12", 12, null and "".
func (p *IDInput) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*p = IDInput{}
		return nil
	}
	var s string
	if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			p.Invalid = true
			return nil
		}
	} else {
		s = string(b)
	}
	if s == "" {
		*p = IDInput{}
		return nil
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		*p = IDInput{Invalid: true}
		return nil
	}
	*p = IDInput{ID: id, Set: true}
	return nil
}

// ParseID parses a path or query id; ok is false for anything but a positive integer.
func ParseID(s string) (int64, bool) {
	id, err := strconv.ParseInt(s, 10, 64)
	return id, err == nil && id > 0
}
