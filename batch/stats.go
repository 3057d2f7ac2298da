package batch

import (
	"time"

	"github.com/sudogen/sudogen/export"
)

// Stats are the totals of a run.
type Stats struct {
	Accepted int64 // records written, Resumed included
	Resumed  int64 // of them, records replayed from an interrupted run
	// ReplayStop says why the replay of an interrupted run's records
	// stopped before its last one (a record that repeats an earlier or
	// excluded puzzle: not that run's output); the run made it and the
	// later ones again. "" when every record was replayed.
	ReplayStop string
	Attempts   int64 // indices handled by the collector
	Rejected   int64 // dropped by Accept, or early by a targeted Maker
	Duplicates int64 // dropped by Dedupe
	// Work tallies what targeted Makers did: puzzles generated and
	// graded, and dropped by reason (target.go); zero without a target.
	Work Work
	// LastAccepted is the attempt (1-based) that gave the latest accepted
	// record, 0 before the first: how long the run has gone without one.
	LastAccepted int64
	// Givens statistics over the accepted sudoku records; meaningless
	// while Accepted is 0.
	GivensMin, GivensMax int
	GivensSum            int64
	Elapsed              time.Duration
	// Interrupted is true when the context was cancelled before Count
	// records were accepted.
	Interrupted bool
	// Next is the index after the last one handled; a run resumed from
	// there continues the same sequence.
	Next int64
}

// GivensMean is the mean number of givens of the accepted records (0 when
// there are none: check Accepted before printing it).
func (s *Stats) GivensMean() float64 {
	if s.Accepted == 0 {
		return 0
	}
	return float64(s.GivensSum) / float64(s.Accepted)
}

// Made is the number of records this run made (accepted, not replayed).
func (s *Stats) Made() int64 { return s.Accepted - s.Resumed }

// Rate is records made per wall-clock second.
func (s *Stats) Rate() float64 {
	if s.Elapsed <= 0 {
		return 0
	}
	return float64(s.Made()) / s.Elapsed.Seconds()
}

// AcceptRate is the fraction of this run's attempts accepted (0 before
// any attempt).
func (s *Stats) AcceptRate() float64 {
	if s.Attempts == 0 {
		return 0
	}
	return float64(s.Made()) / float64(s.Attempts)
}

func (s *Stats) countAccepted(rec *export.Record) {
	if s.Accepted == 0 || rec.Givens < s.GivensMin {
		s.GivensMin = rec.Givens
	}
	if rec.Givens > s.GivensMax {
		s.GivensMax = rec.Givens
	}
	s.GivensSum += int64(rec.Givens)
	s.Accepted++
	s.LastAccepted = s.Attempts
}
