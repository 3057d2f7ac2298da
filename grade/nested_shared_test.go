package grade

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/sudogen/sudogen/sudoku"
)

// The nesting levels' exactness tests rate the same hard puzzles
// (nestedPicks, levels 2-4: about 1.6 CPU-s a rating) many times: a
// rating per check hook, and twice per skip or memo compared with it on
// and off. Five ratings are shared instead, each made once per test
// binary on a fresh SE engine without a budget (the engine's memos and
// free lists start empty, so a rating is a function of the puzzles, the
// flags and the hooks only):
//
//   - nestedRef: refPicks with every skip and memo on and no hook set,
//     the "with" side of the Runs tests (their "without" sides,
//     nestedSkipsOff and nestedExactOff, are below);
//   - nestedObserved: nestedPicks with every hook set that only looks
//     (a check that runs a search again does it from the state the
//     engine had and leaves it as it was: its rating equals nestedRef's,
//     work counted included, which TestNestedChecksLeaveRatings checks),
//     the grids the Grids tests start from sampled on the way;
//   - nestedSkipped: nestedPicks with the hooks that run the searches a
//     skip saved in full (they change the work counted and the engines'
//     leftover nodes, not which grids the levels visit: without a budget
//     the work steers nothing).
//
// A hook records what it found (tally); the test owning it reports.

// refPicks are nestedPicks, and with SUDOGEN_LONG=1 lines 8 and 219 of
// the same list too (levels 2-3 as well: they reach no path nestedPicks
// miss): TestRuleMemoRuns rates them all.
func refPicks(t *testing.T) []sudoku.Grid {
	if os.Getenv("SUDOGEN_LONG") == "" {
		return nestedPicks(t)
	}
	return append(nestedPicks(t), hardestPicks(t, 7, 211, 2)...)
}

// tally counts a hook's checks and keeps the first three failures.
type tally struct {
	n, bad int
	msgs   []string
}

// add counts one check, a failure when ok is false (said by format).
func (c *tally) add(ok bool, format string, args ...any) {
	c.n++
	if !ok {
		c.bad++
		if c.bad <= 3 {
			c.msgs = append(c.msgs, fmt.Sprintf(format, args...))
		}
	}
}

// report fails t when a check failed: its first messages, then the count.
func (c *tally) report(t *testing.T, what string) {
	t.Helper()
	for _, m := range c.msgs {
		t.Error(m)
	}
	if c.bad > 0 {
		t.Fatalf("%d of %d %s differ", c.bad, c.n, what)
	}
}

// memoTally returns a memo's check hook (p21MemoCheck, ruleMemoCheck)
// counting into c: the memo's answer must be a fresh search's, with the
// same hints, work counted and nodes left on the engine.
func memoTally[T any](c *tally) func(kept, fresh []T, keptWork, freshWork int64, keptFinal, freshFinal int) {
	return func(kept, fresh []T, keptWork, freshWork int64, keptFinal, freshFinal int) {
		c.add(keptWork == freshWork && keptFinal == freshFinal && reflect.DeepEqual(kept, fresh),
			"memo: %d hints (work %d, engine left with %d nodes), fresh search: %d hints (work %d, %d nodes), same hints %v",
			len(kept), keptWork, keptFinal, len(fresh), freshWork, freshFinal, reflect.DeepEqual(kept, fresh))
	}
}

// shared is a value computed once per test binary; a test that needs it
// fails with the error of its computation.
type shared[T any] struct {
	once sync.Once
	val  T
	err  error
}

