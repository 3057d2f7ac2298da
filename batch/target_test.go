package batch

import (
	"bytes"
	"context"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/testdata"
	"github.com/sudogen/sudogen/sudoku"
)

// jsonSink encodes the records it gets, as the JSONL file would hold them.
type jsonSink struct{ b bytes.Buffer }

func (s *jsonSink) Write(r *export.Record) error {
	s.b.Write(export.AppendJSON(nil, r))
	s.b.WriteByte('\n')
	return nil
}
func (s *jsonSink) Close() error { return nil }

// keepsRef is the filter a run without targeting applies after full
// grading, written from the records alone: the reference a targeted run
// must reproduce.
func keepsRef(t Target, rec *export.Record) bool {
	if t.Keep != nil && !t.Keep[rec.Tier] {
		return false
	}
	for _, id := range t.Requires {
		if rec.Techniques[id] == 0 {
			return false
		}
	}
	return t.Hardest == "" || rec.Hardest == t.Hardest
}

// runTarget runs count records of shape with target tg, targeted (early
// rejection) or not (full grading, then the reference filter), on workers
// goroutines, and returns the JSONL output and the stats.
func runTarget(tb testing.TB, shape sudoku.Shape, tg Target, targeted bool, count int64, workers int, seed uint64) (string, Stats) {
	tb.Helper()
	gopts := grade.GraderOptions{Profile: tg.Profile, NoUniqueness: tg.NoUniqueness}
	so := SudokuOptions{Generate: generate.Options{Shape: shape, Minimal: true}, Seed: seed, Grade: &gopts}
	run := Options{Count: count, Workers: workers, Seed: seed, Dedupe: NewCanonSet(0), MaxAttempts: 200000}
	if targeted {
		plan, err := PlanTarget(tg)
		if err != nil {
			tb.Fatal(err)
		}
		g := plan.GraderOptions(gopts)
		so.Grade, so.Target = &g, plan
	} else {
		run.Accept = func(rec *export.Record) bool { return keepsRef(tg, rec) }
	}
	run.NewMaker = SudokuMakers(so)
	sink := &jsonSink{}
	st, err := Run(context.Background(), run, sink)
	if err != nil {
		tb.Fatal(err)
	}
	return sink.b.String(), st
}

func keep(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// TestTargetKeepsWhatFullGradingKeeps: early rejection changes nothing in
// the output. For tiers (one, several with a gap, the top one), required
// techniques, a hardest technique and the HoDoKu path, a targeted run
// writes byte for byte what full grading followed by the same filter
// writes, for 1 and 3 workers; and its tally adds up.
func TestTargetKeepsWhatFullGradingKeeps(t *testing.T) {
	tiers := grade.DefaultTiers()
	cases := []struct {
		name  string
		shape sudoku.Shape
		tg    Target
		count int64

		long bool // only with SUDOGEN_LONG=1 (the full-grading reference is slow)
	}{
		{"hard", sudoku.Shape9, Target{Keep: keep("hard")}, 5, false},
		{"easy+expert", sudoku.Shape9, Target{Keep: keep("easy", "expert")}, 15, true},
		{"medium", sudoku.Shape9, Target{Keep: keep("medium")}, 25, true},
		{"extreme", sudoku.Shape9, Target{Keep: keep("extreme")}, 3, true},
		{"hardest x-wing", sudoku.Shape9, Target{Hardest: "x-wing"}, 1, true},
		{"requires xy-wing", sudoku.Shape9, Target{Requires: []string{"xy-wing"}}, 6, false},
		{"requires naked-pair,hidden-pair hard", sudoku.Shape9, Target{Keep: keep("hard", "expert"), Requires: []string{"naked-pair", "hidden-pair"}}, 3, true},
		{"hodoku requires skyscraper", sudoku.Shape9, Target{Profile: "hodoku", Requires: []string{"skyscraper"}}, 3, false},
		{"hodoku hardest x-wing, tier hard", sudoku.Shape9, Target{Profile: "hodoku", Hardest: "x-wing", Keep: keep("hard")}, 1, true},
		{"6x6 hard", sudoku.Shape6, Target{Keep: keep("hard")}, 10, false},
		{"12x12 expert", sudoku.Shape12, Target{Keep: keep("expert")}, 2, true},
	}
	long := os.Getenv("SUDOGEN_LONG") != ""
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.long && !long {
				t.Skip("set SUDOGEN_LONG=1 for this case")
			}
			c.tg.Tiers = tiers
			want, ref := runTarget(t, c.shape, c.tg, false, c.count, 2, 5)
			for _, w := range []int{1, 3} {
				got, st := runTarget(t, c.shape, c.tg, true, c.count, w, 5)
				if got != want {
					t.Fatalf("workers %d: targeted output differs from full grading:\n%s\nwant:\n%s", w, got, want)
				}
				wk := &st.Work
				var dropped int64
				for _, n := range wk.Dropped {
					dropped += n
				}
				switch {
				case st.Attempts != ref.Attempts:
					t.Errorf("workers %d: %d attempts, full grading %d", w, st.Attempts, ref.Attempts)
				case wk.Generated != st.Attempts:
					t.Errorf("workers %d: %d generated in %d attempts", w, wk.Generated, st.Attempts)
				case wk.Graded+wk.Dropped[ReasonBasics] != wk.Generated:
					t.Errorf("workers %d: graded %d + pre-filtered %d != generated %d", w, wk.Graded, wk.Dropped[ReasonBasics], wk.Generated)
				case dropped+st.Accepted+st.Duplicates != wk.Generated:
					t.Errorf("workers %d: dropped %d + kept %d + duplicates %d != generated %d", w, dropped, st.Accepted, st.Duplicates, wk.Generated)
				}
			}
		})
	}
}

