package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/internal/numfmt"
)

// giveUpError turns a run that gave up into one line saying what was
// asked, how many were tried, the rate seen, why puzzles were dropped and
// what to change. desc names the puzzles ("9x9", "slide 4x4").
func (opts *BatchOptions) giveUpError(gu *batch.GiveUpError, desc string) error {
	st := &gu.Stats
	asked := numfmt.Count(gu.Count, desc+" puzzle")
	tier := opts.Grading.Tier // batch's --tier, for slide runs too
	if tier != "" && tier != "any" {
		asked += " of tier " + tier
	}
	var b strings.Builder
	fmt.Fprintf(&b, "gave up: asked for %s, accepted %s in %s (%s)",
		asked, numfmt.Int(st.Made()), numfmt.Count(st.Attempts, "attempt"), numfmt.Percent(st.AcceptRate()))
	b.WriteString(droppedWhy(st))
	if gu.Early {
		// "the other 3" once some were accepted, else "3 puzzles"
		// ("the other 1" of a run that accepted none read oddly)
		rest := "the other " + numfmt.Int(gu.Count-st.Accepted)
		if st.Accepted == 0 {
			rest = numfmt.Count(gu.Count, "puzzle")
		}
		fmt.Fprintf(&b, "; at that rate %s would need more than %s more attempts, past the limit of %s",
			rest, attemptsWord(st.NeededAttempts(gu.Count)), numfmt.Int(gu.MaxAttempts))
	} else {
		fmt.Fprintf(&b, "; that is the limit")
	}
	seen := opts.tiersSeen(st)
	b.WriteString(seen)
	b.WriteString("; ")
	if st.Duplicates > st.Rejected {
		since := st.Attempts - st.LastAccepted
		fmt.Fprintf(&b, "distinct puzzles of these options seem used up (none new in the last %s attempts): ", numfmt.Int(since))
		if st.Accepted > 0 {
			fmt.Fprintf(&b, "ask for --count %d or fewer, ", st.Accepted)
		}
		if opts.Kind == export.KindSlide {
			// a sliding board has no givens or symmetry to change
			b.WriteString("ask for another --tier or --size, or exclude less")
		} else {
			b.WriteString("change --givens or --symmetry, or exclude less")
		}
	} else {
		b.WriteString(opts.askTier(seen, st))
		if st.Made() > 0 {
			// At the rate seen, the whole count takes about this many.
			need := float64(st.Attempts) / float64(st.Made()) * float64(gu.Count-st.Resumed) * 1.5
			if need < math.MaxInt64 {
				fmt.Fprintf(&b, ", or allow more attempts (about --max-attempts %.0f at the rate seen)", need)
			} else {
				// more than the flag takes (a count near its own limit)
				b.WriteString(", or ask for fewer (at the rate seen no --max-attempts reaches this count)")
			}
		} else {
			b.WriteString(", or allow more with --max-attempts")
		}
	}
	switch {
	case opts.Output == "-" && opts.Export.formats == "":
		if st.Accepted > 0 {
			fmt.Fprintf(&b, "; the %s accepted went to stdout", numfmt.Int(st.Accepted))
		}
	default:
		b.WriteString("; nothing was written")
		if _, err := os.Stat(opts.Output); err == nil {
			fmt.Fprintf(&b, " (%s is as it was)", opts.Output)
		}
	}
	return errors.New(b.String())
}

// droppedWhy is ", dropped 42 of other tiers, 3 duplicates of puzzles
// already made or excluded" (", which made 900 puzzles: dropped ..." when
// an attempt makes many), or "" when the run dropped nothing.
func droppedWhy(st *batch.Stats) string {
	var dropped []string
	switch {
	case st.Work.Any():
		// A targeted run: say why (batch_target.go).
		for _, rc := range st.Work.Reasons() {
			dropped = append(dropped, fmt.Sprintf("%s %s", numfmt.Int(rc.Count), rc.Reason))
		}
	case st.Rejected > 0:
		dropped = append(dropped, numfmt.Int(st.Rejected)+" of other tiers")
	}
	if st.Duplicates > 0 {
		dropped = append(dropped, numfmt.Count(st.Duplicates, "duplicate")+" of puzzles already made or excluded")
	}
	if len(dropped) == 0 {
		return ""
	}
	if g := st.Work.Generated; st.Work.Any() && g != st.Attempts {
		// An attempt can make many puzzles (a variant's digs again,
		// a vicinity search's neighbours): the drops count those.
		return fmt.Sprintf(", which made %s: dropped %s", numfmt.Count(g, "puzzle"), strings.Join(dropped, ", "))
	}
	return ", dropped " + strings.Join(dropped, ", ")
}

