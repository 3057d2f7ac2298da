package batch

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/sudoku"
)

func TestKeyOfIsFNV128a(t *testing.T) {
	for _, s := range []string{"", "a", "........1.....2.3....1435......67.....358.....16...4....487....3......9.6.2....75", strings.Repeat("xyz", 300)} {
		h := fnv.New128a()
		h.Write([]byte(s))
		sum := h.Sum(nil)
		var want key128
		for i := 0; i < 8; i++ {
			want.Hi = want.Hi<<8 | uint64(sum[i])
			want.Lo = want.Lo<<8 | uint64(sum[8+i])
		}
		if got := keyOf(s); got != want {
			t.Errorf("keyOf(%q) = %x, hash/fnv says %x", s, got, want)
		}
	}
}

func TestCanonSetGrowsAndFinds(t *testing.T) {
	s := NewCanonSet(0)
	const n = 50000
	for i := 0; i < n; i++ {
		if !s.Add(fmt.Sprint("k", i)) {
			t.Fatalf("key %d reported as seen", i)
		}
	}
	for i := 0; i < n; i++ {
		if !s.Seen(fmt.Sprint("k", i)) {
			t.Fatalf("key %d lost after growing", i)
		}
		if s.Has(fmt.Sprint("other", i)) {
			t.Fatalf("absent key %d found", i)
		}
	}
	if s.Len() != n || s.Bytes() < n*16 {
		t.Fatalf("Len %d Bytes %d", s.Len(), s.Bytes())
	}
}

// transformedCopy returns the puzzle lines of recs, each replaced by a
// random member of its symmetry class.
func transformedCopy(t *testing.T, recs []string, rng *rand.Rand) []string {
	out := make([]string, len(recs))
	for i, p := range recs {
		g, err := sudoku.ParseAuto(p)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = sudoku.RandomTransform(g.Geo.Shape, rng).Apply(g).String()
	}
	return out
}

func TestLoadCanonical(t *testing.T) {
	puzzles := []string{
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		pad81("1...........2.3...........4"),
	}
	rng := rand.New(rand.NewPCG(1, 1))
	copies := transformedCopy(t, puzzles, rng)
	// Plain lines with comments, a JSONL record without canonical, a
	// slide record, and isomorphs of the first two: two distinct forms.
	input := "# corpus\n" + puzzles[0] + " 4.2\n" +
		`{"kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + puzzles[1] + `"}` + "\n" +
		`{"kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,8,0]}` + "\n" +
		copies[0] + "\n" + copies[1] + "\n"
	set := NewCanonSet(0)
	st, err := LoadCanonical(set, strings.NewReader(input), "in.txt", 2)
	if err != nil {
		t.Fatal(err)
	}
	if st.Puzzles != 4 || st.Added != 2 || st.Skipped != 1 || set.Len() != 2 {
		t.Fatalf("stats %+v, set %d", st, set.Len())
	}
	for _, p := range puzzles {
		g, _ := sudoku.ParseAuto(p)
		if !set.Has(sudoku.CanonicalString(g)) {
			t.Errorf("%s not in the set", p)
		}
	}
	_, err = LoadCanonical(NewCanonSet(0), strings.NewReader(puzzles[0]+"\n"+"12345\n"), "bad.txt", 1)
	var le *export.LineError
	if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(err.Error(), "bad.txt:2:") {
		t.Fatalf("bad line: got %v", err)
	}
}

// injectMaker makes a small fixed corpus again and again, each time as a
// random isomorph, so most of its output is a duplicate.
type injectMaker struct {
	corpus []string
	canon  *sudoku.Canonicalizer
}

func (m *injectMaker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	g, err := sudoku.ParseAuto(m.corpus[index%int64(len(m.corpus))])
	if err != nil {
		return export.Record{}, err
	}
	h := sudoku.RandomTransform(g.Geo.Shape, rng).Apply(g)
	return export.Record{Kind: "sudoku", Size: 9, Puzzle: h.String(), Canonical: m.canon.String(h), Index: index}, nil
}

type dedupeSink struct{ recs []export.Record }

func (s *dedupeSink) Write(rec *export.Record) error { s.recs = append(s.recs, *rec); return nil }
func (s *dedupeSink) Close() error                   { return nil }

