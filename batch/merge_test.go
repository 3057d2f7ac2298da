package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/generate"
	"github.com/sudogen/sudogen/sudoku"
)

// runLines makes a run's JSONL lines (no grading) for the given indices,
// as batch writes them.
func runLines(t testing.TB, shape sudoku.Shape, seed uint64, count int64, shard Shard) []string {
	t.Helper()
	var buf bytes.Buffer
	w := export.NewJSONLWriter(&buf)
	_, err := Run(context.Background(), Options{Count: count, Workers: 2, Seed: seed, Start: shard.Index, Step: shard.Count,
		NewMaker: SudokuMakers(SudokuOptions{Generate: generate.Options{Shape: shape, Minimal: true}, Seed: seed}),
		Dedupe:   NewCanonSet(0), MaxAttempts: 100 * count}, w)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(buf.String(), "\n")
	return lines[:len(lines)-1] // each with its newline
}

func merge(t *testing.T, memory int64, inputs ...string) (string, MergeStats, error) {
	t.Helper()
	var in []MergeInput
	for i, s := range inputs {
		in = append(in, MergeInput{Name: fmt.Sprintf("in%d.jsonl", i), R: strings.NewReader(s), Size: int64(len(s))})
	}
	var out bytes.Buffer
	st, err := Merge(context.Background(), MergeOptions{Memory: memory, TempDir: t.TempDir(), Workers: 3}, in, &out)
	return out.String(), st, err
}

// TestMergeShardsIsTheRun: the shards of a run, given in any order, whole
// or cut and shuffled, merge into the unsharded run's bytes, with a
// memory budget small enough to spill. (9x9: no index is dropped as a
// duplicate, so the shards cover the same indices as the unsharded run.)
func TestMergeShardsIsTheRun(t *testing.T) {
	whole := strings.Join(runLines(t, sudoku.Shape9, 21, 600, Shard{}), "")
	var shards []string
	for i := range int64(4) {
		shards = append(shards, strings.Join(runLines(t, sudoku.Shape9, 21, 150, Shard{i, 4}), ""))
	}
	for _, memory := range []int64{64 << 20, 1 << 20} {
		got, st, err := merge(t, memory, shards[2], shards[0], shards[3], shards[1])
		if err != nil {
			t.Fatal(err)
		}
		if got != whole {
			gl, wl := strings.Split(got, "\n"), strings.Split(whole, "\n")
			for i := range wl {
				if i >= len(gl) || gl[i] != wl[i] {
					t.Fatalf("memory %d: merged shards differ from the unsharded run at line %d (%d lines, want %d):\n%s\n%s", memory, i+1, len(gl), len(wl), gl[min(i, len(gl)-1)], wl[i])
				}
			}
		}
		if st.Kept != 600 || len(st.Inputs) != 4 || st.Inputs[0].Read != 150 {
			t.Errorf("stats %+v", st)
		}
	}
	// Every line in random order, in three inputs: sorted back.
	lines := strings.SplitAfter(whole, "\n")
	lines = lines[:len(lines)-1] // the empty string after the last newline
	rng := rand.New(rand.NewPCG(5, 5))
	rng.Shuffle(len(lines), func(i, j int) { lines[i], lines[j] = lines[j], lines[i] })
	got, _, err := merge(t, 1<<20, strings.Join(lines[:100], ""), strings.Join(lines[100:450], ""), strings.Join(lines[450:], ""))
	if err != nil || got != whole {
		t.Fatalf("shuffled: err %v, same %v", err, got == whole)
	}
}

