package killer

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/sudogen/sudogen/sudoku"
)

// Record is a killer's JSONL record (docs/records.md, "Killer records"):
// everything an independent checker needs (cages with sums and cells,
// givens, solution) and the grade.
type Record struct {
	V    int    `json:"v"`
	ID   string `json:"id,omitempty"`
	Kind string `json:"kind"`
	Size int    `json:"size"`
	Box  [2]int `json:"box"`
	// Variant is "x" for Killer-X (both main diagonals are houses).
	Variant string `json:"variant,omitempty"`
	// Cages in the order of their top-left cells; cells are row-major
	// indices (row*size + column, from 0), increasing.
	Cages []Cage `json:"cages"`
	// Puzzle is the givens, size*size characters, '.' for an empty cell.
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	Givens   int    `json:"givens,omitempty"` // absent when none, as the commands write it
	// Rating is the hardest step's rating on the killer scale when the
	// grader finished; RatingAtLeast instead when it did not.
	Rating        *Rating        `json:"rating,omitempty"`
	RatingAtLeast *Rating        `json:"rating_at_least,omitempty"`
	Tier          string         `json:"tier,omitempty"`
	Hardest       string         `json:"hardest,omitempty"`
	Techniques    map[string]int `json:"techniques,omitempty"`
	Seed          *uint64        `json:"seed,omitempty"`
	Index         *uint64        `json:"index,omitempty"`
}

// Rating is a rating written with one decimal and always a fraction
// ("2.0", not "2"), as every rating of the corpus.
type Rating float64

// MarshalJSON writes the rating with one decimal.
func (r Rating) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(float64(r), 'f', 1, 64)), nil
}

// NewRecord builds the record of p with its solution and, when r is not
// nil, its grade. p must be a puzzle Validate accepts (as Generate and the
// parsers make): a Puzzle without a geometry, or with givens of another
// length, is a programmer's error and panics.
func NewRecord(p *Puzzle, sol []int8, r *Result) Record {
	g := p.Geo
	q := *p
	q.Cages = append([]Cage(nil), p.Cages...)
	q.Sort()
	rec := Record{V: 1, Kind: "killer", Size: g.N, Box: [2]int{g.Shape.BoxRows, g.Shape.BoxCols}, Cages: q.Cages, Solution: SolutionString(sol), Givens: p.GivenCount()}
	if g.X {
		rec.Variant = "x"
	}
	b := make([]byte, g.Cells)
	for c := range b {
		b[c] = '.'
		if p.Givens != nil && p.Givens[c] != 0 {
			b[c] = sudoku.Symbols[p.Givens[c]-1]
		}
	}
	rec.Puzzle = string(b)
	if r != nil {
		v := Rating(r.Rating)
		if r.Solved {
			rec.Rating = &v
		} else {
			rec.RatingAtLeast = &v
		}
		rec.Tier, rec.Hardest = r.Tier, r.Hardest
		if len(r.Counts) > 0 {
			rec.Techniques = r.Counts
		}
	}
	return rec
}

// Decode reads a record back into a puzzle and its solution, checking
// every rule of Validate.
func (rec *Record) Decode() (*Puzzle, []int8, error) {
	if rec.Kind != KindName {
		return nil, nil, fmt.Errorf("killer: record of kind %q", rec.Kind)
	}
	if rec.Box == [2]int{} && !killerSize(rec.Size) {
		// no "box" (the reader fills it in for a killer size): name the
		// size, not the "box 0x0" the record does not have
		if rec.Size == 0 {
			return nil, nil, fmt.Errorf(`killer: record has no "size": expected 4, 6, 8 or 9`)
		}
		return nil, nil, fmt.Errorf("killer: size %d not supported: expected 4, 6, 8 or 9", rec.Size)
	}
	s := sudoku.Shape{BoxRows: rec.Box[0], BoxCols: rec.Box[1]}
	if s.N() != rec.Size {
		return nil, nil, fmt.Errorf("killer: box %dx%d does not fit size %d", rec.Box[0], rec.Box[1], rec.Size)
	}
	if rec.Variant != "" && rec.Variant != "x" {
		return nil, nil, fmt.Errorf("killer: unknown variant %q: expected x or none", rec.Variant)
	}
	g, err := geometry(s, rec.Variant == "x")
	if err != nil {
		return nil, nil, err
	}
	p := &Puzzle{Geo: g, Cages: rec.Cages}
	if rec.Puzzle != "" {
		gr, err := sudoku.Parse(rec.Puzzle, s)
		if err != nil {
			return nil, nil, fmt.Errorf("killer: puzzle: %v", err)
		}
		if gr.Givens() > 0 {
			p.Givens = make([]int8, g.Cells)
			for c, v := range gr.Cells {
				p.Givens[c] = int8(v)
			}
		}
	}
	if err := p.Validate(); err != nil {
		return nil, nil, err
	}
	var sol []int8
	if rec.Solution != "" {
		if sol, err = ParseSolution(g, rec.Solution); err != nil {
			return nil, nil, err
		}
	}
	return p, sol, nil
}

// killerSize reports whether some killer shape (Shapes) has side n.
func killerSize(n int) bool {
	for _, s := range Shapes {
		if s.N() == n {
			return true
		}
	}
	return false
}

// MarshalLine writes the record as one JSON line (no newline).
func (rec *Record) MarshalLine() ([]byte, error) { return json.Marshal(rec) }