// TestPlanTarget: the bounds a plan gives the grader, and the requests it
// refuses with a message naming the flag and the valid ids.
func TestPlanTarget(t *testing.T) {
	tiers := grade.DefaultTiers()
	for _, c := range []struct {
		tg       Target
		min, max float64
	}{
		{Target{Keep: keep("hard")}, 2.9, 4.4},
		{Target{Keep: keep("easy", "expert")}, 0, 6.9},
		{Target{Keep: keep("nightmare")}, 9.0, 0},
		{Target{Keep: keep("extreme", "beyond")}, 7.0, 0},
		{Target{Hardest: "x-wing"}, 3.2, 3.2},
		{Target{Hardest: "hidden-single"}, 1.2, 1.5},
		{Target{Hardest: "x-cycle"}, 6.5, 0},
		{Target{Requires: []string{"swordfish", "x-wing"}}, 3.8, 0},
		{Target{Requires: []string{"swordfish"}, Keep: keep("hard")}, 3.8, 4.4},
		{Target{Profile: "hodoku", Hardest: "x-wing"}, 0, 0},
	} {
		c.tg.Tiers = tiers
		p, err := PlanTarget(c.tg)
		if err != nil {
			t.Fatalf("%+v: %v", c.tg, err)
		}
		if math.Abs(p.Min-c.min) > 1e-9 || math.Abs(p.Max-c.max) > 1e-9 {
			t.Errorf("%+v: bounds %.1f-%.1f, want %.1f-%.1f", c.tg, p.Min, p.Max, c.min, c.max)
		}
	}
	for _, c := range []struct {
		tg   Target
		want []string
	}{
		{Target{Requires: []string{"xwing"}}, []string{`--requires "xwing": unknown technique (did you mean x-wing?); expected one of: `, "x-wing", "xy-wing"}},
		{Target{Hardest: "nope"}, []string{`--hardest "nope": unknown technique`}},
		{Target{Requires: []string{"skyscraper"}}, []string{"--requires skyscraper: the se profile's path never uses it", "--profile hodoku"}},
		{Target{Profile: "hodoku", Hardest: "direct-pointing"}, []string{"--hardest direct-pointing: the hodoku profile's path never uses it", "skyscraper"}},
		{Target{Hardest: "x-wing", Keep: keep("expert")}, []string{"no puzzle can be kept: tier expert with hardest x-wing (SE 3.2)"}},
		{Target{Requires: []string{"jellyfish"}, Keep: keep("hard")}, []string{"no puzzle can be kept: tier hard with requires jellyfish (SE 5.2+)"}},
	} {
		c.tg.Tiers = tiers
		_, err := PlanTarget(c.tg)
		if err == nil {
			t.Errorf("%+v: accepted", c.tg)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%+v: %q lacks %q", c.tg, err, w)
			}
		}
	}
}

