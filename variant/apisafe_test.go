package variant

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestBadInputNoPanic: the entry points an app calls with a puzzle, a
// regions string, a symmetry name or an rng of its own answer input they
// cannot use with an error, false or 0, never a panic (each case below
// panicked, or answered for input it had not read, before).
func TestBadInputNoPanic(t *testing.T) {
	x9, err := Build(Spec{Size: 9, Variants: []string{X}})
	if err != nil {
		t.Fatal(err)
	}
	rng := func() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }
	empty := make([]uint8, 81)
	r1c1 := make([]uint8, 81) // one given: symmetric under diagonal, not rot180
	r1c1[0] = 5
	v99 := make([]uint8, 81)
	v99[0] = 99
	isErr := func(err error) string { return fmt.Sprint(err != nil) }
	for _, c := range []struct {
		name string
		call func() string
		want string
	}{
		{"IsSymmetric/short puzzle", func() string { return fmt.Sprint(IsSymmetric(x9, []uint8{1}, "rot180")) }, "false"},
		{"IsSymmetric/nil geometry", func() string { return fmt.Sprint(IsSymmetric(nil, empty, "rot180")) }, "false"},
		{"IsSymmetric/unknown name", func() string { return fmt.Sprint(IsSymmetric(x9, r1c1, "rot45")) }, "false"},
		{"IsSymmetric/random", func() string { return fmt.Sprint(IsSymmetric(x9, r1c1, "random")) }, "false"},
		{"IsSymmetric/rot180", func() string { return fmt.Sprint(IsSymmetric(x9, r1c1, "rot180")) }, "false"},
		{"IsSymmetric/diagonal", func() string { return fmt.Sprint(IsSymmetric(x9, r1c1, "diagonal")) }, "true"},
		{"IsSymmetric/none", func() string { return fmt.Sprint(IsSymmetric(x9, r1c1, "none")) }, "true"},
		{"Key/value 99", func() string { _, err := NewCanonicalizer(x9).Key(x9, v99); return isErr(err) }, "true"},
		{"Key/value 10", func() string {
			p := append([]uint8(nil), empty...)
			p[40] = 10
			_, err := NewCanonicalizer(x9).Key(x9, p)
			return isErr(err)
		}, "true"},
		{"Key/samurai value 99", func() string {
			g := Samurai()
			p := make([]uint8, g.Cells())
			for i := range p {
				if g.Used(i) {
					p[i] = 99
					break
				}
			}
			_, err := NewCanonicalizer(g).Key(g, p)
			return isErr(err)
		}, "true"},
		{"Key/good", func() string { k, err := NewCanonicalizer(x9).Key(x9, r1c1); return fmt.Sprint(err == nil && k != "") }, "true"},
		{"ParseRegions/side -1", func() string { _, err := ParseRegions("1", -1); return isErr(err) }, "true"},
		{"ParseRegions/side 0", func() string { _, err := ParseRegions("", 0); return isErr(err) }, "true"},
		{"ParseRegions/side 30", func() string { _, err := ParseRegions(strings.Repeat("Z", 900), 30); return isErr(err) }, "true"},
		{"RandomRegions/nil rng", func() string { _, err := RandomRegions(9, "", nil); return isErr(err) }, "true"},
		{"RandomRegions/unknown symmetry", func() string { _, err := RandomRegions(9, "junk", rng()); return isErr(err) }, "true"},
		{"Generate/nil rng", func() string {
			gen, err := NewGenerator(Spec{Size: 9, Variants: []string{X}}, Options{})
			if err != nil {
				return err.Error()
			}
			_, err = gen.Generate(nil)
			return isErr(err)
		}, "true"},
		{"Solver.Solve/short solution", func() string { return fmt.Sprint(NewSolver(x9).Solve(empty, make([]uint8, 3))) }, "0"},
		{"Solver.Solve/nil solution", func() string { return fmt.Sprint(NewSolver(x9).Solve(r1c1, nil)) }, "2"},
		{"Solver.Random/short out", func() string { return fmt.Sprint(NewSolver(x9).Random(rng(), nil, make([]uint8, 2))) }, "false"},
		{"Solver.Full/short out", func() string { return fmt.Sprint(NewSolver(x9).Full(rng(), make([]uint8, 2), 1)) }, "false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got string
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("panicked: %v", p)
					}
				}()
				got = c.call()
			}()
			if got != c.want {
				t.Fatalf("got %s, want %s", got, c.want)
			}
		})
	}
}