func (s *shared[T]) get(t *testing.T, f func() (T, error)) T {
	t.Helper()
	s.once.Do(func() {
		s.err = fmt.Errorf("not computed (it stopped)")
		if msg := nestedDefaults(); msg != "" {
			s.err = fmt.Errorf("a shared rating asked for with %s", msg)
			return
		}
		s.val, s.err = f()
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	return s.val
}

// nestedDefaults says which skip or memo is off or which hook is set ("":
// none), so that a shared rating is made in the state it claims.
func nestedDefaults() string {
	offs := map[string]bool{
		"multipleKnownOff": multipleKnownOff, "multipleZeroOff": multipleZeroOff, "multipleUseOff": multipleUseOff,
		"p21EmptyOff": p21EmptyOff, "ruleMemoOff": ruleMemoOff, "p21DigitMemoOff": p21DigitMemoOff,
		"p21MemoOff": p21MemoOff, "ulMemoOff": ulMemoOff, "houseMarksOff": houseMarksOff, "ateMemoOff": ateMemoOff,
		"nrWantOff": nrWantOff, "grownAllOff": grownAllOff,
	}
	hooks := map[string]bool{
		"candHashCheck": candHashCheck != nil, "basicFastCheck": basicFastCheck != nil, "changedUnitsCheck": changedUnitsCheck != nil,
		"multipleKnownCheck": multipleKnownCheck != nil, "multipleKnownGrid": multipleKnownGrid != nil,
		"multipleSkipCheck": multipleSkipCheck != nil, "multipleZeroCheck": multipleZeroCheck != nil,
		"multipleZeroGrid": multipleZeroGrid != nil, "p21EmptyCheck": p21EmptyCheck != nil,
		"p21DigitCount": p21DigitCount != nil, "p21DigitCheck": p21DigitCheck != nil, "p21MemoCheck": p21MemoCheck != nil,
		"p21PruneCheck": p21PruneCheck != nil, "ruleMemoCheck": ruleMemoCheck != nil, "memoParentsCheck": memoParentsCheck != nil,
	}
	var set []string
	for name, on := range offs {
		if on {
			set = append(set, name)
		}
	}
	for name, on := range hooks {
		if on {
			set = append(set, name)
		}
	}
	slices.Sort(set)
	if len(set) == 0 {
		return ""
	}
	return fmt.Sprint(set)
}

// rateFresh rates each pick on a fresh SE engine without a budget (no
// steps kept).
func rateFresh(picks []sudoku.Grid) ([]Result, error) {
	e := NewEngine(SEProfile())
	var out []Result
	for i, p := range picks {
		res, err := e.Rate(p, Options{})
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %v", i, err)
		}
		out = append(out, res)
	}
	return out, nil
}

var nestedRefRun shared[[]Result]

// nestedRef returns refPicks' ratings on a fresh SE engine without a
// budget, every skip and memo on, no hook set (made once).
func nestedRef(t *testing.T) []Result {
	t.Helper()
	picks := refPicks(t)
	return nestedRefRun.get(t, func() ([]Result, error) { return rateFresh(picks) })
}

// nestedObs is what the looking hooks saw in one rating of nestedPicks.
type nestedObs struct {
	res []Result
	// known: the level-3 inner multiple forcing searches that carried
	// answers from a bigger grid against searches asking every question
	// (withYes: of them, those with a yes answer)
	known   tally
	withYes int
	// rule: the chain-rule memo's answers against fresh searches;
	// parents: the rule parents its kept on nodes name against the
	// search's own
	rule, parents tally
	// p21: the producer-21 memo's answers against fresh searches
	p21 tally
	// digit: producer-21 runs against runs without the per-digit memo;
	// digitHits, digitMisses: digits answered by the memo and searched
	digit                  tally
	digitHits, digitMisses int
	// empty: the grids p21EmptyAfter keeps, against their strong index
	empty tally
	// hash: the kept working grid hashes against fresh ones
	hash tally
	// units: the basic rules' changed-units tables against tables from
	// all the removals; unitsGrown: of them, those grown from a kept one
	units      tally
	unitsGrown int
	// basic: the basic rules' shortcut (basicFast) against the rule's
	// finder on the same working grid; basicChecked, basicNonEmpty:
	// results checked per rule, those of them the finder found hints in
	basic                       tally
	basicChecked, basicNonEmpty [advXWing + 1]int
	// knownGrids: every 60th working grid whose static multiple forcing
	// search ran; zeroGrids: every 40th whose search found no hint
	knownGrids, zeroGrids []*Grid
}

var nestedObsRun shared[*nestedObs]

// nestedObserved returns what the looking hooks saw rating nestedPicks
// (made once).
func nestedObserved(t *testing.T) *nestedObs {
	t.Helper()
	picks := nestedPicks(t)
	return nestedObsRun.get(t, func() (*nestedObs, error) { return observeNested(picks) })
}

func observeNested(picks []sudoku.Grid) (*nestedObs, error) {
	o := &nestedObs{}
	multipleKnownCheck = func(s *fcSearch, g *Grid) {
		f := newFCSearch(g, &fcContext{}, s.mode)
		defer f.release()
		f.record = true
		f.search(0, len(g.Cand))
		if len(f.yes) > 0 {
			o.withYes++
		}
		type hint struct {
			kind, cx int
			el       []Candidate
			place    Candidate
		}
		hints := func(x *fcSearch) []hint {
			var out []hint
			for _, h := range x.hints {
				out = append(out, hint{h.kind, h.cx, slices.Clone(h.el), h.place})
			}
			return out
		}
		o.known.add(slices.Equal(s.yes, f.yes) && len(s.runs) == len(f.runs) && len(s.c.pool) == len(f.c.pool) &&
			reflect.DeepEqual(hints(s), hints(f)),
			"carried answers: yes %v, %d runs, %d nodes, %d hints; every question asked: yes %v, %d runs, %d nodes, %d hints",
			s.yes, len(s.runs), len(s.c.pool), len(s.hints), f.yes, len(f.runs), len(f.c.pool), len(f.hints))
	}
	ruleMemoCheck = memoTally[memoHint](&o.rule)
	memoParentsCheck = func(search, kept []int32) {
		o.parents.add(slices.Equal(search, kept), "rule parents %v, from the kept on nodes %v", search, kept)
	}
	p21MemoCheck = memoTally[chainHint](&o.p21)
	p21DigitCheck = func(with, without []chainHint, withWork, withoutWork int64, withFinal, withoutFinal int) {
		o.digit.add(withWork == withoutWork && withFinal == withoutFinal && reflect.DeepEqual(with, without),
			"with the memo: %d hints (work %d, engine left with %d nodes), without: %d hints (work %d, %d nodes), same hints %v",
			len(with), withWork, withFinal, len(without), withoutWork, withoutFinal, reflect.DeepEqual(with, without))
	}
	p21DigitCount = func(h, m int) { o.digitHits += h; o.digitMisses += m }
	p21EmptyCheck = func(g *Grid) {
		o.empty.add(emptyKeptSound(g), "a kept grid may hold a forcing chain or a cycle: %v", g.Cand)
	}
	candHashCheck = func(kept, fresh [2]uint64) {
		o.hash.add(kept == fresh, "kept hash %x, the grid's %x", kept, fresh)
	}
	changedUnitsCheck = func(got, fresh []uint32, grown bool) {
		if grown {
			o.unitsGrown++
		}
		o.units.add(reflect.DeepEqual(got, fresh), "changed units %v, from all the removals %v", got, fresh)
	}
	basicFastCheck = func(rule uint8, fast, finder []advEntry) {
		o.basicChecked[rule]++
		if len(finder) > 0 {
			o.basicNonEmpty[rule]++
		}
		o.basic.add(len(fast) == 0 && len(finder) == 0 || reflect.DeepEqual(fast, finder), "rule %d: shortcut %v, finder %v", rule, fast, finder)
	}
	kk, kz := 0, 0
	multipleKnownGrid = func(g *Grid) {
		if kk++; kk%60 == 0 {
			o.knownGrids = append(o.knownGrids, g.Clone())
		}
	}
	multipleZeroGrid = func(g *Grid) {
		if kz++; kz%40 == 0 {
			o.zeroGrids = append(o.zeroGrids, g.Clone())
		}
	}
	defer func() {
		multipleKnownCheck, ruleMemoCheck, memoParentsCheck, p21MemoCheck = nil, nil, nil, nil
		p21DigitCheck, p21DigitCount, p21EmptyCheck, candHashCheck, changedUnitsCheck, basicFastCheck = nil, nil, nil, nil, nil, nil
		multipleKnownGrid, multipleZeroGrid = nil, nil
	}()
	var err error
	o.res, err = rateFresh(picks)
	return o, err
}

// emptyKeptSound says whether grid g, kept by p21EmptyAfter, is as its
// whole graph's strong index says: no candidate's assumption implies its
// opposite, and no component on a long cycle may eliminate anything
// (srcFacts' quiet and cycle-free, which a subgraph inherits).
func emptyKeptSound(g *Grid) bool {
	e := getChainer(g)
	defer e.release()
	var si strongIndex
	si.build(&e.implGraph, true, true)
	for cell, m := range g.Cand {
		if popc(m) < 2 {
			continue
		}
		for ; m != 0; m &= m - 1 {
			k := int32(cell*g.Geo.N + trailing(m))
			if si.implies(&e.implGraph, k, true) || si.implies(&e.implGraph, k, false) {
				return false
			}
		}
	}
	for _, k := range si.keys {
		if si.onLongCycle(k) && si.cycleMayEliminate(&e.implGraph, k) {
			return false
		}
	}
	return true
}

// nestedSkips is what the hooks running skipped searches in full saw in
// one rating of nestedPicks.
type nestedSkips struct {
	// zero: the multiple forcing searches the zero set skips (no hint)
	zero tally
	// use: those mayUse skips (no hint with rule parents); searched: the
	// hints of the searches run (memoParentsCheck)
	use      tally
	searched int
	// prune: producer-21 runs pruned against full runs; pruneSkips: of
	// them, those p21Nothing or p21EmptyAfter skipped (no hints)
	prune      tally
	pruneSkips int
}

var nestedSkipRun shared[*nestedSkips]

// nestedSkipped returns what the hooks running skipped searches saw
// rating nestedPicks (made once).
func nestedSkipped(t *testing.T) *nestedSkips {
	t.Helper()
	picks := nestedPicks(t)
	return nestedSkipRun.get(t, func() (*nestedSkips, error) {
		s := &nestedSkips{}
		multipleZeroCheck = func(hints int) {
			s.zero.add(hints == 0, "a skipped multiple forcing search has %d hints", hints)
		}
		multipleSkipCheck = func(usable int) {
			s.use.add(usable == 0, "a skipped multiple forcing search has %d hints with rule parents", usable)
		}
		memoParentsCheck = func(search, kept []int32) { s.searched++ }
		p21PruneCheck = func(pruned, full []chainHint) {
			if pruned == nil {
				s.pruneSkips++
			}
			s.prune.add(reflect.DeepEqual(pruned, full), "pruned: %d hints, full: %d hints", len(pruned), len(full))
		}
		defer func() { multipleZeroCheck, multipleSkipCheck, memoParentsCheck, p21PruneCheck = nil, nil, nil, nil }()
		_, err := rateFresh(picks)
		return s, err
	})
}

// TestNestedChecksLeaveRatings checks that the looking hooks only look:
// nestedObserved's ratings are nestedRef's, the work counted included.
func TestNestedChecksLeaveRatings(t *testing.T) {
	ref, o := nestedRef(t), nestedObserved(t)
	for i := range o.res {
		if !reflect.DeepEqual(o.res[i], ref[i]) {
			t.Errorf("puzzle %d: with the checks %.1f %s work %d, without %.1f %s work %d",
				i, o.res[i].ER, o.res[i].Hardest, o.res[i].Work, ref[i].ER, ref[i].Hardest, ref[i].Work)
		}
	}
}

// The Runs tests' "without" sides are two shared ratings: the skips
// that change the work counted (the zero set's, mayUse's, p21EmptyAfter's)
// all off on skipsKept's picks, compared with the work aside by
// TestMultipleZeroRuns, TestMultipleUseRuns and TestP21EmptyRuns; and
// the four that keep it (the carried answers, the chain-rule memo,
// nrWant's mask, grown's strong-link filter) all off on refPicks,
// compared with the work by TestMultipleKnownRuns, TestRuleMemoRuns and
// TestP21WantRuns. A wrong skip fails each test of its group (the Same
// tests say which skip); two wrong ones would have to undo each other
// exactly to pass.

var skipsOffRun, exactOffRun shared[[]Result]

// skipsKept returns the picks nestedSkipsOff rates: every nestedPicks
// with SUDOGEN_LONG=1, else the first only (line 6). The Same and Grids
// tests check every skip on all of them. Each skip made wrong on purpose
// that failed the Runs tests on lines 6 and 107 (the zero set
// skipping every search, mayUse saying no wherever it judges,
// p21EmptyAfter skipping every producer-21 run) fails them on line 6
// alone; those that passed on both (mayUse leaving out the cells with
// three candidates or the lost links, grownIn's lookups taking grids
// whose removal made a link) are the Same and Grids tests' to find. The
// exact memos' rating (nestedExactOff) keeps all of refPicks: a puzzle's
// work counted depends on the nodes the one before left on the engine,
// so only a prefix of nestedRef's could be compared with.
func skipsKept(t *testing.T) []sudoku.Grid {
	picks := nestedPicks(t)
	if os.Getenv("SUDOGEN_LONG") == "" {
		picks = picks[:1]
	}
	return picks
}

// nestedSkipsOff returns skipsKept's ratings on a fresh SE engine without
// a budget, the zero set's, mayUse's and p21EmptyAfter's skips off (made
// once).
func nestedSkipsOff(t *testing.T) []Result {
	t.Helper()
	picks := skipsKept(t)
	return skipsOffRun.get(t, func() ([]Result, error) {
		return rateOff(picks, &multipleZeroOff, &multipleUseOff, &p21EmptyOff)
	})
}

// nestedExactOff returns refPicks' ratings on a fresh SE engine without
// a budget, the carried answers, the chain-rule memo, producer 21's
// nrWant mask and grown's strong-link filter off (made once).
func nestedExactOff(t *testing.T) []Result {
	t.Helper()
	picks := refPicks(t)
	return exactOffRun.get(t, func() ([]Result, error) {
		return rateOff(picks, &multipleKnownOff, &ruleMemoOff, &nrWantOff, &grownAllOff)
	})
}

// rateOff is rateFresh with the flags set, restored after.
func rateOff(picks []sudoku.Grid, flags ...*bool) ([]Result, error) {
	for _, f := range flags {
		*f = true
	}
	defer func() {
		for _, f := range flags {
			*f = false
		}
	}()
	return rateFresh(picks)
}

// sameWorkAside compares the results of a Runs test without its skip
// (without) and with it (the first len(without) of with), the work
// counted aside.
func sameWorkAside(t *testing.T, with, without []Result) {
	t.Helper()
	if len(without) == 0 {
		t.Fatal("nothing rated without the skips")
	}
	for i := range without {
		w, wo := with[i], without[i]
		w.Work, wo.Work = 0, 0
		if !reflect.DeepEqual(w, wo) {
			t.Errorf("puzzle %d: with the skips %.1f %s, without %.1f %s", i, w.ER, w.Hardest, wo.ER, wo.Hardest)
		}
	}
}

// sameWithWork compares the results of a Runs test with its memo (with)
// and without it, the work counted included.
func sameWithWork(t *testing.T, with, without []Result) {
	t.Helper()
	for i := range with {
		if with[i].Work == 0 {
			t.Errorf("puzzle %d: no forcing-chain work", i)
		}
		if !reflect.DeepEqual(with[i], without[i]) {
			t.Errorf("puzzle %d: with %.1f %s work %d, without %.1f %s work %d",
				i, with[i].ER, with[i].Hardest, with[i].Work, without[i].ER, without[i].Hardest, without[i].Work)
		}
	}
}
