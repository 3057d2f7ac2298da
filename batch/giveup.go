package batch

import (
	"fmt"
	"math"

	"github.com/sudogen/sudogen/internal/numfmt"
)

// A run whose filters reject most puzzles (a rare tier, a small shape whose
// distinct puzzles are used up, a corpus excluded) could run for ever. With
// Options.MaxAttempts set, the collector stops it when the attempts run out,
// or earlier, as soon as the acceptance rate seen so far makes Count
// clearly unreachable within them: even at an optimistic rate, the upper
// end of the 99.9% Wilson score interval around the observed one, the
// records still missing would need more attempts than are left. The rule
// waits for minSample attempts, so a run is never judged on a few puzzles,
// and it errs on the side of going on: a rate that falls as the run goes
// (distinct puzzles running out) only makes it stop later.

// minSample is the number of attempts before the rate is judged.
const minSample = 1000

// wilsonZ is the normal quantile of the one-sided 99.95% bound (the upper
// end of a two-sided 99.9% interval).
const wilsonZ = 3.29

// rateUpper is the upper end of the 99.9% Wilson score interval of an
// acceptance rate of k in n attempts: the highest rate the observation
// makes plausible (3.29²/n ≈ 10.8/n when k is 0).
func rateUpper(k, n int64) float64 {
	if n <= 0 || k >= n {
		return 1
	}
	p, nf, z2 := float64(k)/float64(n), float64(n), wilsonZ*wilsonZ
	centre := p + z2/(2*nf)
	spread := wilsonZ * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Min(1, (centre+spread)/(1+z2/nf))
}

// NeededAttempts is the fewest attempts, beyond those made, that the rest
// of count takes at the optimistic rate rateUpper (+Inf at rate 0).
func (s *Stats) NeededAttempts(count int64) float64 {
	missing := count - s.Accepted
	if missing <= 0 {
		return 0
	}
	return float64(missing) / rateUpper(s.Made(), s.Attempts)
}

// unreachable reports whether count is out of reach within limit
// attempts, by the rule above.
func (s *Stats) unreachable(count, limit int64) bool {
	if s.Attempts < minSample || s.Accepted >= count || s.Made() == s.Attempts {
		return false
	}
	return float64(s.Attempts)+s.NeededAttempts(count) > float64(limit)
}

// MakeError is the error of a run whose Maker failed on puzzle Index (the
// options cannot be met there: a givens range no dig reaches in its
// attempts, say). A puzzle depends only on the options, the seed and its
// index, so running the same command again, or resuming it, fails the
// same way at the same puzzle: like a give-up, the run writes nothing.
type MakeError struct {
	Index int64
	Err   error
}

func (e *MakeError) Error() string { return fmt.Sprintf("puzzle %d: %v", e.Index, e.Err) }

// Unwrap returns the Maker's error.
func (e *MakeError) Unwrap() error { return e.Err }

// GiveUpError is the error of a run that stopped because its quota could
// not be met: every allowed attempt was used, or (Early) the rate seen made
// the rest clearly out of reach. The sinks were aborted: nothing was
// written. The stats say what was tried; the caller, which knows what the
// filters were, turns them into advice.
type GiveUpError struct {
	Stats       Stats
	Count       int64 // records asked for
	MaxAttempts int64 // attempts allowed
	Early       bool  // stopped before the last allowed attempt
}

func (e *GiveUpError) Error() string {
	s := &e.Stats
	msg := fmt.Sprintf("batch: gave up: %d of %d puzzles accepted in %d attempts (%s)",
		s.Made(), e.Count-s.Resumed, s.Attempts, numfmt.Percent(s.AcceptRate()))
	if e.Early {
		msg += fmt.Sprintf("; at that rate the other %d need more than %.0f attempts, past the limit of %d",
			e.Count-s.Accepted, s.NeededAttempts(e.Count), e.MaxAttempts)
	}
	return msg
}