// refMerge is a plain in-memory merge, the truth TestMergeIsomorphs checks
// Merge against: sort by (seed, index, input, line), keep the first of each
// canonical form (computed here with sudoku.CanonicalString).
func refMerge(t *testing.T, inputs []string) []string {
	type item struct {
		unseeded   bool // no seed and index: after the runs' records
		seed       uint64
		index      int64
		input, ln  int
		canon, out string
	}
	var items []item
	for i, in := range inputs {
		for ln, l := range strings.Split(strings.TrimSuffix(in, "\n"), "\n") {
			var rec export.Record
			if err := json.Unmarshal([]byte(l), &rec); err != nil {
				t.Fatal(err)
			}
			g, err := sudoku.Parse(rec.Puzzle, sudoku.Shape6)
			if err != nil {
				t.Fatal(err)
			}
			unseeded := !strings.Contains(l, `"seed":`)
			items = append(items, item{unseeded, rec.Seed, rec.Index, i, ln, sudoku.CanonicalString(g), rec.ID})
		}
	}
	slices.SortStableFunc(items, func(a, b item) int {
		switch {
		case a.unseeded != b.unseeded:
			if a.unseeded {
				return 1
			}
			return -1
		case a.seed != b.seed:
			return cmpU(a.seed, b.seed)
		case a.index != b.index:
			return cmpU(uint64(a.index), uint64(b.index))
		case a.input != b.input:
			return a.input - b.input
		}
		return a.ln - b.ln
	})
	seen := map[string]bool{}
	var ids []string
	for _, it := range items {
		if !seen[it.canon] {
			seen[it.canon] = true
			ids = append(ids, it.out)
		}
	}
	return ids
}

func cmpU(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// TestMergeIsomorphs: copies of puzzles under random transformations (other
// ids, seeds and indices) are dropped, keeping the first in merge order;
// checked against refMerge with budgets from all-in-memory to tiny.
func TestMergeIsomorphs(t *testing.T) {
	a := runLines(t, sudoku.Shape6, 3, 400, Shard{})
	rng := rand.New(rand.NewPCG(9, 9))
	var iso []string
	for k := range 250 {
		var rec export.Record
		json.Unmarshal([]byte(a[rng.IntN(len(a))]), &rec)
		g, _ := sudoku.Parse(rec.Puzzle, sudoku.Shape6)
		sol, _ := sudoku.Parse(rec.Solution, sudoku.Shape6)
		tr := sudoku.RandomTransform(sudoku.Shape6, rng)
		rec.Puzzle, rec.Canonical = tr.Apply(g).String(), "" // canonical left for merge to fill
		rec.Solution = tr.Apply(sol).String()
		rec.ID, rec.Seed, rec.Index = fmt.Sprintf("iso-%d", k), uint64(rng.IntN(5)), int64(rng.IntN(500))
		b, _ := json.Marshal(&rec)
		if k%3 == 0 { // a record no run made: no seed or index
			var m map[string]any
			json.Unmarshal(b, &m)
			delete(m, "seed")
			delete(m, "index")
			b, _ = json.Marshal(m)
		}
		iso = append(iso, string(b)+"\n")
	}
	b := runLines(t, sudoku.Shape6, 4, 100, Shard{}) // another run: shares some forms with a
	inputs := []string{strings.Join(a, ""), strings.Join(iso, ""), strings.Join(b, "")}
	want := refMerge(t, inputs)
	for _, memory := range []int64{64 << 20, 1 << 20} {
		out, st, err := merge(t, memory, inputs...)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var rec export.Record
			json.Unmarshal([]byte(l), &rec)
			ids = append(ids, rec.ID)
			g, _ := sudoku.Parse(rec.Puzzle, sudoku.Shape6)
			if rec.Canonical != sudoku.CanonicalString(g) {
				t.Fatalf("record %s: canonical %q is not its puzzle's", rec.ID, rec.Canonical)
			}
		}
		if !slices.Equal(ids, want) {
			t.Fatalf("memory %d: kept %d records, reference %d (or another order)", memory, len(ids), len(want))
		}
		dups := st.Inputs[0].Duplicates + st.Inputs[1].Duplicates + st.Inputs[2].Duplicates
		if st.Kept != int64(len(want)) || dups != 750-int64(len(want)) {
			t.Errorf("memory %d: kept %d, duplicates %d; want %d and %d", memory, st.Kept, dups, len(want), 750-len(want))
		}
	}
}

