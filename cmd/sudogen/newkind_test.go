package main

// This file is the whole of a tiny test-only kind, "tri" (3x3 Latin
// squares written as 9 symbols 1-3, '.' empty), and the proof that the
// commands need no edit for a new kind: once registered (one
// kind.Register line, as a kind's init does), solve, canon and grade
// read its records through the kind plug (kindline.go), and batch makes
// them with a flag of the kind's own (kind.Batcher, batch_kind.go).
// docs/kinds.md counts the files a new kind touches.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
)

const triName = "tri-test"

type triKind struct{}

func (triKind) Name() string { return triName }

func (triKind) Export() export.RecordKind {
	return export.RecordKind{Name: triName, Order: 50, Cells: export.NoCells, Check: func(r *export.Record) error {
		_, err := (triKind{}).Parse(r)
		return err
	}}
}

func (triKind) Parse(rec *export.Record) (kind.Puzzle, error) {
	if len(rec.Puzzle) != 9 || strings.Trim(rec.Puzzle, ".123") != "" {
		return nil, fmt.Errorf("puzzle %q: expected 9 of 1, 2, 3 or '.'", rec.Puzzle)
	}
	return triPuzzle(rec.Puzzle), nil
}

// triOptions are a tri run's options (kind.Spec.Options): how many
// givens a puzzle keeps at least.
type triOptions struct{ clues int }

func (triKind) Makers(spec kind.Spec) (func(context.Context) (batch.Maker, error), error) {
	o, ok := spec.Options.(triOptions)
	if !ok && spec.Options != nil {
		return nil, fmt.Errorf("kind %s: options of type %T", triName, spec.Options)
	}
	return func(context.Context) (batch.Maker, error) { return triMaker{seed: spec.Seed, clues: o.clues}, nil }, nil
}

// triMaker makes a random square (row shift, column and symbol
// permutations), then empties cells in random order while the puzzle
// stays unique and keeps more than clues givens.
type triMaker struct {
	seed  uint64
	clues int
}

func (m triMaker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	rows, cols, lab := perms[rng.IntN(6)], perms[rng.IntN(6)], perms[rng.IntN(6)]
	var sol [9]byte
	for i := range sol {
		sol[i] = '1' + byte(lab[(rows[i/3]+cols[i%3])%3])
	}
	p, givens := sol, 9
	for _, i := range rng.Perm(9) {
		if givens <= m.clues {
			break
		}
		v := p[i]
		p[i] = '.'
		if n, _, _ := triPuzzle(p[:]).Solve(2); n != 1 {
			p[i] = v
			continue
		}
		givens--
	}
	return export.Record{ID: fmt.Sprintf("tri-%07d", index), Kind: triName, Puzzle: string(p[:]), Solution: string(sol[:]),
		Givens: givens, Canonical: triPuzzle(p[:]).Canonical(), Seed: m.seed, Index: index}, nil
}

// BatchFlags defines the kind's own batch flag, --tri-clues.
func (triKind) BatchFlags(fs *pflag.FlagSet) []string {
	var clues int64
	fs.Var(kind.NewIntValue(&clues, 0, 0), "tri-clues", "tri-test: keep at least N givens (0: dig to a minimal puzzle)")
	return nil
}

func (triKind) BatchKind() string { return "3x3 Latin squares (a test kind), --tri-clues" }

func (triKind) BatchRun(in kind.BatchInput) (*kind.BatchRun, error) {
	n := kind.FlagInt(in.Flags, "tri-clues")
	if n > 9 {
		return nil, fmt.Errorf("--tri-clues %d: a square has 9 cells", n)
	}
	return &kind.BatchRun{Size: 3, Name: "tri 3x3", Shape: "tri 3x3", Options: triOptions{clues: int(n)}, Givens: true}, nil
}

func (triKind) Grader(kind.GradeOptions) (kind.Grader, error) {
	return nil, fmt.Errorf("kind %s: %w", triName, kind.ErrNoGrader)
}

func (triKind) Tiers(int) []string { return nil }

type triPuzzle string

// Solve fills the square by backtracking, counting up to limit.
func (p triPuzzle) Solve(limit int) (int, string, error) {
	b := []byte(p)
	first := ""
	var n int
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == 9 {
			if n++; n == 1 {
				first = string(b)
			}
			return n >= limit
		}
		if b[i] != '.' {
			return rec(i + 1)
		}
		for v := byte('1'); v <= '3'; v++ {
			ok := true
			for j := range 3 {
				ok = ok && b[i/3*3+j] != v && b[j*3+i%3] != v
			}
			if ok {
				b[i] = v
				if rec(i + 1) {
					return true
				}
				b[i] = '.'
			}
		}
		return false
	}
	rec(0)
	return n, first, nil
}

// Canonical is the least form over row and column permutations,
// transposition and relabelling (brute force: 72 maps).
func (p triPuzzle) Canonical() string {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	best := ""
	for t := range 2 {
		for _, rp := range perms {
			for _, cp := range perms {
				var b [9]byte
				var label [256]byte
				next := byte('1')
				for r := range 3 {
					for c := range 3 {
						i := rp[r]*3 + cp[c]
						if t == 1 {
							i = cp[c]*3 + rp[r]
						}
						v := p[i]
						if v != '.' {
							if label[v] == 0 {
								label[v] = next
								next++
							}
							v = label[v]
						}
						b[r*3+c] = v
					}
				}
				if best == "" || string(b[:]) < best {
					best = string(b[:])
				}
			}
		}
	}
	return triName + ":" + best
}

