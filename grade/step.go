package grade

import (
	"fmt"
	"strings"

	"github.com/sudogen/sudogen/sudoku"
)

// Candidate is one digit in one cell.
type Candidate struct {
	Cell  int
	Digit uint8
}

// Name prints the candidate as "5r3c7".
func (c Candidate) Name(geo *sudoku.Geometry) string {
	return fmt.Sprintf("%c%s", sudoku.Symbols[c.Digit-1], geo.CellName(c.Cell))
}

// Node is a candidate that a chain takes as true (On) or false.
type Node struct {
	Candidate
	On bool
}

// ChainGroup is a grouped node of a chain (see Step.Groups).
type ChainGroup struct {
	Index int
	Cells []int
	// ALS marks an almost locked set node (HoDoKu's ALS in chains): the
	// node's digit is not in Cells, whose other digits are then locked
	// there.
	ALS bool
}

// Step is one deduction: the technique, what it places or eliminates, and
// the cells, candidates and chain that prove it.
type Step struct {
	// Tech is the technique's stable kebab-case id (see Techniques).
	Tech string
	// Placements are digits the step sets; Eliminations are candidates it
	// removes. A step has at least one of them.
	Placements   []Candidate
	Eliminations []Candidate
	// Units are the houses the pattern lives in (base then cover units for
	// fish; the unit of a single or subset).
	Units []int
	// Cells are the pattern's cells; Support the candidates that prove it
	// (subset digits, fish positions, wing pincers, fins).
	Cells   []int
	Support []Candidate
	// Chain is the chain or loop of a chaining step, in order.
	Chain []Node
	// Groups lists the chain's grouped nodes: Chain[Index] stands for its
	// digit in one of Cells (a line inside a box); the node's candidate is
	// the first of them.
	Groups []ChainGroup
	// Digits are the digits the pattern is about (fish digit, subset
	// digits, rectangle digits).
	Digits []uint8
	// Difficulty is the SE rating of this instance (base plus any length
	// or size bonus); Score the HoDoKu score.
	Difficulty float64
	Score      int
	// Detail is a short qualifier for the explanation ("type 2", "row").
	Detail string
	// Proof is the derivation of a forcing-chain step: its branches and
	// the nested chains they use (nil for other steps).
	Proof *ChainProof
}

// Apply performs the step on g: placements first, then eliminations.
func (s *Step) Apply(g *Grid) {
	for _, p := range s.Placements {
		g.Place(p.Cell, p.Digit)
	}
	for _, e := range s.Eliminations {
		g.Eliminate(e.Cell, e.Digit)
	}
}

// Productive reports whether applying s would change g.
func (s *Step) Productive(g *Grid) bool {
	for _, p := range s.Placements {
		if g.Values[p.Cell] == 0 {
			return true
		}
	}
	for _, e := range s.Eliminations {
		if g.Has(e.Cell, e.Digit) {
			return true
		}
	}
	return false
}

// Summary prints what the step does, e.g. "r4c7=5" or "r1c2<>3, r1c5<>3".
func (s *Step) Summary(geo *sudoku.Geometry) string {
	var parts []string
	for _, p := range s.Placements {
		parts = append(parts, fmt.Sprintf("%s=%c", geo.CellName(p.Cell), sudoku.Symbols[p.Digit-1]))
	}
	for _, e := range s.Eliminations {
		parts = append(parts, fmt.Sprintf("%s<>%c", geo.CellName(e.Cell), sudoku.Symbols[e.Digit-1]))
	}
	return strings.Join(parts, ", ")
}

// ChainLength is the number of inferences (links) of the step's chain or
// loop as HoDoKu counts them: one less than the node count, and for a
// closed loop (the first node repeated at the end in the same state) the
// closing link is not counted; 0 when the step has no chain.
func (s *Step) ChainLength() int {
	n := len(s.Chain)
	if n < 2 {
		return 0
	}
	if s.Chain[0] == s.Chain[n-1] {
		return n - 2
	}
	return n - 1
}
