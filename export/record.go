// Package export reads and writes puzzle records: JSONL corpora, PDF
// booklets and XLSX workbooks.
package export

// Record is one puzzle as it appears in a JSONL corpus, one object per line.
// Sudoku and sliding puzzles share it; fields that do not apply are omitted.
type Record struct {
	ID   string `json:"id"`
	Kind string `json:"kind"` // "sudoku" or "slide"
	Size int    `json:"size"`

	// Sudoku.
	Box      []int  `json:"box,omitempty"` // [rows, cols] of one box
	Puzzle   string `json:"puzzle,omitempty"`
	Solution string `json:"solution,omitempty"` // sudoku: the grid; slide: the moves
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
	Moves   string `json:"moves,omitempty"`
	// Bounded-suboptimal slide records (5x5 without --exact) omit Optimal
	// and give the solution's length, the proven lower bound on the
	// optimum, and Exact = false.
	Length     *int  `json:"length,omitempty"`
	LowerBound *int  `json:"lower_bound,omitempty"`
	Exact      *bool `json:"exact,omitempty"`

	Canonical string `json:"canonical,omitempty"`
	Seed      uint64 `json:"seed"`
	Index     int64  `json:"index"`

	// checked is set by CheckRecord when the record passed, so a writer
	// handed a checked record (or a copy of one) does not solve it again.
	checked bool
}