var registerTri sync.Once

// TestNewKindThroughCommands: a kind registered with one line is read by
// solve, canon and grade with no edit to them: its records are solved and
// keyed by the kind, isomorphs share a key, and grade says it has no
// grader.
func TestNewKindThroughCommands(t *testing.T) {
	registerTri.Do(func() { kind.MustRegister(triKind{}) })
	in := `{"kind":"tri-test","puzzle":"12.....3."}` + "\n" + `{"kind":"tri-test","puzzle":"21.....3."}` + "\n" + `{"kind":"tri-test","puzzle":"1........"}` + "\n"
	if got := outLines(t, in, 0, "solve"); strings.Join(got, " ") != "123312231 213321132 multiple solutions" {
		t.Errorf("solve: %q", got)
	}
	got := outLines(t, in, 0, "canon")
	if got[0] != got[1] || got[0] == got[2] || !strings.HasPrefix(got[0], triName+":") {
		t.Errorf("canon: %q (the first two are isomorphs, the third is not)", got)
	}
	code, _, errOut := runCLI(t, in, "grade")
	if code != 1 || !strings.Contains(errOut, "no grader") {
		t.Errorf("grade: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCLI(t, `{"kind":"tri-test","puzzle":"12"}`+"\n", "solve")
	if code != 1 || !strings.Contains(errOut, "stdin:1: puzzle \"12\": expected 9") {
		t.Errorf("a bad tri record: exit %d: %s", code, errOut)
	}
}

// TestNewKindThroughBatch: the same kind, registered with its one line,
// makes puzzles through `sudogen batch --kind tri-test` with a flag of
// its own (--tri-clues), with no edit to the batch command: --help lists
// the flag, the records are unique puzzles of their solution with at
// least the givens asked for (checked against every 3x3 Latin square,
// enumerated here), the same for any --workers, a bad value is one line
// and exit 2, and another kind's flag is refused.
func TestNewKindThroughBatch(t *testing.T) {
	registerTri.Do(func() { kind.MustRegister(triKind{}) })
	if code, out, _ := runCLI(t, "", "batch", "--help"); code != 0 || !strings.Contains(out, "--tri-clues") || !strings.Contains(out, "tri-test: 3x3 Latin squares") {
		t.Errorf("batch --help: exit %d, no --tri-clues or no tri-test in --kind:\n%s", code, out)
	}
	// Every 3x3 Latin square over 1-3, by brute force over 3^9 fillings.
	var squares []string
	for n := range 19683 {
		var b [9]byte
		for i, m := 0, n; i < 9; i, m = i+1, m/3 {
			b[i] = '1' + byte(m%3)
		}
		ok := true
		for i := range 9 {
			for j := range 9 {
				if i < j && b[i] == b[j] && (i/3 == j/3 || i%3 == j%3) {
					ok = false
				}
			}
		}
		if ok {
			squares = append(squares, string(b[:]))
		}
	}
	if len(squares) != 12 {
		t.Fatalf("%d Latin squares of order 3, expected 12", len(squares))
	}
	for _, clues := range []int{0, 5} {
		args := []string{"batch", "--kind", "tri-test", "--tri-clues", fmt.Sprint(clues), "--count", "2", "--seed", "3", "--progress", "never"}
		code, out, errOut := runCLI(t, "", append(args, "--workers", "1")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if !strings.Contains(errOut, "made 2 tri 3x3") {
			t.Errorf("summary: %s", errOut)
		}
		if _, out2, _ := runCLI(t, "", append(args, "--workers", "3")...); out2 != out {
			t.Errorf("--tri-clues %d: --workers 3 differs from --workers 1", clues)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 2 {
			t.Fatalf("%d records, want 2", len(lines))
		}
		for _, l := range lines {
			var rec export.Record
			if err := export.DecodeRecord([]byte(l), &rec); err != nil {
				t.Fatalf("%s: %v", l, err)
			}
			var fits []string
			for _, sq := range squares {
				ok := true
				for i := range 9 {
					ok = ok && (rec.Puzzle[i] == '.' || rec.Puzzle[i] == sq[i])
				}
				if ok {
					fits = append(fits, sq)
				}
			}
			givens := 9 - strings.Count(rec.Puzzle, ".")
			if rec.Kind != triName || len(fits) != 1 || fits[0] != rec.Solution || givens != rec.Givens || givens < clues || rec.Seed != 3 {
				t.Errorf("--tri-clues %d: record %s: %d squares fit, givens %d", clues, l, len(fits), givens)
			}
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tri-clues", "10"}, "--tri-clues 10: a square has 9 cells"},
		{[]string{"--tri-clues", "x"}, `invalid argument "x" for "--tri-clues" flag: expected a whole number, at least 0`},
		{[]string{"--cage-sizes", "2-3"}, "--cage-sizes is for --kind killer"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"batch", "--kind", "tri-test", "--count", "1"}, c.args...)...)
		if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, want 2 and one line with %q: %q", c.args, code, c.want, errOut)
		}
	}
}