// TestMergeKeepsRunRecords: a plain line that is an isomorph of a run's
// record loses to the record, whichever input comes first, and the plain
// lines left come after every run's records (the unseeded sorted first, as
// seed 0, and a corpus merged with a plain list lost its solutions and
// ratings to the list's lines).
func TestMergeKeepsRunRecords(t *testing.T) {
	run := runLines(t, sudoku.Shape6, 5, 6, Shard{})
	rng := rand.New(rand.NewPCG(5, 5))
	var plain strings.Builder
	for _, l := range run[:4] {
		var rec export.Record
		json.Unmarshal([]byte(l), &rec)
		g, _ := sudoku.Parse(rec.Puzzle, sudoku.Shape6)
		plain.WriteString(sudoku.RandomTransform(sudoku.Shape6, rng).Apply(g).String() + "\n")
	}
	// one puzzle of another run: no isomorph among run's
	other := runLines(t, sudoku.Shape6, 77, 1, Shard{})
	var rec export.Record
	json.Unmarshal([]byte(other[0]), &rec)
	plain.WriteString(rec.Puzzle + "\n")
	for _, order := range [][]string{{plain.String(), strings.Join(run, "")}, {strings.Join(run, ""), plain.String()}} {
		out, st, err := merge(t, 1<<20, order...)
		if err != nil {
			t.Fatal(err)
		}
		var ids []string
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			var r export.Record
			json.Unmarshal([]byte(l), &r)
			ids = append(ids, r.ID)
		}
		plainIn := "in0"
		if order[0] != plain.String() {
			plainIn = "in1"
		}
		want := []string{"s6-0000000", "s6-0000001", "s6-0000002", "s6-0000003", "s6-0000004", "s6-0000005", plainIn + "-5"}
		if !slices.Equal(ids, want) || st.Kept != 7 {
			t.Errorf("kept %v (%d), want %v", ids, st.Kept, want)
		}
	}
}

