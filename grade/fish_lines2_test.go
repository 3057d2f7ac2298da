package grade

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"
)

// samuraiSpec is a Samurai board: five 9x9 grids on a 21x21 frame (the
// centre one shares a corner box with each of the others), the shared
// boxes listed once, the other cells unused.
func samuraiSpec() LayoutSpec {
	const w = 21
	used := make([]bool, w*w)
	var houses [][]int
	boxes := map[int]bool{}
	for _, o := range [5]int{0, 12, 6*w + 6, 12 * w, 12*w + 12} {
		for i := 0; i < 9; i++ {
			var row, col, box []int
			for j := 0; j < 9; j++ {
				row = append(row, o+i*w+j)
				col = append(col, o+j*w+i)
				box = append(box, o+(i/3*3+j/3)*w+i%3*3+j%3)
			}
			houses = append(houses, row, col)
			if !boxes[box[0]] {
				boxes[box[0]] = true
				houses = append(houses, box)
			}
			for _, c := range row {
				used[c] = true
			}
		}
	}
	return LayoutSpec{N: 9, Cells: w * w, Houses: houses, Used: used}
}

// TestFishTwoLines checks the basic fish search's cut on layouts whose
// cells lie in two rows or two columns (lineCut 3: a twodoku and a
// Samurai board) against the search without it: on grids part-way to a
// solution (random givens, random wrong candidates removed; 8 a layout,
// 16 with SUDOGEN_LONG=1) every basic
// fish finder of both scans finds the same steps in the same order, and
// they are sound. The uncut search is the same layout with the two-line
// tables left out (no line cut at all: the plain cover search).
func TestFishTwoLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 7))
	specs := map[string]LayoutSpec{"samurai": samuraiSpec()}
	for name, l := range framelessLayouts(t) {
		if name == "twodoku" {
			specs[name] = LayoutSpec{N: l.N, Cells: l.Cells, Houses: l.Houses, Used: l.Used}
		}
	}
	for _, name := range []string{"twodoku", "samurai"} {
		spec := specs[name]
		cut, err := NewLayout(spec)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := NewLayout(spec)
		if err != nil {
			t.Fatal(err)
		}
		if !fishTablesOf(cut).lines2 {
			t.Fatalf("%s: not a two-line layout", name)
		}
		plain.fishOnce.Do(func() {
			plain.fish = buildFishTables(plain)
			plain.fish.lines2 = false
		})
		w := 15
		if name == "samurai" {
			w = 21
		}
		sol := make([]uint8, spec.Cells)
		for c := range sol {
			if spec.Used[c] {
				r, col := c/w, c%w
				sol[c] = uint8((3*(r%3)+r/3+col)%9 + 1)
			}
		}
		found := 0
		// 8 grids a layout (16 with SUDOGEN_LONG=1): a coverage profile
		// of the test reaches the same blocks with 8 as with 16, and the
		// cut broken on purpose (a place in two lines taken as in one,
		// the fit test one line too strict or one candidate short) fails
		// on the first grid
		grids := 8
		if os.Getenv("SUDOGEN_LONG") != "" {
			grids = 16
		}
		for k := 0; k < grids; k++ {
			v := make([]uint8, len(sol))
			keep := 2 + rng.IntN(4)
			for c := range v {
				if rng.IntN(10) < keep {
					v[c] = sol[c]
				}
			}
			gc, err := NewLayoutGrid(cut, v)
			if err != nil {
				t.Fatal(err)
			}
			gp, _ := NewLayoutGrid(plain, v)
			drop := rng.IntN(25)
			for c := range sol {
				for d := uint8(1); d <= 9; d++ {
					if sol[c] != 0 && d != sol[c] && gc.Values[c] == 0 && rng.IntN(100) < drop {
						gc.Eliminate(c, d)
						gp.Eliminate(c, d)
					}
				}
			}
			for _, id := range []string{"x-wing", "swordfish", "jellyfish"} {
				tq, _ := TechniqueByID(id)
				for _, sc := range []Scan{ScanHoDoKu, ScanSE} {
					got := All(tq.Finder(sc), gc)
					want := All(tq.Finder(sc), gp)
					// (the steps' text compared only when they differ:
					// printing them all was a quarter of the test's time)
					if !reflect.DeepEqual(got, want) {
						if g, w := fmt.Sprint(got), fmt.Sprint(want); g != w {
							t.Fatalf("%s grid %d %s scan %d: with the cut\n%s\nwithout\n%s", name, k, id, sc, g, w)
						}
					}
					for _, s := range got {
						checkSound(t, name, &s, sol)
					}
					found += len(got)
				}
			}
		}
		t.Logf("%s: %d fish found, the same with and without the cut", name, found)
		if found < 20 {
			t.Errorf("%s: only %d fish found: the grids test too little", name, found)
		}
	}
}