func TestBatchDropsInjectedDuplicates(t *testing.T) {
	corpus := []string{
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		pad81("1...........2.3...........4"),
		pad81(".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6"),
	}
	newRun := func(set *CanonSet, count int64) (*dedupeSink, Stats, error) {
		sink := &dedupeSink{}
		st, err := Run(context.Background(), Options{
			Count: count, Workers: 2, Seed: 9, MaxAttempts: 60,
			NewMaker: func(context.Context) (Maker, error) {
				return &injectMaker{corpus: corpus, canon: sudoku.NewCanonicalizer(sudoku.Shape9)}, nil
			},
			Dedupe: set,
		}, sink)
		return sink, st, err
	}
	sink, st, err := newRun(NewCanonSet(0), 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(sink.recs) != 3 {
		t.Fatalf("accepted %d", len(sink.recs))
	}
	// Asking for a 4th distinct puzzle must fail: every later index is an
	// isomorph of one already kept.
	sink, st, err = newRun(NewCanonSet(0), 4)
	if err == nil || len(sink.recs) != 3 || st.Duplicates != 57 {
		t.Fatalf("err %v, accepted %d, duplicates %d", err, len(sink.recs), st.Duplicates)
	}
	// With the corpus excluded, nothing new can be made at all.
	set := NewCanonSet(0)
	if _, err := LoadCanonical(set, strings.NewReader(strings.Join(corpus, "\n")), "corpus", 1); err != nil {
		t.Fatal(err)
	}
	sink, st, _ = newRun(set, 1)
	if len(sink.recs) != 0 || st.Duplicates != 60 {
		t.Fatalf("with --exclude: accepted %d, duplicates %d", len(sink.recs), st.Duplicates)
	}
}

func pad81(s string) string { return (s + strings.Repeat(".", 81))[:81] }

// BenchmarkCanonSetSeen: hashing an 81-character canonical string and
// inserting it, the collector's per-puzzle dedupe cost.
func BenchmarkCanonSetSeen(b *testing.B) {
	keys := make([]string, 1<<16)
	for i := range keys {
		keys[i] = fmt.Sprintf("%081d", i*7919)
	}
	s := NewCanonSet(0)
	i := 0
	for b.Loop() {
		s.Seen(keys[i&(len(keys)-1)])
		i++
	}
}

// TestLoadExcluded: the corpora's forms go into one set (an isomorph in a
// second file adds nothing), each file is reported, a missing file and a
// bad line are named; the error of the first bad chunk in file order wins
// over later ones (keys computed on several workers).
func TestLoadExcluded(t *testing.T) {
	p := "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	q := pad81("1...........2.3...........4")
	copies := transformedCopy(t, []string{p}, rand.New(rand.NewPCG(2, 2)))
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	a, b := write("a.txt", p+"\n"+q+"\n"), write("b.txt", copies[0]+"\n")
	set := NewCanonSet(0)
	var reports []string
	added, err := LoadExcluded(set, []string{a, b}, export.KindSudoku, 2, func(path string, st ExcludeStats, _ time.Duration) {
		reports = append(reports, fmt.Sprintf("%s %d %d", filepath.Base(path), st.Puzzles, st.Added))
	})
	if err != nil || added != 2 || set.Len() != 2 || strings.Join(reports, ",") != "a.txt 2 2,b.txt 1 0" {
		t.Fatalf("added %d, set %d, reports %q, err %v", added, set.Len(), reports, err)
	}
	if _, err := LoadExcluded(NewCanonSet(0), []string{a, filepath.Join(dir, "none.txt")}, export.KindSudoku, 1, nil); err == nil || !strings.Contains(err.Error(), "cannot read "+filepath.Join(dir, "none.txt")+": no such file") {
		t.Errorf("missing file: %v", err)
	}
	// 5000 good lines, then bad lines at 5001 and 9000: chunks of 2048
	// lines, so the two bad ones are in different chunks.
	lines := make([]string, 9000)
	for i := range lines {
		lines[i] = p
	}
	lines[5000], lines[8999] = "12345", "1.."
	bad := write("bad.txt", strings.Join(lines, "\n")+"\n")
	for range 5 {
		_, err = LoadExcluded(NewCanonSet(0), []string{bad}, export.KindSudoku, 4, nil)
		var le *export.LineError
		if !errors.As(err, &le) || le.Line != 5001 {
			t.Fatalf("bad lines: got %v, want line 5001", err)
		}
	}
}
