package grade

import (
	"reflect"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// TestGraderKeep: a Keep that says yes changes nothing; one that says no
// returns the SE result and tier without the HoDoKu run; with the HoDoKu
// path, Keep sees no path yet.
func TestGraderKeep(t *testing.T) {
	// SE 2.6 (medium) and 1.2 (easy)
	for _, s := range []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
	} {
		p, err := sudoku.ParseAuto(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, profile := range []string{"se", "hodoku"} {
			plain, _ := NewGrader(GraderOptions{Profile: profile})
			want, err := plain.Grade(p)
			if err != nil {
				t.Fatal(err)
			}
			asked := 0
			yes, _ := NewGrader(GraderOptions{Profile: profile, Keep: func(g *Grade) bool {
				asked++
				if (g.Path != nil) != (profile == "se") || g.HoDoKu != nil || g.Tier != want.Tier {
					t.Errorf("%s %s: Keep got path %v, hodoku %v, tier %q", profile, s, g.Path != nil, g.HoDoKu != nil, g.Tier)
				}
				return true
			}})
			got, _ := yes.Grade(p)
			if asked != 1 || !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s: asked %d times; with Keep true the grade differs", profile, s, asked)
			}
			no, _ := NewGrader(GraderOptions{Profile: profile, Keep: func(*Grade) bool { return false }})
			got, _ = no.Grade(p)
			if got.HoDoKu != nil || !reflect.DeepEqual(got.SE, want.SE) || got.Tier != want.Tier {
				t.Errorf("%s %s: with Keep false: hodoku %v, tier %q (want %q)", profile, s, got.HoDoKu != nil, got.Tier, want.Tier)
			}
		}
	}
}
