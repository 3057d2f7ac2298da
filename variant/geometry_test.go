package variant

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestGeometryPeers: each used cell's peers (ascending), peer bitset and
// pair neighbours' peer flags are the cells sharing one of the data's
// houses or sees pairs with it, found by brute force over the data, on
// every catalogue board, combinations, Samurai and random jigsaw
// layouts.
func TestGeometryPeers(t *testing.T) {
	specs := []Spec{
		{Size: 9, Variants: []string{AntiKnight, X}},
		{Size: 9, Variants: []string{NonConsecutive, Windoku}},
		{Size: 6, Variants: []string{AntiKing}},
		{Size: 12, Variants: []string{X}},
		{Variants: []string{SamuraiName}},
	}
	for _, v := range Names {
		if v != SamuraiName && v != Jigsaw {
			specs = append(specs, Spec{Size: 9, Variants: []string{v}})
		}
	}
	rng := rand.New(rand.NewPCG(3, 9))
	for _, n := range []int{6, 9} {
		for range 3 {
			r, err := randomLayout(n, "", rng)
			if err != nil {
				t.Fatal(err)
			}
			specs = append(specs, Spec{Size: n, Variants: []string{Jigsaw}, Regions: r})
		}
	}
	for _, sp := range specs {
		g, err := Build(sp)
		if err != nil {
			t.Fatal(err)
		}
		d := g.Data()
		sees := func(a, b int) bool { // frame cells
			for _, h := range d.Houses {
				if slices.Contains(h, a) && slices.Contains(h, b) {
					return true
				}
			}
			for _, s := range d.Sees {
				if (s[0] == a && s[1] == b) || (s[0] == b && s[1] == a) {
					return true
				}
			}
			return false
		}
		for i, fi := range g.used {
			var want []int32
			for j, fj := range g.used {
				if i != j && sees(int(fi), int(fj)) {
					want = append(want, int32(j))
				}
			}
			got := g.peers[g.pStart[i]:g.pStart[i+1]]
			if !slices.Equal(got, want) {
				t.Fatalf("%v %q cell %d: peers %v, want %v", sp.Variants, sp.Regions, fi, got, want)
			}
			for j := range g.m {
				bit := g.peerBits[i*g.words+j/64]&(1<<(j%64)) != 0
				if bit != slices.Contains(want, int32(j)) {
					t.Fatalf("%v cell %d: peer bit of %d is %v", sp.Variants, fi, g.used[j], bit)
				}
			}
			for k := g.qStart[i]; k < g.qStart[i+1]; k++ {
				if p := g.qNbr[k]; g.qPeer[k] != slices.Contains(want, p) {
					t.Fatalf("%v cell %d: pair neighbour %d peer flag %v", sp.Variants, fi, g.used[p], g.qPeer[k])
				}
			}
		}
	}
}

// TestFromDataRefuses: geometry data that breaks its rules is refused
// with a line that says what is wrong.
func TestFromDataRefuses(t *testing.T) {
	row := func(r int) []int { return []int{3 * r, 3*r + 1, 3*r + 2} }
	ok := Data{Rows: 3, Cols: 3, N: 3, Houses: [][]int{row(0), row(1), row(2)}, HouseKinds: []string{"row", "row", "row"}}
	if _, err := FromData(ok); err != nil {
		t.Fatalf("valid data refused: %v", err)
	}
	for _, tc := range []struct {
		name string
		edit func(d *Data)
		want string
	}{
		{"cell twice", func(d *Data) { d.Houses[1] = []int{3, 4, 3} }, "house 1 lists cell 3 twice"},
		{"cell off the frame", func(d *Data) { d.Houses[2] = []int{6, 7, 9} }, "house 2: cell 9 is not a used cell"},
		{"unused cell", func(d *Data) { d.Mask = []bool{true, true, true, true, true, true, true, true, false} }, "house 2: cell 8 is not a used cell"},
		{"short house", func(d *Data) { d.Houses[0] = []int{0, 1} }, "house 0 (row) has 2 cells, expected 3"},
		{"sees itself", func(d *Data) { d.Sees = [][2]int{{4, 4}} }, "sees pair joins cell 4 to itself"},
		{"sees off the frame", func(d *Data) { d.Sees = [][2]int{{4, 12}} }, "sees: cell 12 is not a used cell"},
	} {
		d := ok
		d.Houses = [][]int{row(0), row(1), row(2)}
		tc.edit(&d)
		_, err := FromData(d)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.name, err, tc.want)
		}
	}
}

