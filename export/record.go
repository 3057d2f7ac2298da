package export

import (
	"bytes"
	"encoding/json"
	"slices"
)

// FormatVersion is the record format this package writes: the "v" field of
// every record. It changes only when a field changes meaning or type or is
// removed, never for a new field; docs/records.md describes each version
// and schema/ holds its JSON Schema. Readers accept records without "v"
// (written before versions, read as the format before 1) and refuse a
// version above this one.
const FormatVersion = 1

// MaxSeed is the largest run seed a record carries: 2^53-1, the largest
// whole number every JSON reader holds exactly (JavaScript, jq and others
// read numbers as doubles). Runs refuse larger seeds.
const MaxSeed = 1<<53 - 1

// Record is one puzzle as it appears in a JSONL corpus, one object per line.
// Sudoku and sliding puzzles share it; fields that do not apply are omitted.
// docs/records.md documents every field and schema/ checks them.
//
// Record implements json.Marshaler and json.Unmarshaler with AppendJSON and
// DecodeRecord, so encoding/json reads and writes the documented format.
type Record struct {
	// Version is the "v" of the record read (0 when it had none). The
	// encoder always writes FormatVersion, the format it writes.
	Version int    `json:"v"`
	ID      string `json:"id,omitempty"`
	Kind    string `json:"kind"` // "sudoku", "slide", "killer", "variant" (KindPackage)
	Size    int    `json:"size"`

	// Sudoku.
	Box      []int  `json:"box,omitempty"` // [rows, cols] of one box
	Puzzle   string `json:"puzzle,omitempty"`
	Solution string `json:"solution,omitempty"` // sudoku: the grid; slide: the move letters
	Givens   int    `json:"givens,omitempty"`
	Minimal  *bool  `json:"minimal,omitempty"`
	Symmetry string `json:"symmetry,omitempty"`

	// Grading.
	Rating float64 `json:"rating,omitempty"` // SE ER
	// RatingAtLeast is set instead of Rating when grading was cut off (by
	// a rating cap or the work budget): the puzzle rates at least this.
	RatingAtLeast float64        `json:"rating_at_least,omitempty"`
	EP            float64        `json:"ep,omitempty"`
	ED            float64        `json:"ed,omitempty"`
	Tier          string         `json:"tier,omitempty"`
	Hardest       string         `json:"hardest,omitempty"`
	Techniques    map[string]int `json:"techniques,omitempty"`
	Level         string         `json:"level,omitempty"` // HoDoKu level
	Score         int            `json:"score,omitempty"` // HoDoKu score

	// Sliding puzzles.
	Tiles   []int  `json:"tiles,omitempty"`
	Goal    string `json:"goal,omitempty"`
	Optimal *int   `json:"optimal,omitempty"`
	// MovePiece names the piece a move letter of Solution moves: "blank"
	// (the letters are the directions the blank travels). Records written
	// before format 1 called it "moves"; readers accept that name.
	MovePiece string `json:"move_piece,omitempty"`
	// Bounded-suboptimal slide records (5x5 without --exact) omit Optimal
	// and give the solution's length, the proven lower bound on the
	// optimum, and Exact = false.
	Length     *int  `json:"length,omitempty"`
	LowerBound *int  `json:"lower_bound,omitempty"`
	Exact      *bool `json:"exact,omitempty"`

	Canonical string `json:"canonical,omitempty"`
	// Seed and Index say which run made the record and where in it: the
	// run's seed (at most MaxSeed) and the puzzle's index, from which the
	// puzzle can be made again.
	Seed  uint64 `json:"seed"`
	Index int64  `json:"index"`
	// Unseeded marks a record no run made (a puzzle read from a plain
	// line and graded or solved): it has no seed or index, and the
	// encoder writes neither. The decoder sets it for a record with
	// neither.
	Unseeded bool `json:"-"`

	// Fields are the kind's own fields, beyond the ones above, written
	// and read by the kind's codec (RecordKind.Fields); nil for the
	// built-in kinds. For a record whose kind is not registered in this
	// program (its package not imported: KindPackage), the decoder keeps
	// every member beyond the ones above here as RawFields, verbatim, so
	// AppendJSON writes them back instead of dropping them.
	Fields Fields `json:"-"`

	// checked is set by CheckRecord when the record passed, so a writer
	// handed a checked record (or a copy of one) does not solve it again.
	checked bool
	// givensRead is set by the decoder when the record had a "givens"
	// number, so that "givens":0 on a puzzle with givens is checked (and
	// refused) rather than taken for an absent field.
	givensRead bool
	// gradeStatus is the "status" of the grade output line the record
	// was read from (GradeStatus).
	gradeStatus string
}

// HasGivens reports whether r states its givens: a count set, or a
// "givens" number decoded (0 included). A reader fills in a count only
// where it has none, so a "givens":0 that CheckRecord is to refuse is
// not overwritten.
func (r *Record) HasGivens() bool { return r.Givens != 0 || r.givensRead }

// RawFields are the members of a record of a kind not registered in this
// program (see Record.Fields) that are none of Record's fields, as read:
// each key with its JSON value, in the record's order (a key given twice
// keeps its first place and its last value, the value encoding/json
// reads). AppendJSON writes them back where a kind's fields go, after the
// common fields and before "canonical", which is where sudogen writes
// every kind's fields: a record as sudogen wrote it comes back byte for
// byte. A value is kept as written, its white space outside strings
// removed.
type RawFields []RawField

// RawField is one member of RawFields.
type RawField struct {
	Key   string
	Value json.RawMessage
}

// AppendJSON appends the members as `,"key":value`.
func (f RawFields) AppendJSON(dst []byte) []byte {
	for _, m := range f {
		dst = appendString(append(dst, ','), m.Key)
		dst = append(append(dst, ':'), m.Value...)
	}
	return dst
}

// Get returns the value of key, or nil.
func (f RawFields) Get(key string) json.RawMessage {
	for _, m := range f {
		if m.Key == key {
			return m.Value
		}
	}
	return nil
}

// keepFields copies the members read (raw values pointing into the
// input) as RawFields.
func keepFields(extra []extraField) RawFields {
	out := make(RawFields, 0, len(extra))
	for _, e := range extra {
		v := make(json.RawMessage, 0, len(e.raw))
		if bytes.ContainsAny(e.raw, " \t\r\n") {
			var buf bytes.Buffer
			if json.Compact(&buf, e.raw) == nil {
				v = append(v, buf.Bytes()...)
			} else {
				v = append(v, e.raw...)
			}
		} else {
			v = append(v, e.raw...)
		}
		if i := slices.IndexFunc(out, func(m RawField) bool { return m.Key == e.key }); i >= 0 {
			out[i].Value = v // the last wins, as in encoding/json
			continue
		}
		out = append(out, RawField{e.key, v})
	}
	return out
}
