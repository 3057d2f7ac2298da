#!/usr/bin/env python3
"""Prove sudoku records unique and minimal with an outside SAT solver.

usage: satcheck.py [--minimal] [--verbose] [--solver minisat|cadical] [--max N] FILE|-

For each sudoku record of a JSONL file (any box shape) it checks that the
solution is a valid full grid holding the givens, then proves with the
SAT solver (a program outside this project, e.g. Debian's minisat or
cadical package) that:

  * the puzzle has no second solution: the rules, the givens and "some
    empty cell differs from the solution" are unsatisfiable;
  * with --minimal, every given is necessary: without it, and with its
    cell holding another digit, the rules and the other givens are
    satisfiable; the solver's model (a second solution) is checked here,
    cell by cell, to be a valid grid that keeps every other given.

It shares no code with sudogen: the encoding, the decoding and the grid
checks are written here. sudocheck.py (a depth-first count) cannot finish
on minimal 25x25 puzzles; a clause-learning solver proves them in seconds.
Prints one line per failure (with --verbose one per record) and a summary
line with the solver calls and their CPU-s; exits 1 on any failure, 2 on
bad usage or no solver.
"""
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

DIGITS = "123456789ABCDEFGHIJKLMNOP"


def parse_grid(text, n):
    cells = []
    for ch in text:
        if ch in ".0":
            cells.append(0)
            continue
        k = DIGITS.find(ch.upper())
        if k < 0 or k >= n:
            raise ValueError("symbol %r is not a digit of size %d" % (ch, n))
        cells.append(k + 1)
    if len(cells) != n * n:
        raise ValueError("%d cells, want %d" % (len(cells), n * n))
    return cells


def house_list(n, br, bc):
    """Rows, columns and boxes as lists of cell indices."""
    out = []
    for r in range(n):
        out.append([r * n + c for c in range(n)])
    for c in range(n):
        out.append([r * n + c for r in range(n)])
    for top in range(0, n, br):
        for left in range(0, n, bc):
            out.append([(top + i) * n + left + j for i in range(br) for j in range(bc)])
    return out


def grid_ok(grid, n, houses):
    """A full grid whose every house holds each digit once."""
    want = set(range(1, n + 1))
    return all(set(grid[c] for c in h) == want for h in houses)


class Encoding:
    """The CNF of "a solution of puzzle": one variable per (empty cell,
    digit not given in the cell's houses). Candidates ruled out by a given
    in a house are left out (the given's house rule would falsify them)."""

    def __init__(self, puzzle, n, houses, cell_houses):
        self.var = {}
        self.cells = []
        self.clauses = []
        self.empty_house_digit = False
        given_in = [set(puzzle[c] for c in h if puzzle[c]) for h in houses]
        for c, v in enumerate(puzzle):
            if v:
                continue
            blocked = set()
            for h in cell_houses[c]:
                blocked |= given_in[h]
            lits = []
            for d in range(1, n + 1):
                if d not in blocked:
                    self.var[(c, d)] = len(self.cells) + 1
                    self.cells.append((c, d))
                    lits.append(self.var[(c, d)])
            self.one_of(lits)
        for hi, h in enumerate(houses):
            for d in range(1, n + 1):
                if d in given_in[hi]:
                    continue
                self.one_of([self.var[(c, d)] for c in h if (c, d) in self.var])

    def one_of(self, lits):
        """Exactly one of lits (an empty list makes the CNF unsatisfiable)."""
        if not lits:
            self.empty_house_digit = True
        self.clauses.append(list(lits))
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                self.clauses.append([-lits[i], -lits[j]])

    def solve(self, solver, extra):
        """Runs the solver on the CNF plus extra clauses: None when
        unsatisfiable, else the set of true variables."""
        if self.empty_house_digit:
            return None
        clauses = self.clauses + extra
        with tempfile.TemporaryDirectory() as tmp:
            cnf = os.path.join(tmp, "p.cnf")
            res = os.path.join(tmp, "p.out")
            with open(cnf, "w") as f:
                f.write("p cnf %d %d\n" % (len(self.cells), len(clauses)))
                f.write("".join(" ".join(map(str, cl)) + " 0\n" for cl in clauses))
            if os.path.basename(solver).startswith("minisat"):
                p = subprocess.run([solver, "-verb=0", cnf, res], capture_output=True, text=True)
                if p.returncode not in (10, 20):
                    raise RuntimeError("%s exited %d: %s" % (solver, p.returncode, p.stderr.strip()))
                words = open(res).read().split()
                if words[0] == "UNSAT":
                    return None
                if words[0] != "SAT":
                    raise RuntimeError("%s said %r" % (solver, words[0]))
                return set(int(w) for w in words[1:] if int(w) > 0)
            p = subprocess.run([solver, "-q", cnf], capture_output=True, text=True)
            if p.returncode not in (10, 20):
                raise RuntimeError("%s exited %d: %s" % (solver, p.returncode, p.stderr.strip()))
            status = [ln for ln in p.stdout.splitlines() if ln.startswith("s ")]
            if status == ["s UNSATISFIABLE"]:
                return None
            if status != ["s SATISFIABLE"]:
                raise RuntimeError("%s said %r" % (solver, status))
            true = set()
            for ln in p.stdout.splitlines():
                if ln.startswith("v "):
                    true |= set(int(w) for w in ln.split()[1:] if int(w) > 0)
            return true

    def grid(self, puzzle, true):
        """The full grid of a model: the givens and the true variables."""
        g = list(puzzle)
        for v in true:
            c, d = self.cells[v - 1]
            if g[c]:
                return None  # two digits in one cell
            g[c] = d
        return g


