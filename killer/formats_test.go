package killer

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// small4 is a 4x4 killer written by hand in every form (solution
// 1234/3412/2143/4321).
const small4 = "aabc dddc efeg ehhg a=3,b=4,c=6,d=7,e=6,f=5,g=4,h=5"

// TestKillerFormsByHand: the same killer written by hand in each form
// parses to the same cages.
func TestKillerFormsByHand(t *testing.T) {
	// the map above has cage d in three cells: write it as the forms see it
	want, err := Parse("aabc ddbc effg ehhg a=3,b=4,c=6,d=7,e=6,f=5,g=4,h=5")
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{
		"3<467<^^65<4^5<^",
		"https://www.sudokuwiki.org/killersudoku.htm?bd=1121332121122332,03000406070000000605000400050000",
		"1121332121122332,03000406070000000605000400050000",
		"2x2::k:769:769:1026:1539:1796:1796:1026:1539:1541:1286:1286:1031:1541:1288:1288:1031:",
		"2x2::k:769:769:1026:1539:1796:1796:1026:1539:1541:1286:1286:1031:1541:1288:1288:1031",
	} {
		p, err := ParseText(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if FormatLine(p) != FormatLine(want) {
			t.Fatalf("%s: read as %s, want %s", text, FormatLine(p), FormatLine(want))
		}
	}
	if _, err := Parse(small4); err == nil {
		t.Fatal("a map with a cage in two pieces parsed")
	}
}

// TestKillerFormsRoundTrip: generated killers written in each form read
// back as the same puzzle, and what the writers write keeps each form's
// rules (checked cell by cell, not by reading it back).
func TestKillerFormsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 2))
	for _, o := range []Options{{}, {CageMin: 1, CageMax: 2}, {CageMin: 4, CageMax: 9, Guess: true}, {Shape: sudoku.Shape6}, {Shape: sudoku.Shape8}, {X: true}} {
		p := genKiller(t, rng, o)
		want := FormatLine(p)
		owner := p.CageOf()
		g := p.Geo
		type form struct {
			name  string
			write func(*Puzzle) (string, error)
			read  func(string) (*Puzzle, error)
			check func(string) string
		}
		forms := []form{
			{"SudokuWiki", FormatSudokuWiki, ParseSudokuWiki, func(s string) string {
				cols, sums, _ := strings.Cut(s, ",")
				var nb []int
				for c := 0; c < g.Cells; c++ {
					if cols[c] < '1' || cols[c] > '4' {
						return "colour out of 1-4"
					}
					for _, d := range g.Neighbours(nb[:0], c) {
						if (cols[c] == cols[d]) != (owner[c] == owner[d]) {
							return "neighbours " + g.CellName(c) + ", " + g.CellName(d) + ": same colour does not mean same cage"
						}
					}
					first := p.Cages[owner[c]].Cells[0] == c
					if v := sums[2*c : 2*c+2]; (v != "00") != first {
						return "sum " + v + " at " + g.CellName(c)
					}
				}
				return ""
			}},
			{"arrows", FormatArrows, ParseArrows, func(s string) string {
				for c := 0; c < g.Cells; c++ {
					h := c
					for steps := 0; ; steps++ {
						d, ok := map[byte]int{'<': -1, '>': 1, '^': -g.N, 'v': g.N}[s[h]]
						if !ok {
							break
						}
						if steps > g.N || owner[h+d] != owner[c] {
							return "the arrows from " + g.CellName(c) + " leave the cage"
						}
						h += d
					}
					if h != p.Cages[owner[c]].Cells[0] || arrowSum(s[h]) != p.Cages[owner[c]].Sum {
						return "the arrows from " + g.CellName(c) + " end off the cage's sum"
					}
				}
				return ""
			}},
			{"SumoCue", FormatSumoCue, ParseSumoCue, func(s string) string {
				vals := strings.Split(s, ":")
				if !strings.HasSuffix(s, ":") || len(vals) != g.Cells+4 {
					return "not RxC:D:k: and one value a cell with a closing colon"
				}
				for c := 0; c < g.Cells; c++ {
					if vals[3+c] != vals[3+p.Cages[owner[c]].Cells[0]] {
						return "cells of one cage with different values"
					}
				}
				return ""
			}},
		}
		for _, f := range forms {
			s, err := f.write(p)
			if g.X && f.name != "SumoCue" {
				if err == nil {
					t.Fatalf("%s wrote a Killer-X", f.name)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", f.name, err)
			}
			if msg := f.check(s); msg != "" {
				t.Fatalf("%s %s: %s", f.name, s, msg)
			}
			for _, read := range []func(string) (*Puzzle, error){f.read, ParseText} {
				q, err := read(s)
				if err != nil {
					t.Fatalf("%s: reading %s: %v", f.name, s, err)
				}
				if FormatLine(q) != want {
					t.Fatalf("%s: %s read back as %s, want %s", f.name, s, FormatLine(q), want)
				}
			}
		}
	}
}

func TestKillerFormsErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"1121332121122332", "cage"}, // colours alone: not any form
		{"bd=1121332121122332,0300040607000000060500040005000", "two a cell"},
		{"bd=1121332121122332,03000406070000000605000400050500", "two sums"},
		{"bd=1121332121122332,00000406070000000605000400050000", "no sum"},
		{"bd=1111111111111111,00000000000000000000000000000000", "no sum"},
		{"^<467<^^65<4^5<^", "points off the grid"},
		{"3<467<^^65<4^5><", "loop"},
		{"3<467<^^65<4^5<%", "expected a sum"},
		{"2x2::k:769:769:1026:1539:1796:1796:1026:1539:1541:1286:1286:1031:1541:1288:1288:", "15 cell values"},
		{"2x2::k:769:769:1026:1539:1796:1796:1026:1539:1541:1286:1286:1031:1541:1288:1288:7", "in no cage"},
		{"2x2::k:769:769:1026:1539:1796:1796:1026:1539:1541:1286:1286:1031:1541:1288:1288:1287", "has sums"},
		{"2x2:q:k:769:769:1026:1539:1796:1796:1026:1539:1541:1286:1286:1031:1541:1288:1288:1031", "variant"},
	} {
		_, err := ParseText(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.text, err, tc.want)
		}
	}
}
