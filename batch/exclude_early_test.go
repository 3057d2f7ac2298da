package batch

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/grade"
	"github.com/sudogen/sudogen/sudoku"
)

// excludedForms returns the canonical forms of the puzzles of indices
// 0..n-1 of seed (as an excluded corpus of the same seed holds them),
// computed by sudoku.CanonicalString, not by the maker.
func excludedForms(t *testing.T, seed uint64, n int64) *CanonSet {
	t.Helper()
	m, err := NewSudokuMaker(SudokuOptions{Generate: generate.Options{Shape: sudoku.Shape9}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	set := NewCanonSet(0)
	for i := range n {
		rec, err := m.Make(i, NewRNG(seed, i))
		if err != nil {
			t.Fatal(err)
		}
		p, err := sudoku.Parse(rec.Puzzle, sudoku.Shape9)
		if err != nil {
			t.Fatal(err)
		}
		set.Add(sudoku.CanonicalString(p))
	}
	return set
}

// An excluded puzzle is dropped before it is graded (audit 2026-12-02
// item 26: a run of the same seed as its --exclude corpus graded all of
// the corpus's puzzles again), and a run drops exactly what it dropped
// when the excluded forms were only the Deduper's: the same records, the
// duplicates now counted before a tier filter sees them.
func TestExcludedDroppedBeforeGrading(t *testing.T) {
	const seed, nEx = 11, 30
	ex := excludedForms(t, seed, nEx)
	for _, c := range []struct {
		name  string
		grade *grade.GraderOptions
	}{
		{"graded", &grade.GraderOptions{}},
		{"graded as given", &grade.GraderOptions{GivenForm: true}},
		{"not graded", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			so := SudokuOptions{Generate: generate.Options{Shape: sudoku.Shape9}, Seed: seed, Grade: c.grade, Exclude: ex}
			m, err := NewSudokuMaker(so)
			if err != nil {
				t.Fatal(err)
			}
			for i := range int64(nEx) {
				rec, err := m.Make(i, NewRNG(seed, i))
				if !errors.Is(err, ErrExcluded) || !reflect.DeepEqual(rec, export.Record{}) {
					t.Fatalf("excluded puzzle %d: err %v, record %+v; want ErrExcluded and no record (nothing graded)", i, err, rec)
				}
			}
			// Past the corpus: made, graded and canonical as before.
			rec, err := m.Make(nEx, NewRNG(seed, nEx))
			if err != nil || (c.grade != nil && rec.Tier == "") {
				t.Fatalf("puzzle %d: err %v, tier %q", nEx, err, rec.Tier)
			}
			p, _ := sudoku.Parse(rec.Puzzle, sudoku.Shape9)
			if want := sudoku.CanonicalString(p); rec.Canonical != want {
				t.Fatalf("puzzle %d: canonical %s, want %s", nEx, rec.Canonical, want)
			}

			// A whole run, against one where only the Deduper excludes.
			accept := func(r *export.Record) bool { return r.Givens%2 == 0 }
			run := func(early bool) ([]export.Record, Stats) {
				o := so
				dd := Deduper(NewExcludingDedupe(ex))
				if !early {
					o.Exclude = nil
					dd = cloneSet(ex) // the Deduper adds the run's forms to it
				}
				s := &recSink{}
				st, err := Run(context.Background(), Options{Count: 12, Workers: 3, Seed: seed, NewMaker: SudokuMakers(o), Accept: accept, Dedupe: dd}, s)
				if err != nil {
					t.Fatal(err)
				}
				return s.recs, st
			}
			got, gst := run(true)
			want, wst := run(false)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("records differ from the run that excludes in the Deduper:\n%v\n%v", got, want)
			}
			if gst.Attempts != wst.Attempts || gst.Duplicates+gst.Rejected != wst.Duplicates+wst.Rejected || gst.Duplicates < nEx {
				t.Fatalf("stats: attempts %d, duplicates %d, rejected %d; excluding in the Deduper: %d, %d, %d (want the same attempts and drops, at least %d duplicates)",
					gst.Attempts, gst.Duplicates, gst.Rejected, wst.Attempts, wst.Duplicates, wst.Rejected, nEx)
			}
		})
	}
}

// cloneSet copies a CanonSet.
func cloneSet(s *CanonSet) *CanonSet {
	return &CanonSet{slots: append([]key128(nil), s.slots...), n: s.n}
}

// NewExcludingDedupe drops exactly what the excluded set used as the
// Deduper would, on a random stream of forms with repeats.
func TestExcludingDedupeSameAsOneSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	form := func() string { return string(rune('a'+rng.IntN(26))) + string(rune('a'+rng.IntN(26))) }
	ex := NewCanonSet(0)
	for range 200 {
		ex.Add(form())
	}
	one, two := cloneSet(ex), NewExcludingDedupe(ex)
	before := ex.Digest()
	for i := range 5000 {
		f := form()
		if a, b := one.Seen(f), two.Seen(f); a != b {
			t.Fatalf("form %d %q: one set says seen=%v, excluding dedupe %v", i, f, a, b)
		}
	}
	if ex.Digest() != before {
		t.Fatal("the excluded set changed during the run")
	}
}