class Checker:
    def __init__(self, solver):
        self.solver = solver
        self.calls = 0
        self.seconds = 0.0

    def run(self, enc, extra):
        t = time.monotonic()
        try:
            return enc.solve(self.solver, extra)
        finally:
            self.calls += 1
            self.seconds += time.monotonic() - t

    def check(self, rec, minimal):
        n = rec["size"]
        br, bc = rec["box"]
        if br * bc != n:
            return "box %dx%d is not of size %d" % (br, bc, n)
        houses = house_list(n, br, bc)
        cell_houses = [[] for _ in range(n * n)]
        for hi, h in enumerate(houses):
            for c in h:
                cell_houses[c].append(hi)
        puzzle = parse_grid(rec["puzzle"], n)
        sol = parse_grid(rec["solution"], n)
        if not grid_ok(sol, n, houses):
            return "the solution is not a valid grid"
        if any(v and v != sol[c] for c, v in enumerate(puzzle)):
            return "a given differs from the solution"
        if rec.get("givens", None) not in (None, sum(1 for v in puzzle if v)):
            return "the givens field is wrong"
        enc = Encoding(puzzle, n, houses, cell_houses)
        differs = [-enc.var[(c, sol[c])] for c, v in enumerate(puzzle) if not v]
        if differs:
            other = self.run(enc, [differs])
            if other is not None:
                return "a second solution exists"
        if not minimal:
            return None
        for c, v in enumerate(puzzle):
            if not v:
                continue
            puzzle[c] = 0
            try:
                enc = Encoding(puzzle, n, houses, cell_houses)
                true = self.run(enc, [[-enc.var[(c, v)]]] if (c, v) in enc.var else [])
                if true is None:
                    return "not minimal: the given at cell %d can be removed" % c
                g = enc.grid(puzzle, true)
                if g is None or not grid_ok(g, n, houses) or g[c] == v:
                    return "the solver's second solution without cell %d is not valid" % c
            finally:
                puzzle[c] = v
        return None


def main(argv):
    args = list(argv)
    minimal = "--minimal" in args
    verbose = "--verbose" in args
    args = [a for a in args if a not in ("--minimal", "--verbose")]
    solver, limit = None, None
    while len(args) >= 2 and args[0] in ("--solver", "--max"):
        if args[0] == "--solver":
            solver = args[1]
        else:
            limit = int(args[1])
        args = args[2:]
    if len(args) != 1:
        print("usage: satcheck.py [--minimal] [--verbose] [--solver minisat|cadical] [--max N] FILE|-", file=sys.stderr)
        return 2
    names = [solver] if solver else ["minisat", "cadical"]
    found = [shutil.which(s) for s in names if shutil.which(s)]
    if not found:
        print("satcheck: no SAT solver found (%s); install Debian's minisat or cadical" % ", ".join(names), file=sys.stderr)
        return 2
    ck = Checker(found[0])
    src = sys.stdin if args[0] == "-" else open(args[0], encoding="utf-8")
    ok = bad = 0
    t0 = time.process_time()
    for lineno, line in enumerate(src, 1):
        if limit is not None and ok + bad >= limit:
            break
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
            err = None if rec.get("kind", "sudoku") != "sudoku" else ck.check(rec, minimal)
        except (ValueError, KeyError, TypeError, RuntimeError) as e:
            err = "unreadable record or solver failure: %s" % e
        if err:
            bad += 1
            print("line %d: %s" % (lineno, err))
        else:
            ok += 1
            if verbose:
                ch = resource.getrusage(resource.RUSAGE_CHILDREN)
                print("line %d: ok (%d solver calls, %.1f solver CPU-s so far)"
                      % (lineno, ck.calls, ch.ru_utime + ch.ru_stime), flush=True)
    ch = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("satcheck: %d passed, %d failed (%s: %d calls, %.1f CPU-s, %.1f s wall; this script %.1f CPU-s)"
          % (ok, bad, os.path.basename(ck.solver), ck.calls, ch.ru_utime + ch.ru_stime, ck.seconds,
             time.process_time() - t0))
    return 1 if bad or ok == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