// TestFixedFamiliesRateFixed checks the assumption behind the cap of
// --hardest: every step of a technique of fixedFamilies rates within the
// technique's seRange, on SE-rated puzzles of every band.
func TestFixedFamiliesRateFixed(t *testing.T) {
	rows := testdata.Fields(t, "sudoku/cb-ser-dev.tsv")
	e := grade.NewEngine(grade.SEProfile())
	seen := map[string]int{}
	stride := 200 // 100 puzzles; every 50th with SUDOGEN_LONG=1
	if os.Getenv("SUDOGEN_LONG") != "" {
		stride = 50
	}
	for i, f := range rows {
		if i%stride != 0 {
			continue
		}
		p, err := sudoku.ParseAuto(f[0])
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.Rate(p, grade.Options{KeepSteps: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Steps {
			tq, _ := grade.TechniqueByID(s.Tech)
			if !tq.SEFixed {
				continue
			}
			lo, hi, ok := seRange(s.Tech)
			if !ok || s.Difficulty < lo-1e-9 || s.Difficulty > hi+1e-9 {
				t.Fatalf("line %d: a %s step rates %.2f, outside %.1f-%.1f", i+1, s.Tech, s.Difficulty, lo, hi)
			}
			seen[s.Tech]++
		}
	}
	for _, id := range []string{"x-wing", "swordfish", "xy-wing", "xyz-wing", "naked-pair", "hidden-triple", "claiming"} {
		if seen[id] == 0 {
			t.Errorf("no %s step in the sample: the test does not check it", id)
		}
	}
}

// TestProfileTechniques: the SE path's ids include those a finder reports
// for another (direct-claiming, unique-rectangle, bug-2, forcing chains),
// and not HoDoKu-only ones.
func TestProfileTechniques(t *testing.T) {
	se := ProfileTechniques(grade.SEProfile())
	for _, id := range []string{"hidden-single", "direct-claiming", "x-wing", "unique-rectangle", "bug-2", "forcing-x-chain"} {
		if !slices.Contains(se, id) {
			t.Errorf("se techniques lack %s: %v", id, se)
		}
	}
	for _, id := range []string{"skyscraper", "w-wing", "locked-pair"} {
		if slices.Contains(se, id) {
			t.Errorf("se techniques have %s", id)
		}
	}
}

// runSearch runs a vicinity-search batch of count records for target tg
// (seeds nil: the run's own random puzzles) and returns its output.
func runSearch(tb testing.TB, shape sudoku.Shape, tg Target, seeds *Seeds, count int64, workers int) (string, Stats) {
	tb.Helper()
	plan, err := PlanTarget(tg)
	if err != nil {
		tb.Fatal(err)
	}
	g := plan.GraderOptions(grade.GraderOptions{})
	so := SudokuOptions{Generate: generate.Options{Shape: shape, Minimal: true}, Seed: 4, Grade: &g, Target: plan,
		Search: &SearchOptions{Vicinity: generate.VicinityOptions{Remove: 2, Add: 2, MaxSolutions: 300, Steps: 4, PerStep: 6}, Seeds: seeds, SeedTries: 3}}
	run := Options{Count: count, Workers: workers, Seed: 4, Dedupe: NewCanonSet(0), MaxAttempts: 10000, NewMaker: SudokuMakers(so)}
	sink := &jsonSink{}
	st, err := Run(context.Background(), run, sink)
	if err != nil {
		tb.Fatal(err)
	}
	return sink.b.String(), st
}

// TestSearchSameForAnyWorkers: vicinity searches, from the run's own
// random puzzles and from given seeds, give byte-identical output for any
// number of workers; every record meets the target, is minimal and
// carries its search's index; the tally counts searches and moves.
func TestSearchSameForAnyWorkers(t *testing.T) {
	tiers := grade.DefaultTiers()
	seeds, err := ReadSeeds(strings.NewReader(
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"+
			`{"kind":"sudoku","puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}`+"\n"),
		"seeds", sudoku.Shape9)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		shape sudoku.Shape
		tg    Target
		seeds *Seeds
	}{
		{"expert from random", sudoku.Shape9, Target{Tiers: tiers, Keep: keep("expert")}, nil},
		{"hard from seeds", sudoku.Shape9, Target{Tiers: tiers, Keep: keep("hard")}, seeds},
		{"xy-wing from seeds", sudoku.Shape9, Target{Tiers: tiers, Requires: []string{"xy-wing"}}, seeds},
		{"6x6 hard from random", sudoku.Shape6, Target{Tiers: tiers, Keep: keep("hard")}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, st := runSearch(t, c.shape, c.tg, c.seeds, 4, 1)
			if st.Work.Generated == 0 || (c.seeds != nil && st.Work.Moves == 0) {
				t.Errorf("tally %+v", st.Work)
			}
			for _, w := range []int{3} {
				if got, _ := runSearch(t, c.shape, c.tg, c.seeds, 4, w); got != want {
					t.Fatalf("workers %d:\n%s\nworkers 1:\n%s", w, got, want)
				}
			}
			for _, line := range strings.Split(strings.TrimSpace(want), "\n") {
				it, _, err := export.ParseLine("out", 1, []byte(line))
				if err != nil {
					t.Fatal(err)
				}
				rec := it.Record
				if !keepsRef(c.tg, &rec) || rec.Minimal == nil || !*rec.Minimal {
					t.Errorf("record does not meet the target: %s", line)
				}
			}
		})
	}
}

// TestReadSeeds: seed files are read as any puzzle input; a puzzle of
// another shape or without exactly one solution is refused naming the
// line.
func TestReadSeeds(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "f: no puzzle to start from"},
		{"# only a comment\n", "f: no puzzle to start from"},
		{"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n.........\n", "f:2: "},
		{"1234341221434321\n", "f:1: a 4x4 puzzle (2x2 boxes); this run makes 9x9 puzzles (3x3 boxes)"},
		{".................................................................................\n", "f:1: the puzzle has several solutions; a seed needs exactly one"},
		{"12345678.........9" + strings.Repeat(".", 63) + "\n", "f:1: the puzzle has no solution; a seed needs exactly one"},
	} {
		_, err := ReadSeeds(strings.NewReader(c.in), "f", sudoku.Shape9)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q...", c.in, err, c.want)
		}
	}
}
