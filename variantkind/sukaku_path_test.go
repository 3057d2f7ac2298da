package variantkind

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/internal/refpath"
)

// TestSukakuPaths solves the puzzles of testdata/sukaku-paths-se121.tsv
// with the variant grader's SE ladder and wants every step to do what
// SukakuExplainer's step of the same number did: place the same digit on
// the same cell, or remove the same candidates (refpath's form; the
// file's header says how its steps were read from SukakuExplainer's
// output). A rating can
// come out equal on another path; the path cannot. The puzzles cover X,
// windoku, disjoint groups, asterisk, girandola, center dot, anti-king,
// anti-knight and non-consecutive, alone and combined, from hard to the
// nesting levels and the uniqueness rules. Before the grader followed
// SukakuExplainer's orders (grade/sukaku_order.go: what a cell sees, for
// chains and wings; locked candidates on non-consecutive boards; the
// nesting levels. HashMap order, appendBasic) 57 of the 209 differed: 9
// of the 89 without non-consecutive pairs (all with anti-knight: wings
// and chains) and 48 of the 78 with non-consecutive pairs alone (locked
// candidates, one wing, one nested chain); the 42 combining them with
// other variants were equal. The last row is an anti-king path whose
// unique rectangle (type 2, three extra cells) only lkSudoku's loop
// search finds (grade/unique_loops.go, ulSearch.lk). The paths rated 9.0
// or more (0.2-0.9 s each) run with SUDOGEN_LONG=1, but for
// pathWitnesses; so do those rated 8.5-8.9 past the first four of their
// variant list (only x,non-consecutive has more: twelve, 0.2-0.9 s each;
// the anti-diagonal's chain rank put before the main one's fails on its
// first, a non-consecutive pair's links listed d-1 before d+1 on its
// second).
//
// SUDOGEN_SUKAKU_PATHS=FILE compares the paths of FILE instead (the same
// form, e.g. written by scripts/sukaku-compare.py --paths), every row
// whatever its rating.
func TestSukakuPaths(t *testing.T) {
	name := "testdata/sukaku-paths-se121.tsv"
	other := os.Getenv("SUDOGEN_SUKAKU_PATHS")
	if other != "" {
		name = other
	}
	rows, err := refpath.Read(name, true)
	if err != nil {
		t.Fatal(err)
	}
	k, kg := variantKind(t)
	gr := kg.(*grader)
	ran, steps, skipped := 0, 0, 0
	long := os.Getenv("SUDOGEN_LONG") != "" || other != ""
	upper := map[string]int{} // rows rated 8.5-8.9 seen per variant list
	sampled := 0
	for _, r := range rows {
		if r.Rating >= 9.0 && !long && !pathWitnesses[r.Puzzle] {
			skipped++ // 0.2-0.9 s each
			continue
		}
		if r.Rating >= 8.5 && r.Rating < 9.0 && !long {
			if upper[r.Variants]++; upper[r.Variants] > 4 {
				sampled++ // 0.2-0.9 s each
				continue
			}
		}
		vs := strings.Split(r.Variants, ",")
		slices.Sort(vs)
		rec := export.Record{Kind: Name, Puzzle: r.Puzzle, Fields: &Fields{Variants: vs}}
		kp, err := k.Parse(&rec)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, r.Line, err)
		}
		tr := &tracer{g: kp.(*Puzzle).Geometry}
		res, err := gr.rateTrace(kp.(*Puzzle), "", tr, 0)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, r.Line, err)
		}
		ran++
		steps += len(r.Steps)
		if d := r.Compare(tr.path); d != "" {
			t.Errorf("%s:%d %s %s: %s", name, r.Line, r.Variants, r.Puzzle, d)
			continue
		}
		if got := grade.Round1(res.ER); got != r.Rating {
			t.Errorf("%s:%d %s %s: the same path, rated %.1f, SukakuExplainer %.1f", name, r.Line, r.Variants, r.Puzzle, got, r.Rating)
		}
	}
	if len(rows) < 266 && other == "" {
		t.Fatalf("%d rows, want 266 or more", len(rows))
	}
	t.Logf("%d paths, %d steps; left to SUDOGEN_LONG=1: %d rated 9.0 or more, %d rated 8.5-8.9 past the first four of their variant list", ran, steps, skipped, sampled)
}

// pathWitnesses are paths rated 9.0 or more that TestSukakuPaths runs
// without SUDOGEN_LONG: each is the one of its kind that differed before
// a fix (an anti-knight nested chain before the chains' sees order, a
// non-consecutive region forcing chain before the nesting levels' HashMap
// order).
var pathWitnesses = map[string]bool{
	"............7............3.........8...2..1..1.......46....4....3.8...7.........5": true,
	"..7.......2...5.......6............3..............6............2......8.84.......": true,
}