// tiersSeen is "; tiers seen: easy 42 (100.0%)": the tiers of the puzzles
// a run that rejected some graded (dropped or kept), or "" when it
// rejected none or counted no tiers.
func (opts *BatchOptions) tiersSeen(st *batch.Stats) string {
	var seen *tierCounter
	if opts.Grading.seen != nil {
		seen = &tierCounter{counts: map[string]int64{}, order: opts.Grading.counter.order}
		for t, n := range opts.Grading.seen() {
			if t != "" {
				seen.counts[t] += n
			}
			seen.total += n
		}
	}
	if st.Work.Any() {
		// A targeted run: the tiers of the puzzles it graded to the end
		// (dropped or kept).
		seen = &tierCounter{counts: map[string]int64{}, order: opts.Grading.counter.order}
		for t, n := range st.Work.Seen {
			seen.counts[t] += n
			seen.total += n
		}
		for t, n := range opts.Grading.counter.counts {
			seen.counts[t] += n
			seen.total += n
		}
	}
	if d := seen.distribution(); d != "" && st.Rejected > 0 {
		return "; tiers seen: " + d
	}
	return ""
}

// askTier is the advice to change --tier: to one of the tiers seen when
// the line lists them (seen, from tiersSeen), else to another one (every
// puzzle was dropped before its tier was known, e.g. rated above the
// highest kept rating); then, for a targeted run, fewer constraints, and
// the grading's own advice if it has some.
func (opts *BatchOptions) askTier(seen string, st *batch.Stats) string {
	ask := "ask for a tier seen here"
	if seen == "" {
		ask = "ask for another tier"
	}
	if st.Work.Any() {
		ask += ", or for fewer constraints"
	}
	if a := opts.Grading.advice; a != "" {
		ask += ", or " + a
	}
	return ask
}

// noneInTimeError is the line of a run that found nothing within
// --max-time: how many it tried, why it dropped them and the tiers it
// saw, so a tier out of reach for these options (25x25 with --givens
// 300-350 is all easy) reads as such, not as a run that was merely slow.
func (opts *BatchOptions) noneInTimeError(st *batch.Stats) error {
	if st.Attempts == 0 {
		// One attempt outlasted the time (a vicinity search, a
		// minimal 25x25 dig): "0 tried" read as a run that did nothing.
		return fmt.Errorf("no puzzle found within --max-time %s: no attempt finished in that time (one attempt of these options takes longer); allow more time; nothing written", opts.MaxTime)
	}
	var b strings.Builder
	seen := opts.tiersSeen(st)
	fmt.Fprintf(&b, "no puzzle found within --max-time %s (%s tried%s%s)", opts.MaxTime, numfmt.Int(st.Attempts), droppedWhy(st), seen)
	if st.Rejected > 0 && st.Rejected >= st.Duplicates {
		b.WriteString(": " + opts.askTier(seen, st) + ", or allow more time")
	}
	b.WriteString("; nothing written")
	return errors.New(b.String())
}

// adviceAfter is how long a run with advice of its own
// (kind.BatchRun.Advice) goes without keeping a puzzle before it says
// that advice (earlyAdvice): a strict steered variant run whose band is
// out of reach otherwise runs for hours (thousands of attempts at
// seconds each) before it gives up and says it.
const adviceAfter = time.Minute

// earlyAdvice wraps the run's progress hook next (nil: none) so that,
// once adviceAfter has passed with attempts made and no puzzle kept, one
// line on w says what to try instead; the run goes on. Runs without
// advice keep next as it is. A hook (the progress bar's) means the bar
// is on w: the line starts on a line of its own.
func earlyAdvice(w io.Writer, next func(*batch.Stats), advice string) func(*batch.Stats) {
	if advice == "" {
		return next
	}
	said := false
	return func(s *batch.Stats) {
		if next != nil {
			next(s)
		}
		if said || s.Accepted > s.Resumed || s.Attempts == 0 || s.Elapsed < adviceAfter {
			return
		}
		said = true
		if next != nil {
			fmt.Fprintln(w) // off the progress bar's line
		}
		fmt.Fprintf(w, "sudogen: no puzzle kept in %s (%s tried); the run goes on, or stop it (Ctrl-C) and try %s\n",
			s.Elapsed.Round(time.Second), numfmt.Int(s.Attempts), advice)
	}
}

// attemptsWord writes a number of attempts the run would need as a
// person reads it: whole, with thousands separators ("12,345"), or in
// powers of ten past what an int64 holds ("1.2e+20").
func attemptsWord(f float64) string {
	if f < 1e18 {
		return numfmt.Int(int64(f + 0.5))
	}
	return fmt.Sprintf("%.3g", f)
}
