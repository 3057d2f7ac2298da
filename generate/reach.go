package generate

import (
	"fmt"
	"math"
)

// The digs of one set of options end at givens counts spread narrowly
// about their mean: the minimal (or symmetric-minimal) puzzle a random
// grid digs to has a standard deviation of 0.23 to 0.37 times the square
// root of the mean (measured 2026-12-07 over 1,000 to 5,000 digs each:
// 6x6, 8x8, 9x9, 12x12 and 16x16, and rot180, rot90 and mirror digs), and
// none of those thousands ended more than 1.2 square roots of the mean
// below it. A givens range whose top lies far below the first digs is
// out of their reach: on 25x25 (digs end near 268 givens, each dig about
// a minute) `--givens 200` spent its 200 grids, hours, before it said so.
const (
	// reachAttempts is how many digs must end above the range before
	// their counts are judged.
	reachAttempts = 3
	// reachSpreads is how many spreads below the digs' mean a range's
	// top must lie to be out of reach.
	reachSpreads = 5
	// reachSpreadFloor is the least spread taken, times the square root
	// of the mean: above the 0.37 measured, so that a few digs that
	// happen to agree (three of 56 on a rot90 12x12) do not make the
	// spread seem narrower than it is.
	reachSpreadFloor = 0.4
)

// digReach follows the givens counts the attempts for one puzzle dug to,
// while every one ended above the range asked for, to tell when the
// range is out of their reach (outOfReach).
type digReach struct {
	n          int
	sum, sumSq float64
}

// add counts one dig that ended at givens.
func (r *digReach) add(givens int) {
	g := float64(givens)
	r.n++
	r.sum += g
	r.sumSq += g * g
}

// floor is the fewest givens these digs can be expected to reach: their
// mean less reachSpreads spreads, the spread being the digs' own
// standard deviation or reachSpreadFloor times the square root of the
// mean, whichever is larger.
func (r *digReach) floor() float64 {
	n := float64(r.n)
	mean := r.sum / n
	spread := reachSpreadFloor * math.Sqrt(mean)
	if r.n > 1 {
		v := (r.sumSq - n*mean*mean) / (n - 1)
		spread = max(spread, math.Sqrt(max(v, 0)))
	}
	return mean - reachSpreads*spread
}

// outOfReach reports whether, after reachAttempts digs or more that all
// ended above maxGivens, maxGivens lies below floor: a dig that reaches
// it is then rarer than one in millions, and the attempts left would
// almost surely all fail.
func (r *digReach) outOfReach(maxGivens int) bool {
	return r.n >= reachAttempts && float64(maxGivens) < r.floor()
}

// error is the line of a puzzle whose givens range is out of reach:
// what was asked, what the digs reached, and what to ask instead. what
// is the options asked ("givens 200-200"); fewest and most are the
// digs' counts; left is the attempts not made.
func (r *digReach) error(n int, what string, fewest, most, left int) error {
	return fmt.Errorf("no %dx%d puzzle with %s: the first %d grids dug to %d-%d givens, and a dig ends below %d too rarely for the other %d to reach the range; let --givens reach %d (the fewest dug) or more, or leave it out",
		n, n, what, r.n, fewest, most, int(math.Ceil(r.floor())), left, fewest)
}