// TestCheckNamesRepeat: a value twice in a house is reported as the
// classic reader reports it, the house numbered among those of its kind
// (not by its index in the house list, which made box 1 "box 18" and the
// first diagonal "diagonal 27") and both cells named.
func TestCheckNamesRepeat(t *testing.T) {
	rows := strings.Repeat("1", 9) + strings.Repeat("2", 9) + strings.Repeat("3", 9) + strings.Repeat("4", 9) + strings.Repeat("5", 9) + strings.Repeat("6", 9) + strings.Repeat("7", 9) + strings.Repeat("8", 9) + strings.Repeat("9", 9)
	jigsaw := "111122333141222223541122333541999993544999693554446666555548666777788886777778888"
	cases := []struct {
		name string
		spec Spec
		set  map[int]uint8 // frame cell -> value
		want string
	}{
		{"box", Spec{Size: 9, Variants: []string{X}}, map[int]uint8{0: 4, 10: 4}, "4 appears twice in box 1 (r1c1 and r2c2)"},
		{"diagonal", Spec{Size: 9, Variants: []string{X}}, map[int]uint8{20: 3, 70: 3}, "3 appears twice in diagonal 1 (r3c3 and r8c8)"},
		{"anti-diagonal", Spec{Size: 9, Variants: []string{X}}, map[int]uint8{8: 5, 72: 5}, "5 appears twice in diagonal 2 (r1c9 and r9c1)"},
		{"column", Spec{Size: 9, Variants: []string{Windoku}}, map[int]uint8{4: 7, 76: 7}, "7 appears twice in column 5 (r1c5 and r9c5)"},
		{"12x12 symbol", Spec{Size: 12, Variants: []string{X}}, map[int]uint8{13: 11, 143: 11}, "B appears twice in diagonal 1 (r2c2 and r12c12)"},
		{"jigsaw row", Spec{Size: 9, Variants: []string{Jigsaw}, Regions: rows}, map[int]uint8{18: 2, 26: 2}, "2 appears twice in row 3 (r3c1 and r3c9)"},
		{"jigsaw region", Spec{Size: 9, Variants: []string{Jigsaw}, Regions: jigsaw}, map[int]uint8{3: 6, 9: 6}, "6 appears twice in region 1 (r1c4 and r2c1)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, err := Build(c.spec)
			if err != nil {
				t.Fatal(err)
			}
			d := g.Data()
			cells := make([]uint8, d.Rows*d.Cols)
			for i, v := range c.set {
				cells[i] = v
			}
			err = g.Check(cells)
			if err == nil || err.Error() != c.want {
				t.Errorf("Check = %v, want %q", err, c.want)
			}
		})
	}
}

// TestParseRegionsNamesCharacter: a character that names no region is
// shown whole and counted in characters ('é' at character 11, not its
// first byte 'Ã'); an ASCII one as before.
func TestParseRegionsNamesCharacter(t *testing.T) {
	const good = "111122333141222223541122333541999993544999693554446666555548666777788886777778888"
	for _, c := range []struct{ text, want string }{
		{good[:10] + "é" + good[12:], "regions string: character 11 ('é'): expected a region name 1..9"},
		{"é" + good[2:10] + "a" + good[11:], "regions string: character 1 ('é'): expected a region name 1..9"},
		{good[:10] + "a" + good[11:], "regions string: character 11 ('a'): expected a region name 1..9"},
		{good[:20] + "0" + good[21:], "regions string: character 21 ('0'): expected a region name 1..9"},
	} {
		_, err := ParseRegions(c.text, 9)
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseRegions(%q) = %v, want %q", c.text, err, c.want)
		}
	}
}
