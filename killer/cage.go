package killer

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

// Cage is a connected group of cells whose digits are distinct and add up
// to Sum. Cells are kept in increasing order; the first is the cage's
// top-left cell (topmost row, then leftmost), where the sum is printed.
// Sum 0 is a cage whose sum is hidden (batch --hide-sums): its digits are
// only distinct; its record leaves "sum" out.
type Cage struct {
	Sum   int   `json:"sum,omitempty"`
	Cells []int `json:"cells"`
}

// Hidden reports whether the cage's sum is hidden (Sum 0): its digits
// are distinct, their total is not given.
func (cg Cage) Hidden() bool { return cg.Sum == 0 }

// SumText is the cage's sum as text, "?" when it is hidden.
func (cg Cage) SumText() string {
	if cg.Hidden() {
		return "?"
	}
	return strconv.Itoa(cg.Sum)
}

// UnmarshalJSON reads {"sum":S,"cells":[...]}, "sum" left out for a
// hidden sum; a "sum" that is present must be a whole number of at least
// 1 (0 or null would read as a hidden sum the record did not mean).
func (cg *Cage) UnmarshalJSON(b []byte) error {
	var v struct {
		Cells []int `json:"cells"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return export.JSONTypeError(err, "")
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return export.JSONTypeError(err, "")
	}
	*cg = Cage{Cells: v.Cells}
	if s, ok := keys["sum"]; ok {
		if err := json.Unmarshal(s, &cg.Sum); err != nil || cg.Sum < 1 {
			return fmt.Errorf("cage sum %s: expected a whole number of at least 1, or no \"sum\" for a cage whose sum is hidden", s)
		}
	}
	return nil
}

// HiddenSums is the number of cages whose sum is hidden.
func (p *Puzzle) HiddenSums() int {
	k := 0
	for _, cg := range p.Cages {
		if cg.Hidden() {
			k++
		}
	}
	return k
}

// Puzzle is a killer: its geometry, its cages (covering every cell once)
// and optional givens.
type Puzzle struct {
	Geo   *Geometry
	Cages []Cage
	// Givens holds a digit 1..N per cell, 0 for an empty cell; nil when
	// the puzzle has no givens (the usual killer).
	Givens []int8
}

// errNoGeometry is what the functions with an error result say of a
// Puzzle without a geometry (the zero Puzzle, one built by hand).
var errNoGeometry = errors.New("killer: puzzle has no geometry")

// CageOf returns, for each cell, the index of its cage in p.Cages (-1
// for a cell no cage covers); nil for a puzzle without a geometry.
func (p *Puzzle) CageOf() []int {
	if p == nil || p.Geo == nil {
		return nil
	}
	out := make([]int, p.Geo.Cells)
	for i := range out {
		out[i] = -1
	}
	for k, cg := range p.Cages {
		for _, c := range cg.Cells {
			out[c] = k
		}
	}
	return out
}

// Sort puts the cells of each cage in increasing order and the cages in
// the order of their top-left cells, the canonical order of the text form
// and of records.
func (p *Puzzle) Sort() {
	for _, cg := range p.Cages {
		sort.Ints(cg.Cells)
	}
	sort.Slice(p.Cages, func(i, j int) bool { return p.Cages[i].Cells[0] < p.Cages[j].Cells[0] })
}

// GivenCount is the number of givens.
func (p *Puzzle) GivenCount() int {
	k := 0
	for _, v := range p.Givens {
		if v != 0 {
			k++
		}
	}
	return k
}

// Validate checks the rules a killer's cages must keep: every cell in
// exactly one cage, each cage connected (cells sharing sides), of at most
// N cells, with a sum that distinct digits 1..N can make, and givens in
// range. It names the first problem found.
func (p *Puzzle) Validate() error {
	if p == nil {
		return errNoGeometry
	}
	g := p.Geo
	if g == nil {
		return errNoGeometry
	}
	owner := make([]int, g.Cells)
	for k, cg := range p.Cages {
		if len(cg.Cells) == 0 {
			return fmt.Errorf("killer: cage %d has no cells", k+1)
		}
		// the cells first: the checks below name a cage by its first cell
		for _, c := range cg.Cells {
			if c < 0 || c >= g.Cells {
				return fmt.Errorf("killer: cage %d: cell %d is off the %dx%d grid (cells are 0..%d)", k+1, c, g.N, g.N, g.Cells-1)
			}
		}
		if len(cg.Cells) > g.N {
			return fmt.Errorf("killer: cage %d at %s has %d cells: a cage holds at most %d (its digits are distinct)", k+1, g.CellName(cg.Cells[0]), len(cg.Cells), g.N)
		}
		lo, hi, err := SumRange(g.N, len(cg.Cells))
		if err != nil {
			return fmt.Errorf("killer: cage %d at %s: %v", k+1, g.CellName(cg.Cells[0]), err)
		}
		if !cg.Hidden() && (cg.Sum < lo || cg.Sum > hi) && len(cg.Cells) == 1 {
			return fmt.Errorf("killer: cage %d at %s: sum %d is impossible for one cell (a digit 1..%d)", k+1, g.CellName(cg.Cells[0]), cg.Sum, g.N)
		}
		if !cg.Hidden() && (cg.Sum < lo || cg.Sum > hi) {
			return fmt.Errorf("killer: cage %d at %s: sum %d is impossible for %d distinct digits 1..%d (expected %d..%d)", k+1, g.CellName(cg.Cells[0]), cg.Sum, len(cg.Cells), g.N, lo, hi)
		}
		for _, c := range cg.Cells {
			if owner[c] == k+1 {
				return fmt.Errorf("killer: cage %d lists %s twice", k+1, g.CellName(c))
			}
			if owner[c] != 0 {
				return fmt.Errorf("killer: %s is in cage %d and in cage %d", g.CellName(c), owner[c], k+1)
			}
			owner[c] = k + 1
		}
		if !connected(g, cg.Cells) {
			return fmt.Errorf("killer: cage %d at %s is not connected (its cells must share sides)", k+1, g.CellName(cg.Cells[0]))
		}
	}
	for c, o := range owner {
		if o == 0 {
			return fmt.Errorf("killer: %s is in no cage (cages must cover the grid)", g.CellName(c))
		}
	}
	if p.Givens != nil {
		if len(p.Givens) != g.Cells {
			return fmt.Errorf("killer: %d givens for %d cells", len(p.Givens), g.Cells)
		}
		for c, v := range p.Givens {
			if v < 0 || int(v) > g.N {
				return fmt.Errorf("killer: given %d at %s out of 1..%d", v, g.CellName(c), g.N)
			}
		}
		return p.checkGivens()
	}
	return nil
}

// checkGivens reports givens that break a rule on their own, as the
// classic reader does: a digit twice in a house or a cage, a cage whose
// givens fill it to another sum or reach its sum with cells left.
func (p *Puzzle) checkGivens() error {
	g := p.Geo
	for h, house := range g.Houses {
		if a, b, ok := sudoku.Repeat(house, p.Givens); ok {
			return fmt.Errorf("killer: %d appears twice in %s (%s and %s)", p.Givens[a], g.HouseName(h), g.CellName(a), g.CellName(b))
		}
	}
	for k, cg := range p.Cages {
		at := g.CellName(cg.Cells[0])
		if a, b, ok := sudoku.Repeat(cg.Cells, p.Givens); ok {
			return fmt.Errorf("killer: %d appears twice in cage %d at %s (%s and %s)", p.Givens[a], k+1, at, g.CellName(a), g.CellName(b))
		}
		sum, open := 0, 0
		for _, c := range cg.Cells {
			sum += int(p.Givens[c])
			if p.Givens[c] == 0 {
				open++
			}
		}
		switch {
		case cg.Hidden():
		case open == 0 && sum != cg.Sum:
			return fmt.Errorf("killer: cage %d at %s: its givens sum to %d, expected the cage's sum %d", k+1, at, sum, cg.Sum)
		case open > 0 && sum >= cg.Sum:
			return fmt.Errorf("killer: cage %d at %s: its givens already sum to %d, expected less than the cage's sum %d (it has empty cells)", k+1, at, sum, cg.Sum)
		}
	}
	return nil
}

// connected reports whether the cells form one group through shared sides.
func connected(g *Geometry, cells []int) bool {
	if len(cells) <= 1 {
		return true
	}
	in := Set(cells)
	var seen CellSet
	stack := []int{cells[0]}
	seen.Add(cells[0])
	n := 1
	var nb [4]int
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range g.Neighbours(nb[:0], c) {
			if in.Has(d) && !seen.Has(d) {
				seen.Add(d)
				n++
				stack = append(stack, d)
			}
		}
	}
	return n == len(cells)
}

// CheckSolution reports whether sol (a digit 1..N per cell) satisfies p:
// every house holds each digit once, every cage's digits are distinct and
// add up to its sum, and the givens agree. It names the first violation.
// A puzzle without a geometry is an error.
func (p *Puzzle) CheckSolution(sol []int8) error {
	if p == nil || p.Geo == nil {
		return errNoGeometry
	}
	g := p.Geo
	if len(sol) != g.Cells {
		return fmt.Errorf("killer: solution has %d cells, expected %d", len(sol), g.Cells)
	}
	for h, cells := range g.Houses {
		var m uint16
		for _, c := range cells {
			v := sol[c]
			if v < 1 || int(v) > g.N {
				return fmt.Errorf("killer: %s holds %d, expected 1..%d", g.CellName(c), v, g.N)
			}
			m |= 1 << (v - 1)
		}
		if int(m) != 1<<g.N-1 {
			return fmt.Errorf("killer: %s repeats a digit", g.HouseName(h))
		}
	}
	for k, cg := range p.Cages {
		var m uint16
		s := 0
		for _, c := range cg.Cells {
			if m>>(sol[c]-1)&1 != 0 {
				return fmt.Errorf("killer: cage %d at %s repeats %d", k+1, g.CellName(cg.Cells[0]), sol[c])
			}
			m |= 1 << (sol[c] - 1)
			s += int(sol[c])
		}
		if s != cg.Sum && !cg.Hidden() {
			return fmt.Errorf("killer: cage %d at %s adds up to %d, not %d", k+1, g.CellName(cg.Cells[0]), s, cg.Sum)
		}
	}
	for c, v := range p.Givens {
		if v != 0 && v != sol[c] {
			return fmt.Errorf("killer: given %d at %s, solution has %d", v, g.CellName(c), sol[c])
		}
	}
	return nil
}