// TestMergePlainAndBadInput: plain lines become records in input order;
// inputs of different kinds or sizes, bad lines and empty inputs stop the
// merge with one message naming file and line.
func TestMergePlainAndBadInput(t *testing.T) {
	p9 := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	p6 := "62.......5...12....3...4....6....1.2"
	out, _, err := merge(t, 1<<20, "# corpus\n\n"+p9+" 9.0\n"+strings.Replace(p9, "4...", "46..", 1)+"\n")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"id":"in0-3","kind":"sudoku","size":9,"box":[3,3],"puzzle":"`+p9+`","givens":18,`) ||
		!strings.Contains(lines[1], `"id":"in0-4"`) {
		t.Errorf("plain lines gave %q", out)
	}
	slideRec := `{"id":"slide3-0000000","kind":"slide","size":3,"tiles":[1,2,3,4,5,6,7,0,8],"canonical":"x","seed":1,"index":0}`
	for _, c := range []struct {
		inputs []string
		want   string
	}{
		{[]string{p9 + "\n", p6 + "\n"}, "in1.jsonl:1: a 6x6 sudoku (2x3 boxes), but in0.jsonl:1 is a 9x9 sudoku (3x3 boxes): merge corpora of one kind and size"},
		{[]string{p9 + "\n", slideRec + "\n"}, "in1.jsonl:1: a 3x3 slide, but in0.jsonl:1 is a 9x9 sudoku"},
		{[]string{p9 + "\n" + "{bad\n"}, "in0.jsonl:2: bad JSON"},
		{[]string{p9 + "\n", "# only a comment\n"}, "in1.jsonl: no puzzles found (empty input)"},
		{[]string{p9 + "\n" + strings.Replace(p9, ".", "4", 1) + "\n"}, "in0.jsonl:2: 4 appears twice"},
	} {
		_, _, err := merge(t, 1<<20, c.inputs...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("err %v, want %q", err, c.want)
		}
	}
}

// TestMergeCanceled: a cancelled merge stops with ErrInterrupted.
func TestMergeCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	lines := strings.Join(runLines(t, sudoku.Shape6, 1, 50, Shard{}), "")
	_, err := Merge(ctx, MergeOptions{Memory: 1 << 20}, []MergeInput{{Name: "a", R: strings.NewReader(lines), Size: -1}}, &bytes.Buffer{})
	if !errors.Is(err, ErrInterrupted) {
		t.Fatalf("err %v", err)
	}
	if left, _ := os.ReadDir(os.TempDir()); len(left) > 0 {
		for _, e := range left {
			if strings.HasPrefix(e.Name(), "sudogen-merge-") || strings.HasPrefix(e.Name(), "sudogen-sort-") {
				t.Errorf("temporary file left: %s", e.Name())
			}
		}
	}
}

// TestMergeKeepsForeignRecords (issue 19, audit 3): a record without seed
// and index keeps every byte it came with; merge only adds what it owns
// (the canonical form, an id when it has none) before the closing brace,
// taking out an empty or wrong field of the same name. It never writes
// "size":0 and never invents a seed or an index, for a plain line either.
func TestMergeKeepsForeignRecords(t *testing.T) {
	p := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	g, _ := sudoku.Parse(p, sudoku.Shape9)
	canon := sudoku.CanonicalString(g)
	cf := `"canonical":"` + canon + `"`
	for _, c := range []struct{ in, want string }{
		{`{"id":"mine-1","puzzle":"` + p + `","source":"Le Monde","author":"Ann","difficulty":{"stars":[1,2]}}`,
			`{"id":"mine-1","puzzle":"` + p + `","source":"Le Monde","author":"Ann","difficulty":{"stars":[1,2]},` + cf + `}`},
		// no id: merge names it by file and line
		{`{ "puzzle" : "` + p + `" , "note": "a }, b" }`, `{ "puzzle" : "` + p + `" , "note": "a }, b" ,"id":"in0-1",` + cf + `}`},
		// an empty id and canonical (any case) are replaced, with their commas
		{`{"Canonical":"","puzzle":"` + p + `","ID":"","x":[{"id":"inner"}]}`, `{"puzzle":"` + p + `","x":[{"id":"inner"}],"id":"in0-1",` + cf + `}`},
		// a record with seed and index and its canonical form is kept as is
		{`{"id":"r","puzzle":"` + p + `","seed":3,"index":9,"mine":true,` + cf + `}`, `{"id":"r","puzzle":"` + p + `","seed":3,"index":9,"mine":true,` + cf + `}`},
		// a plain line: a record of its own, without seed and index
		{p + " from the paper", `{"v":1,"id":"in0-1","kind":"sudoku","size":9,"box":[3,3],"puzzle":"` + p + `","givens":18,` + cf + `}`},
		// An empty field readers take for something else is written as
		// the other writers write it (hostile pass of 2026-12-06: merge
		// copied "tier":"" as it was): an empty optional field is taken
		// out, "kind":"" and a sudoku's "size":0 say what readers take,
		// in place; the canonical form of a record is one.
		{`{"id":"r","kind":"","size":0,"puzzle":"` + p + `","tier":"","symmetry":"","hardest":"","box":[],"minimal":null,"rating":0,"techniques":{},"seed":3,"index":9,` + cf + `}`,
			`{"id":"r","kind":"sudoku","size":9,"puzzle":"` + p + `","seed":3,"index":9,` + cf + `}`},
		// as encoding/json reads them: keys in any case or escaped, the
		// value a reader ends with (null leaves a string as it was)
		{`{"id":"r","TIER":"hard","tier":"","Kind":"","SIZE":0,"ti\u0065r":"","puzzle":"` + p + `","seed":3,"index":9,` + cf + `}`,
			`{"id":"r","kind":"sudoku","size":9,"puzzle":"` + p + `","seed":3,"index":9,` + cf + `}`},
		{`{"id":"r","tier":"hard","Tier":null,"minimal":false,"seed":0,"index":0,"puzzle":"` + p + `",` + cf + `}`,
			`{"id":"r","tier":"hard","Tier":null,"minimal":false,"seed":0,"index":0,"puzzle":"` + p + `",` + cf + `}`},
		// a grade line's own fields are not a record's: taken out, as
		// export --format jsonl does (merge wrote them, and the record
		// schema refuses them)
		{`{"id":"r","puzzle":"` + p + `","status":"beyond","filled":40,"seed":3,"index":9,` + cf + `}`,
			`{"id":"r","puzzle":"` + p + `","seed":3,"index":9,` + cf + `}`},
	} {
		out, _, err := merge(t, 1<<20, c.in+"\n")
		if err != nil {
			t.Errorf("%s: %v", c.in, err)
			continue
		}
		if out != c.want+"\n" {
			t.Errorf("merge of\n%s\ngave\n%s\nwant\n%s", c.in, out, c.want)
		}
		for _, bad := range []string{`"size":0`, `"seed":0`, `"index":0`} {
			if strings.Contains(out, bad) && !strings.Contains(c.in, bad) {
				t.Errorf("merge of %s wrote %s", c.in, bad)
			}
		}
	}
}

// TestMergeChecksRecords (issue 19, audit 3): every record is read and
// checked as any reader does (export.ParseLine, export.CheckRecord), also
// one that would be kept byte for byte; a bad one stops the merge with its
// file and line.
func TestMergeChecksRecords(t *testing.T) {
	p := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	g, _ := sudoku.Parse(p, sudoku.Shape9)
	tail := `,"canonical":"` + sudoku.CanonicalString(g) + `","seed":1,"index":2}`
	good := `{"id":"a","puzzle":"` + p + `"` + tail
	for _, c := range []struct{ rec, want string }{
		{`{"id":"b","puzzle":"` + p + `","rating":"hard"` + tail, `in0.jsonl:2: field "rating": a string where a number is expected`},
		{`{"id":"b","puzzle":"` + p + `","techniques":{"x":"y"}` + tail, `in0.jsonl:2: field "techniques": a string where a whole number is expected`},
		{`{"v":99,"id":"b","puzzle":"` + p + `"` + tail, `in0.jsonl:2: record format version 99`},
		{`{"id":"b","puzzle":"` + p + `","givens":30` + tail, `in0.jsonl:2: givens 30 but the puzzle has 18`},
		{`{"id":"b","size":6,"puzzle":"` + p + `"` + tail, `in0.jsonl:2: size 6 but the puzzle is 9x9`}, // every reader's line (audit A1 item 3)
		{`{"id":"b","puzzle":".` + p[1:] + `"` + tail, `in0.jsonl:2: puzzle has more than one solution`},
		{`{"id":"b","puzzle":"` + p + `","solution":"` + strings.Repeat("1", 81) + `"` + tail, `in0.jsonl:2: solution`},
		{`{"id":"b","kind":"nosuch","size":9,"puzzle":"` + p + `"` + tail, `in0.jsonl:2: kind "nosuch": expected sudoku`},
	} {
		_, _, err := merge(t, 1<<20, good+"\n"+c.rec+"\n")
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: err %v, want one line with %q", c.rec, err, c.want)
		}
	}
}

// TestMergeCheckBudget: past 9x9 the uniqueness proof has a budget; a
// puzzle that needs more is refused with its file and line (here with a
// budget of one node, which no 16x16 puzzle meets), not searched forever.
func TestMergeCheckBudget(t *testing.T) {
	lines := runLines(t, sudoku.Shape16, 2, 1, Shard{})
	if _, _, err := merge(t, 1<<20, lines[0]); err != nil {
		t.Fatal(err)
	}
	defer func(n int) { mergeCheckNodes = n }(mergeCheckNodes)
	mergeCheckNodes = 1
	_, _, err := merge(t, 1<<20, lines[0])
	if err == nil || !strings.HasPrefix(err.Error(), "in0.jsonl:1: cannot prove the puzzle has exactly one solution within 1 search nodes") {
		t.Fatalf("err %v", err)
	}
}

// TestSpoolBuffer: the spools' buffers shrink with the number of inputs so
// that n of them stay within an eighth of --memory (a merge of 200
// inputs at --memory 16MiB peaked at 123 MB resident with 256 KiB each,
// 58 MB now), between 16 and 256 KiB.
func TestSpoolBuffer(t *testing.T) {
	for _, c := range []struct {
		memory int64
		n      int
		want   int
	}{
		{256 << 20, 1, 256 << 10},
		{256 << 20, 128, 256 << 10},
		{256 << 20, 200, 167772},
		{16 << 20, 200, 16 << 10},
		{16 << 20, 4, 256 << 10},
		{16 << 20, 0, 256 << 10},
		{1 << 20, 100000, 16 << 10},
	} {
		if got := spoolBuffer(c.memory, c.n); got != c.want {
			t.Errorf("spoolBuffer(%d, %d) = %d, want %d", c.memory, c.n, got, c.want)
		}
	}
}
