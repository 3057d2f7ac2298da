package kind_test

// This file is the whole of a new kind: 3x3 Latin squares ("latin3"), a
// package of its own in all but name, plugged in with one registration
// line (kind.Register in TestNewKind). It uses only the public API of
// kind, batch and export, and its records carry a field of their own,
// "cells", through the kind's codec. docs/kinds.md walks through it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/sudogen/sudogen/batch"
	"github.com/sudogen/sudogen/export"
	"github.com/sudogen/sudogen/kind"
)

const latinName = "latin3"

// latinFields are the kind's own record fields: the puzzle, 9 cells
// row-major, '.' for empty.
type latinFields struct{ Cells string }

// AppendJSON writes ,"cells":"...".
func (f *latinFields) AppendJSON(dst []byte) []byte {
	return strconv.AppendQuote(append(dst, `,"cells":`...), f.Cells)
}

type latin struct{}

func (latin) Name() string { return latinName }

func (latin) Export() export.RecordKind {
	return export.RecordKind{
		Name:  latinName,
		Order: 10,
		Check: func(r *export.Record) error {
			p, err := (latin{}).Parse(r)
			if err != nil {
				return err
			}
			n, sol, _ := p.Solve(2)
			switch {
			case n != 1:
				return fmt.Errorf("%d solutions, expected 1", n)
			case r.Solution != "" && r.Solution != sol:
				return errors.New("solution is not the puzzle's")
			}
			return nil
		},
		Fields: export.FieldsCodec{
			Keys: []string{"cells"},
			Decode: func(v map[string]json.RawMessage) (export.Fields, error) {
				var f latinFields
				if err := json.Unmarshal(v["cells"], &f.Cells); err != nil {
					return nil, fmt.Errorf("cells: %v", err)
				}
				return &f, nil
			},
		},
	}
}

// latinPuzzle is 9 cells, 0 empty.
type latinPuzzle [9]byte

func (latin) Parse(r *export.Record) (kind.Puzzle, error) {
	f, ok := r.Fields.(*latinFields)
	if !ok || len(f.Cells) != 9 {
		return nil, errors.New(`latin3 record needs "cells" of 9 characters`)
	}
	var p latinPuzzle
	for i := range 9 {
		switch c := f.Cells[i]; {
		case c == '.':
		case c >= '1' && c <= '3':
			p[i] = c - '0'
		default:
			return nil, fmt.Errorf("bad symbol %q at cell %d", c, i+1)
		}
	}
	return p, nil
}

// ok reports whether v may go in cell i of g.
func (p latinPuzzle) ok(i int, v byte) bool {
	r, c := i/3, i%3
	for k := range 3 {
		if p[r*3+k] == v || p[k*3+c] == v {
			return false
		}
	}
	return true
}

// Solve counts by backtracking.
func (p latinPuzzle) Solve(limit int) (int, string, error) {
	first := ""
	var count int
	var rec func(g latinPuzzle, i int)
	rec = func(g latinPuzzle, i int) {
		if count >= limit {
			return
		}
		if i == 9 {
			if count == 0 {
				first = g.String()
			}
			count++
			return
		}
		if g[i] != 0 {
			rec(g, i+1)
			return
		}
		for v := byte(1); v <= 3; v++ {
			if g.ok(i, v) {
				g[i] = v
				rec(g, i+1)
				g[i] = 0
			}
		}
	}
	rec(p, 0)
	return count, first, nil
}

func (p latinPuzzle) String() string {
	var b strings.Builder
	for _, v := range p {
		if v == 0 {
			b.WriteByte('.')
		} else {
			b.WriteByte('0' + v)
		}
	}
	return b.String()
}

// perms3 are the permutations of 0, 1, 2.
var perms3 = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// Canonical is the least string over the kind's group: row and column
// permutations, transposition and relabelling.
func (p latinPuzzle) Canonical() string {
	best := ""
	for _, rows := range perms3 {
		for _, cols := range perms3 {
			for _, lab := range perms3 {
				for t := range 2 {
					var q latinPuzzle
					for r := range 3 {
						for c := range 3 {
							v := p[rows[r]*3+cols[c]]
							if t == 1 {
								v = p[cols[c]*3+rows[r]]
							}
							if v != 0 {
								v = byte(lab[v-1]) + 1
							}
							q[r*3+c] = v
						}
					}
					if s := q.String(); best == "" || s < best {
						best = s
					}
				}
			}
		}
	}
	return best
}

// latinMaker makes a random square, then empties cells in random order
// while the puzzle stays unique.
// It keeps at least clues givens.
type latinMaker struct {
	seed  uint64
	clues int
}

func (m latinMaker) Make(index int64, rng *rand.Rand) (export.Record, error) {
	rows, cols, lab := perms3[rng.IntN(6)], perms3[rng.IntN(6)], perms3[rng.IntN(6)]
	var sol latinPuzzle
	for r := range 3 {
		for c := range 3 {
			sol[r*3+c] = byte(lab[(rows[r]+cols[c])%3]) + 1
		}
	}
	p, givens := sol, 9
	for _, i := range rng.Perm(9) {
		if givens <= m.clues {
			break
		}
		v := p[i]
		p[i] = 0
		if n, _, _ := p.Solve(2); n != 1 {
			p[i] = v
			continue
		}
		givens--
	}
	return export.Record{
		ID: fmt.Sprintf("latin3-%07d", index), Kind: latinName, Size: 3,
		Fields: &latinFields{Cells: p.String()}, Solution: sol.String(),
		Canonical: p.Canonical(), Seed: m.seed, Index: index,
	}, nil
}

// latinOptions are a latin3 run's options (kind.Spec.Options, from
// BatchRun): the givens a puzzle keeps at least.
type latinOptions struct{ clues int }

func (latin) Makers(spec kind.Spec) (func(ctx context.Context) (batch.Maker, error), error) {
	o, _ := spec.Options.(latinOptions)
	return func(context.Context) (batch.Maker, error) { return latinMaker{spec.Seed, o.clues}, nil }, nil
}

// BatchFlags defines the kind's own batch flag, --latin-clues.
func (latin) BatchFlags(fs *pflag.FlagSet) []string {
	var clues int64
	fs.Var(kind.NewIntValue(&clues, 0, 0), "latin-clues", "latin3: keep at least N givens (0: dig to a minimal puzzle)")
	return nil
}

func (latin) BatchKind() string { return "3x3 Latin squares, --latin-clues" }

func (latin) BatchRun(in kind.BatchInput) (*kind.BatchRun, error) {
	n := kind.FlagInt(in.Flags, "latin-clues")
	if n > 9 {
		return nil, fmt.Errorf("--latin-clues %d: a square has 9 cells", n)
	}
	return &kind.BatchRun{Size: 3, Name: "latin3 3x3", Shape: "latin3 3x3", Options: latinOptions{int(n)}}, nil
}

func (latin) Grader(kind.GradeOptions) (kind.Grader, error) {
	return nil, fmt.Errorf("kind latin3: %w", kind.ErrNoGrader)
}

func (latin) Tiers(int) []string { return nil }
