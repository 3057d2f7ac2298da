package main

// This file is the whole of a tiny test-only kind, "tri" (3x3 Latin
// squares written as 9 symbols 1-3, '.' empty), and the proof that the
// per-line commands need no edit for a new kind: once registered (one
// kind.Register line, as a kind's init does), solve, canon and grade
// read its records through the kind plug (kindline.go). docs/kinds.md
// counts the files a new kind touches.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

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

func (triKind) Makers(kind.Spec) (func(context.Context) (batch.Maker, error), error) {
	return nil, errors.New("tri makes no puzzles")
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
