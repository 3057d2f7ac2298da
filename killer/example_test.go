package killer_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudogen/sudogen/killer"
)

// Generate makes a killer with one solution from a seeded rng (the same
// seed, the same puzzle), Grade solves it like a person and rates it,
// and FormatLine writes it in the one-line text form Parse reads back.
func Example() {
	rng := rand.New(rand.NewPCG(1, 2))
	p, sol, _, err := killer.Generate(rng, killer.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("solution checks:", p.CheckSolution(sol) == nil)
	res := killer.Grade(p)
	fmt.Println("solved by the techniques:", res.Solved, "tier known:", res.Tier != "")
	q, err := killer.ParseText(killer.FormatLine(p))
	fmt.Println("reads back:", err == nil && killer.CanonicalKey(q) == killer.CanonicalKey(p))
	// Output:
	// solution checks: true
	// solved by the techniques: true tier known: true
	// reads back: true
}
